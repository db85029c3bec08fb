from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EmbedsConfig(AppConfig):
    """The league's standings on other sites: the embeddable table, the sites allowed to show
    it (a setting of the league), and the JSON read API for standings, evenings and records."""

    name = "ofcleague.embeds"
    verbose_name = _("Embeds")
