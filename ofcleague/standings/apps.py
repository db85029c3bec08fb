from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    """The kept numbers across evenings (Standing, SeasonTotal, PlayerTotal, Rivalry, Season)
    with their fold (``kept/``), and the tables that read them: all-time, seasons, players,
    head-to-head, statistics.

    Its tables keep their names from the league app (``league_standing``, ...): the models
    moved without copying a row."""

    name = "ofcleague.standings"
    verbose_name = _("Standings")

    def ready(self):
        from ofcleague.league import hooks
        from ofcleague.standings import kept
        from ofcleague.standings.counted import reads, refresh

        # The core tells every write to an evening through its hooks (ofcleague/league/hooks.py):
        # the kept numbers follow after the money (they count the prizes).
        hooks.register(hooks.EVENING_CHANGED, kept.evening_changed, order=hooks.KEPT_NUMBERS)
        hooks.register(hooks.PLAYER_STRENGTH, kept.player_strengths)
        # The league's own season tables (counted/) after the kept numbers; their settings'
        # rules are among the league's.
        hooks.register(hooks.EVENING_CHANGED, refresh.evening_changed, order=hooks.KEPT_NUMBERS + 1)
        hooks.register(hooks.LEAGUE_RULES, reads.counting_problems)
