"""The site's pages around the leagues: the front page that lists them, starting one, and an
invite link's page."""

from django.urls import path

from ofcleague.members import league_pages, member_pages, views
from ofcleague.web import converters  # noqa: F401 (registers <token:...>)

urlpatterns = [
    path("", views.front, name="front"),
    path("leagues/new/", league_pages.league_new, name="league_new"),
    path("join/<token:token>/", member_pages.join, name="join"),
]
