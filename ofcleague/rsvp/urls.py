"""The answers' pages: announcing an evening, answering it (signed in, by a personal link or
by the group link), the personal links, and the calendars (a league's, an evening's, a
player's). The members-only league's private calendar link is a page of the site itself
(``ofcleague/urls/pages.py``, ``calendar_token``)."""

from django.urls import path

from ofcleague.rsvp import calendar, group_page, pages
from ofcleague.web import converters  # noqa: F401 (registers <id:...> and <token:...>)

app_name = "rsvp"

urlpatterns = [
    path("evenings/<id:pk>/calendar.ics", calendar.evening_ics, name="evening_ics"),
    path("calendar.ics", calendar.league_ics, name="calendar"),
    path("calendar/", calendar.calendar_page, name="calendar_page"),
    path("evenings/announce/", pages.announce, name="evening_announce"),
    path("evenings/<id:pk>/announce/", pages.announce_edit, name="evening_announce_edit"),
    path("evenings/<id:pk>/cancel/", pages.cancel, name="evening_cancel"),
    path("evenings/<id:pk>/start/", pages.start, name="evening_start"),
    path("evenings/<id:pk>/move-back/", pages.move_back, name="evening_move_back"),
    path("evenings/<id:pk>/answer/", pages.answer, name="evening_answer"),
    path("rsvp/links/", pages.links, name="rsvp_links"),
    path("rsvp/evening/<token:token>/", group_page.group_answer, name="rsvp_group"),
    path("rsvp/<token:token>/", pages.rsvp, name="rsvp"),
    path("rsvp/<token:token>/calendar.ics", calendar.player_ics, name="player_ics"),
]
