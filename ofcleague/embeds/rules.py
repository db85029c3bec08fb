"""The embeds' rule as one of the league's (``invariants.league_problems`` asks it through
``hooks.LEAGUE_RULES``): the league's stored sites, read fresh (one query)."""

from django.utils.translation import gettext as _

from ofcleague.league.current import active_league
from ofcleague.league.invariants import Problem
from ofcleague.league.invariants.embeds import embed_site_problems
from ofcleague.league.leagues import League


def embed_problems(evening_ids, labels) -> list:
    """Asked for the whole league (no evenings named): the rule of its embed sites (with no
    league active, as a restore asks, every league's)."""
    if evening_ids is not None:
        return []
    leagues = League.objects.all()
    if (active := active_league()) is not None:
        leagues = leagues.filter(pk=active.pk)
    label = _("The league's settings")
    return [
        Problem(0, label, rule)
        for stored in leagues.values_list("embed_sites", flat=True)
        for rule in embed_site_problems(stored)
    ]
