from django.urls import path

from ofcleague.standings import views
from ofcleague.web import converters  # noqa: F401 (registers <id:...>)

app_name = "standings"

urlpatterns = [
    path("", views.home, name="home"),
    path("history/", views.history, name="history"),
    path("players/<slug:slug>/", views.player_detail, name="player"),
    path("alltime/", views.alltime, name="alltime"),
    path("seasons/", views.seasons, name="seasons"),
    path("seasons/<id:year>/", views.season, name="season"),
    path("api/alltime/", views.api_alltime, name="api_alltime"),
    path("statistics/", views.statistics, name="statistics"),
]
