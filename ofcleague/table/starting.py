"""Starting an announced evening in one tap: its players from the answers, and the first
round's tables seated as proposed (``league/services/starting.py``), ready for the score pad."""

from ofcleague.league.models import Evening
from ofcleague.league.services.starting import RANDOM, start_from_answers
from ofcleague.table.services import seat_table
from ofcleague.web.league_writes import league_write


@league_write
def start_and_seat(
    evening: Evening, user, how: str = RANDOM, rng=None, *, keep_date: bool = False
) -> list[list[int]]:
    """Start the evening from its answers and seat round 1 at the proposed tables."""
    tables = start_from_answers(evening, user, how, rng, keep_date=keep_date)
    evening = Evening.objects.get(pk=evening.pk)
    for number, players in enumerate(tables, 1):
        seat_table(evening, 1, number, players)
    return tables
