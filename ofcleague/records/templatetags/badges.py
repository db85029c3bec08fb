"""The player page's badges, as a tag: ``{% player_badges player record %}``: milestones from
the player's kept total (no query), the races of their latest year from that year's kept
table (one query, bounded by the league's players, not its evenings), and the league's
records they hold from the record book (no query while it is cached under the league's
version; its two queries once per version otherwise: ``queries.record_book``)."""

from django import template
from django.utils import timezone

from ofcleague.records.badges import milestone_badges, race_badges, record_badges
from ofcleague.records.queries import record_book
from ofcleague.records.wording import badge_text
from ofcleague.standings.queries import alltime_records

register = template.Library()


@register.inclusion_tag("records/_player_badges.html", takes_context=True)
def player_badges(context, player, record):
    if record is None:
        return {"badges": []}
    year = record.last_date.year
    year_records, _largest = alltime_records(year_from=year, year_to=year)
    badges = record_badges(player.pk, record_book(context.get("request")).records)
    badges += race_badges(player.pk, year, year_records, timezone.localdate().year)
    badges += milestone_badges(record.evenings, record.wins)
    return {"badges": [badge_text(badge) for badge in badges]}
