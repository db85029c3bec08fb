from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScorekeepingConfig(AppConfig):
    """Entering and correcting results: the write side of the league's pages."""

    name = "ofcleague.scorekeeping"
    verbose_name = _("Scorekeeping")
