from django.urls import path

from . import views

app_name = "table"

TABLE = "evenings/<int:pk>/rounds/<int:round_number>/tables/<int:table>/"

urlpatterns = [
    path("evenings/<int:pk>/pad/", views.current_round, name="current"),
    path("evenings/<int:pk>/rounds/<int:round_number>/", views.round_tables, name="round"),
    path(TABLE, views.pad, name="pad"),
    path(f"{TABLE}sheet/", views.sheet, name="sheet"),
    path(f"api/{TABLE}hands/", views.api_hands, name="api_hands"),
    path(f"api/{TABLE}hands/<int:number>/", views.api_hand, name="api_hand"),
    path(f"api/{TABLE}hands/<int:number>/undo/", views.api_undo, name="api_undo"),
    path("evenings/<int:pk>/live/", views.live, name="live"),
    path("statistics/", views.statistics, name="statistics"),
]
