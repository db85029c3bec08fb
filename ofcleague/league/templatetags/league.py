"""Template filters that print an evening the way the league writes it (``league.wording``)."""

from django import template

from ofcleague.league.wording import format_line

register = template.Library()


@register.filter
def evening_format(evening):
    """The format line: "Buyin 10 €, 3mal 15 Hände Pineapple" (one block: "30 Hände")."""
    return format_line(evening.rounds, evening.hands_per_round, evening.buy_in, evening.variant)
