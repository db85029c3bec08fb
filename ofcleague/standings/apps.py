from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    """The tables across evenings: all-time, seasons, players, head-to-head, statistics.

    Reads only, no models.
    """

    name = "ofcleague.standings"
    verbose_name = _("Standings")
