from django.urls import path

from ofcleague.embeds import api, views

app_name = "embeds"

urlpatterns = [
    path("embed/standings/", views.embed_standings, name="standings"),
    path("settings/embed/", views.embed_settings, name="settings"),
    path("api/standings/", api.api_standings, name="api_standings"),
    path("api/evenings/", api.api_evenings, name="api_evenings"),
    path("api/records/", api.api_records, name="api_records"),
]
