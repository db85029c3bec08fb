"""A hand's entry id, which the phone makes before it queues the hand: the same id sent again
is a resend (the answer was lost) only when it carries the same hand; and ``after``, the
entry id of the hand the phone saw just before this one, which numbers the hand as the
server knows the table, not as a phone's stale page does.

Read-only checks, run inside :func:`~ofcleague.table.services.record_hand`'s transaction
(and :func:`~ofcleague.table.services.correct_hand`'s, for a replacement that names the
stored version it replaces).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ofcleague.league.services.version import history_of
from ofcleague.scoring import ScoringError
from ofcleague.scoring.cards import format_cards, parse_cards
from ofcleague.table.hands import ResultInput
from ofcleague.table.models import Entry, Hand, HandResult, RoundTable, TableSeat


class EntryReused(ValidationError):
    """The entry id is a stored hand's, but the phone sends other results; ``hand`` is the
    stored one, which stays as it is."""

    def __init__(self, hand: Hand):
        super().__init__(
            _(
                "This phone sent hand %(number)s again with other results than the ones "
                "stored. The stored hand stays as it is until you choose."
            )
            % {"number": hand.number},
            code="entry_reused",
        )
        self.hand = hand


class HandChanged(ValidationError):
    """A replacement names a stored version of the hand that is no longer stored."""

    def __init__(self, hand: Hand):
        super().__init__(
            _(
                "Hand %(number)s was changed on another phone meanwhile, so it was not "
                "replaced. Look at it again and choose."
            )
            % {"number": hand.number},
            code="hand_changed",
        )
        self.hand = hand


def _cards(text: str) -> str:
    """A row as the engine writes it (``"Ah Kd 7c"``), or as typed if it is no row."""
    try:
        return format_cards(parse_cards(text))
    except ScoringError:
        return text.strip()


def _given(entry: str, result: ResultInput) -> tuple:
    if entry == Entry.BOARDS:
        return (_cards(result.front), _cards(result.middle), _cards(result.back), result.surrender)
    return (result.points, result.fouled, result.surrender, result.fantasyland_next)


def _kept(entry: str, row) -> tuple:
    """A stored result (a HandResult or its change-log record) in the shape of :func:`_given`."""
    if entry == Entry.BOARDS:
        return (row.front, row.middle, row.back, row.surrendered)
    return (row.points, row.fouled, row.surrendered, row.fantasyland_next)


def _matches(entry: str, kept: dict[int, tuple], seats, results: Sequence[ResultInput]) -> bool:
    """Whether ``results`` (by seat) are the stored results ``kept`` (by evening player)."""
    by_seat = {result.seat: result for result in results}
    if len(by_seat) != len(results) or set(by_seat) != {seat.position for seat in seats}:
        return False
    return all(
        kept.get(seat.evening_player_id) == _given(entry, by_seat[seat.position]) for seat in seats
    )


def is_stored(hand: Hand, entry: str, results: Sequence[ResultInput], seats) -> bool:
    """Whether the hand as stored now has this entry and these results."""
    if entry != hand.entry:
        return False
    kept = {row.evening_player_id: _kept(entry, row) for row in hand.results.all()}
    return _matches(entry, kept, seats, results)


def was_first_stored(hand: Hand, entry: str, results: Sequence[ResultInput], seats) -> bool:
    """Whether these are the results the hand was first saved with (corrected since)."""
    first = Hand.history.filter(id=hand.pk, history_type="+").order_by("history_id").first()
    if first is None or first.entry != entry:
        return False
    kept: dict[int, tuple] = {}
    records = HandResult.history.filter(hand_id=hand.pk, history_type="+").order_by("history_id")
    for record in records:
        kept.setdefault(record.evening_player_id, _kept(entry, record))
    return _matches(entry, kept, seats, results)


def hand_of_entry(
    round_table: RoundTable,
    client_id: uuid.UUID,
    entry: str,
    results: Sequence[ResultInput],
    seats: Sequence[TableSeat],
) -> Hand | None:
    """The hand saved under this entry id, if the phone sends it again as it was saved;
    with other results :class:`EntryReused`. An entry id of another table's hand, or of a
    hand gone since, is refused; a new entry id gives None."""
    known = Hand.objects.filter(client_id=client_id).order_by().first()
    if known is not None:
        if known.round_table_id != round_table.pk:
            raise ValidationError(_("This entry id belongs to a hand at another table."))
        if is_stored(known, entry, results, seats) or was_first_stored(
            known, entry, results, seats
        ):
            return known
        raise EntryReused(known)
    if history_of(Hand).filter(client_id=client_id).exists():
        # Saving it again would bring back a hand someone undid, or take the entry id of a
        # hand that comes back when its deleted evening is restored.
        raise ValidationError(
            _(
                "This hand was undone or deleted with its evening, so it is not saved again. "
                "If it was played after all, enter it as a new hand."
            ),
            code="entry_gone",
        )
    return None


def number_after(round_table: RoundTable, after: uuid.UUID | None, number: int) -> int:
    """The number of the hand that follows the hand saved as ``after`` (None: the first
    hand); the number the phone gave when that hand is not (or no longer) stored here."""
    if after is None:
        return 1
    before = round_table.hands.filter(client_id=after).values_list("number", flat=True).first()
    return number if before is None else before + 1
