"""Template tags for the scorekeeper's parts of the league's pages."""

from django import template

from ofcleague.scorekeeping.changes import evening_changes

register = template.Library()

# Enough to follow a night's corrections; older lines stay in the admin's history.
SHOWN_CHANGES = 100


@register.inclusion_tag("scorekeeping/_changes.html")
def evening_history(evening):
    """The evening's change log (newest first), read in a fixed number of queries."""
    changes = evening_changes(evening.pk)
    return {"changes": changes[:SHOWN_CHANGES], "more": max(len(changes) - SHOWN_CHANGES, 0)}
