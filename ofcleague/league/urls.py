from django.urls import path

from ofcleague import converters  # noqa: F401 (registers <id:...>)

from . import views

app_name = "league"

urlpatterns = [
    path("", views.home, name="home"),
    path("history/", views.history, name="history"),
    path("evenings/<id:pk>/", views.evening_detail, name="evening"),
    path("players/<slug:slug>/", views.player_detail, name="player"),
    path("alltime/", views.alltime, name="alltime"),
    path("seasons/", views.seasons, name="seasons"),
    path("seasons/<id:year>/", views.season, name="season"),
    path("api/alltime/", views.api_alltime, name="api_alltime"),
]
