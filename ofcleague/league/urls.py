from django.urls import path

from . import views

app_name = "league"

urlpatterns = [
    path("", views.home, name="home"),
    path("history/", views.history, name="history"),
    path("evenings/<int:pk>/", views.evening_detail, name="evening"),
    path("players/<slug:slug>/", views.player_detail, name="player"),
]
