from django.urls import path

from . import views

app_name = "scorekeeping"

urlpatterns = [
    path("evenings/new/", views.evening_new, name="evening_new"),
    path("evenings/deleted/", views.deleted_list, name="deleted"),
    path("evenings/<int:pk>/edit/", views.evening_edit, name="evening_edit"),
    path("evenings/<int:pk>/points/", views.evening_points, name="evening_points"),
    path("evenings/<int:pk>/order/", views.evening_order, name="evening_order"),
    path("evenings/<int:pk>/prizes/", views.evening_prizes, name="evening_prizes"),
    path("evenings/<int:pk>/delete/", views.evening_delete, name="evening_delete"),
    path("evenings/<int:pk>/restore/", views.evening_restore, name="evening_restore"),
]
