"""Template tags for the scorekeeper's parts of the league's pages."""

from django import template

from ofcleague.results.changes import evening_changes, group_by_save

register = template.Library()

# Enough to follow a night's corrections; older saves stay in the admin's history.
SHOWN_SAVES = 30


@register.inclusion_tag("results/_changes.html")
def evening_history(evening):
    """The evening's change log, newest save first, read in a fixed number of queries."""
    saves = group_by_save(evening_changes(evening.pk))
    return {"saves": saves[:SHOWN_SAVES], "more": max(len(saves) - SHOWN_SAVES, 0)}
