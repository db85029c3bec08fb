from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ResultsConfig(AppConfig):
    """An evening's results: entering and correcting them (scorekeepers), and the evening's page."""

    name = "ofcleague.results"
    verbose_name = _("Results")
