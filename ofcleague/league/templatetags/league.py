"""Template filters that print an evening the way the league writes it (``league.wording``)."""

from django import template

from ofcleague.league.wording import format_line

register = template.Library()


@register.filter
def evening_format(evening, with_money=True):
    """The format line: "Buyin 10 €, 3mal 15 Hände Pineapple" (one block: "30 Hände");
    ``with_money`` False: without the buy-in (a visitor the league keeps its money from)."""
    buy_in = evening.buy_in if with_money else None
    return format_line(evening.rounds, evening.hands_per_round, buy_in, evening.variant)
