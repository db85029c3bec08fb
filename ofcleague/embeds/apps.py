from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EmbedsConfig(AppConfig):
    """The league's standings on other sites: the embeddable table, the sites allowed to show
    it (a setting of the league), and the JSON read API for standings, evenings and records."""

    name = "ofcleague.embeds"
    verbose_name = _("Embeds")

    def ready(self):
        from ofcleague.embeds.rules import embed_problems
        from ofcleague.league import hooks

        # The embed sites' rule is one of the league's (ofcleague/league/hooks.py).
        hooks.register(hooks.LEAGUE_RULES, embed_problems)
