from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    name = "ofcleague.league"
    verbose_name = _("League")

    def ready(self):
        from ofcleague.league import kept
        from ofcleague.league.services.following import follow_money

        # The one hook from the kept numbers up to the services: the money follows every
        # write to an evening in its transaction, before the counters count it.
        if follow_money not in kept.MONEY_FOLLOWS:
            kept.MONEY_FOLLOWS.append(follow_money)
