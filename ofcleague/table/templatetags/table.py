"""The live part of the evening page, rendered in the page and by the live fragment view."""

from django import template
from django.utils.translation import gettext as _

from ofcleague.league.models import Status
from ofcleague.league.rule_set import evening_rule_set
from ofcleague.table.queries import hand_statistics, live_evening

register = template.Library()


@register.inclusion_tag("table/_live.html")
def live_section(evening):
    """Standings, the current hand, the last hands and Fantasyland of an evening in progress
    that is played hand by hand (nothing, and no query, for any other evening)."""
    if evening.status != Status.IN_PROGRESS:
        return {"evening": evening, "live": None}
    return {"evening": evening, "live": live_evening(evening)}


@register.simple_tag
def rule_set_label(evening):
    """The name of the rule set the evening's hands are scored by, translated."""
    return _(evening_rule_set(evening).label)


@register.inclusion_tag("table/_statistics.html")
def hand_statistics_section(evening=None, player=None):
    """Statistics from the hands of one evening or one player (one query; nothing shown
    where no hand was recorded)."""
    return {"rows": hand_statistics(evening=evening, player=player)}
