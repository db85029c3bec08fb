from django.urls import path

from ofcleague.table import api, views
from ofcleague.web import converters  # noqa: F401 (registers <id:...>)

app_name = "table"

TABLE = "evenings/<id:pk>/rounds/<id:round_number>/tables/<id:table>/"

urlpatterns = [
    path("evenings/<id:pk>/pad/", views.current_round, name="current"),
    path("evenings/<id:pk>/rounds/<id:round_number>/", views.round_tables, name="round"),
    path("evenings/<id:pk>/rounds/<id:round_number>/seats/", views.change_seats, name="seats"),
    path(TABLE, views.pad, name="pad"),
    path(f"{TABLE}sheet/", views.sheet, name="sheet"),
    path(f"api/{TABLE}hands/", api.api_hands, name="api_hands"),
    path(f"api/{TABLE}hands/<id:number>/", api.api_hand, name="api_hand"),
    path(f"api/{TABLE}hands/<id:number>/undo/", api.api_undo, name="api_undo"),
    path("evenings/<id:pk>/live/", views.live, name="live"),
]
