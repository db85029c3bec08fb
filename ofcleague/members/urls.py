"""The site's pages around the leagues: the front page that lists them."""

from django.urls import path

from ofcleague.members import league_pages, views

urlpatterns = [
    path("", views.front, name="front"),
    path("leagues/new/", league_pages.league_new, name="league_new"),
]
