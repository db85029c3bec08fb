"""Starting an announced evening from its answers: the players who hold a seat become the
evening's players, and tables are proposed for them (drawn at random, or balanced by rating,
``league/services/starting.py``); in one tap, the first round's tables seated as proposed,
ready for the score pad."""

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from ofcleague.league import hooks
from ofcleague.league.models import Evening, EveningPlayer, Status
from ofcleague.league.roles import RESULTS_ONLY, require
from ofcleague.league.rule_set import evening_rule_set
from ofcleague.league.services.starting import RANDOM, SEATINGS, propose_tables
from ofcleague.rsvp.models import Answer, Rsvp
from ofcleague.rsvp.services.answers import locked_announcement
from ofcleague.table.services import seat_table
from ofcleague.web.league_writes import league_write


@league_write
def start_from_answers(
    evening: Evening, user, how: str = RANDOM, rng=None, *, keep_date: bool = False
) -> list[list[int]]:
    """Start the announced evening with the players who hold a seat (in progress), and
    propose its tables: lists of the new seats' ids (EveningPlayer). An evening started
    before the day it was announced for moves to today, unless ``keep_date``; either way it
    remembers that day (``announced_for``) and can go back to it."""
    evening = locked_announcement(evening)
    require(RESULTS_ONLY, user, evening.league)
    if how not in SEATINGS:
        raise ValidationError({"seating": _("Choose random or balanced tables.")})
    coming = list(
        Rsvp.objects.filter(evening=evening, answer=Answer.YES, waiting_since=None)
        .select_related("player")
        .order_by("answered_at", "pk")
    )
    if len(coming) < 2:
        raise ValidationError(
            _("An evening needs at least 2 players who said yes."), code="too_few_players"
        )
    evening.status = Status.IN_PROGRESS
    evening.announced_for = evening.announced_for or evening.date
    if not keep_date:
        # Started ahead of its day, the evening is played today (and can be finished tonight).
        evening.date = min(evening.date, timezone.localdate())
    evening.version += 1
    evening.save(update_fields=["status", "date", "announced_for", "version"])
    seats = []
    for answer in coming:
        seat = EveningPlayer(evening=evening, player=answer.player)
        seat.save()
        seats.append(seat)
    strengths = hooks.player_strengths([seat.player_id for seat in seats])
    strength = {seat.pk: strengths[seat.player_id] for seat in seats}
    tables = propose_tables(
        [seat.pk for seat in seats], evening_rule_set(evening).table_seats, how, strength, rng
    )
    hooks.evening_changed(evening)
    return tables


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
