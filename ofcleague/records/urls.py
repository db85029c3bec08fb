from django.urls import path

from ofcleague.records import views
from ofcleague.web import converters  # noqa: F401 (registers <id:...>)

app_name = "records"

urlpatterns = [
    path("records/", views.records, name="records"),
    path("seasons/<id:year>/story/", views.season_story, name="story"),
    path("seasons/own/<id:window>/story/", views.own_season_story, name="own_story"),
]
