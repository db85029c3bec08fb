from django.urls import path

from ofcleague.results import evening_page, finish_page, share, story_card, views
from ofcleague.web import converters  # noqa: F401 (registers <id:...>)

app_name = "results"

urlpatterns = [
    path("evenings/<id:pk>/", evening_page.evening_detail, name="evening"),
    path("evenings/<id:pk>/card.png", share.evening_card, name="evening_card"),
    path("evenings/<id:pk>/now/", evening_page.evening_now_part, name="evening_now"),
    path("seasons/<id:year>/story/card.png", story_card.season_card, name="season_card"),
    path(
        "seasons/own/<id:window>/story/card.png",
        story_card.own_season_card,
        name="own_season_card",
    ),
    path("evenings/new/", views.evening_new, name="evening_new"),
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
