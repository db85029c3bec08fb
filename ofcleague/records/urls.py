from django.urls import path

from ofcleague.records import views

app_name = "records"

urlpatterns = [
    path("records/", views.records, name="records"),
]
