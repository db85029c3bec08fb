from django.urls import path

from ofcleague.results import (
    calendar,
    evening_page,
    finish_page,
    group_page,
    rsvp_pages,
    share,
    views,
)
from ofcleague.web import converters  # noqa: F401 (registers <id:...>)

app_name = "results"

urlpatterns = [
    path("evenings/<id:pk>/", evening_page.evening_detail, name="evening"),
    path("evenings/<id:pk>/card.png", share.evening_card, name="evening_card"),
    path("evenings/<id:pk>/calendar.ics", calendar.evening_ics, name="evening_ics"),
    path("calendar.ics", calendar.league_ics, name="calendar"),
    path("calendar/", calendar.calendar_page, name="calendar_page"),
    path("evenings/<id:pk>/now/", evening_page.evening_now_part, name="evening_now"),
    path("evenings/new/", views.evening_new, name="evening_new"),
    path("evenings/announce/", rsvp_pages.announce, name="evening_announce"),
    path("evenings/<id:pk>/announce/", rsvp_pages.announce_edit, name="evening_announce_edit"),
    path("evenings/<id:pk>/cancel/", rsvp_pages.cancel, name="evening_cancel"),
    path("evenings/<id:pk>/start/", rsvp_pages.start, name="evening_start"),
    path("evenings/<id:pk>/move-back/", rsvp_pages.move_back, name="evening_move_back"),
    path("evenings/<id:pk>/answer/", rsvp_pages.answer, name="evening_answer"),
    path("rsvp/links/", rsvp_pages.links, name="rsvp_links"),
    path("rsvp/evening/<token:token>/", group_page.group_answer, name="rsvp_group"),
    path("rsvp/<token:token>/", rsvp_pages.rsvp, name="rsvp"),
    path("rsvp/<token:token>/calendar.ics", calendar.player_ics, name="player_ics"),
    path("evenings/deleted/", views.deleted_list, name="deleted"),
    path("evenings/<id:pk>/edit/", views.evening_edit, name="evening_edit"),
    path("evenings/<id:pk>/points/", views.evening_points, name="evening_points"),
    path("evenings/<id:pk>/finish/", finish_page.evening_finish, name="evening_finish"),
    path(
        "evenings/<id:pk>/finish/undo/", finish_page.evening_finish_undo, name="evening_finish_undo"
    ),
    path("evenings/<id:pk>/order/", views.evening_order, name="evening_order"),
    path("evenings/<id:pk>/prizes/", views.evening_prizes, name="evening_prizes"),
    path("evenings/<id:pk>/delete/", views.evening_delete, name="evening_delete"),
    path("evenings/<id:pk>/restore/", views.evening_restore, name="evening_restore"),
]
