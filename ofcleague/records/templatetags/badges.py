"""The player page's badges, as a tag: ``{% player_badges player record %}``: milestones from
the player's kept total (no query), the races of their latest year from that year's kept
table (one query, bounded by the league's players, not its evenings)."""

from django import template
from django.utils import timezone

from ofcleague.records.badges import milestone_badges, race_badges
from ofcleague.records.wording import badge_text
from ofcleague.standings.queries import alltime_records

register = template.Library()


@register.inclusion_tag("records/_player_badges.html")
def player_badges(player, record):
    if record is None:
        return {"badges": []}
    year = record.last_date.year
    year_records, _largest = alltime_records(year_from=year, year_to=year)
    badges = race_badges(player.pk, year, year_records, timezone.localdate().year)
    badges += milestone_badges(record.evenings, record.wins)
    return {"badges": [badge_text(badge) for badge in badges]}
