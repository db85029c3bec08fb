"""The player page's badges, as a tag: ``{% player_badges player %}`` (records, awards,
milestones; from the league's record book, kept by the league's version)."""

from django import template

from ofcleague.records.queries import record_book
from ofcleague.records.wording import badge_text

register = template.Library()


@register.inclusion_tag("records/_player_badges.html", takes_context=True)
def player_badges(context, player):
    book = record_book(context.get("request"))
    return {"badges": [badge_text(badge) for badge in book.badges.get(player.pk, [])]}
