from django.urls import path

from ofcleague.standings import counted_views, views
from ofcleague.web import converters  # noqa: F401 (registers <id:...>)

app_name = "standings"

urlpatterns = [
    path("", views.home, name="home"),
    path("history/", views.history, name="history"),
    path("players/<slug:slug>/", views.player_detail, name="player"),
    path("alltime/", views.alltime, name="alltime"),
    path("seasons/", views.seasons, name="seasons"),
    path("seasons/<id:year>/", views.season, name="season"),
    path("seasons/own/<id:window>/", counted_views.window_page, name="window"),
    path("api/alltime/", views.api_alltime, name="api_alltime"),
    path("statistics/", views.statistics, name="statistics"),
    # The owner's settings of the league's own seasons (issue 42).
    path("settings/seasons/", counted_views.counted_settings, name="counted_settings"),
    path("settings/seasons/systems/<id:pk>/", counted_views.counted_edit,
         {"kind": "system"}, name="system_edit"),
    path("settings/seasons/systems/<id:pk>/delete/", counted_views.counted_delete,
         {"kind": "system"}, name="system_delete"),
    path("settings/seasons/windows/<id:pk>/", counted_views.counted_edit,
         {"kind": "window"}, name="window_edit"),
    path("settings/seasons/windows/<id:pk>/delete/", counted_views.counted_delete,
         {"kind": "window"}, name="window_delete"),
]  # fmt: skip
