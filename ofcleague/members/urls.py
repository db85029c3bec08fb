"""The site's pages around the leagues: the front page that lists them."""

from django.urls import path

from ofcleague.members import views

urlpatterns = [
    path("", views.front, name="front"),
]
