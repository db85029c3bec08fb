"""The write side of the table: seating a table, recording, undoing and correcting hands
(what a hand's results are, from what the pad sends, is :mod:`ofcleague.table.hands`).

Each function runs in one transaction that first locks the evening's row, so the tables of
one evening write one after the other and never refuse each other (the league's version
check would refuse the second of two tables saving at once). Within that transaction the
round's points are recomputed from its hands and stored through the league's
:func:`~ofcleague.league.services.save_round`, so places, totals and the league's invariants
come out exactly as when the round is typed into the grid.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db.models import F, Q, Sum
from django.utils.translation import gettext as _

from ofcleague.league.limits import TABLE_SEATS
from ofcleague.league.models import Evening, EveningPlayer, RoundScore
from ofcleague.league.rule_set import evening_rule_set, too_many_seats
from ofcleague.league.services.points import store_round
from ofcleague.league.services.version import claim_locked_evening, create_all, save_changed
from ofcleague.scoring import RuleSet, fantasyland
from ofcleague.scoring.table import dealer_of
from ofcleague.table.entries import HandChanged, hand_of_entry, is_stored, number_after
from ofcleague.table.hands import (
    ResultInput,
    fantasyland_after,
    result_fields,
    result_fields_from_boards,
)
from ofcleague.table.models import Entry, Hand, HandResult, RoundTable, TableSeat, with_results
from ofcleague.web.league_writes import league_write


class HandTaken(ValidationError):
    """Another phone saved this hand number first; ``hand`` is the one already saved."""

    def __init__(self, hand: Hand):
        super().__init__(
            _("Hand %(number)s was already saved from another phone; it is shown here.")
            % {"number": hand.number},
            code="hand_taken",
        )
        self.hand = hand


def lock_evening(evening_id: int) -> Evening:
    """The evening's row, locked until the transaction ends (tables write in turn)."""
    return Evening.objects.select_for_update().get(pk=evening_id)


def _seats(round_table: RoundTable) -> list[TableSeat]:
    return list(round_table.chairs.select_related("evening_player__player").order_by("position"))


# Seating ----------------------------------------------------------------------------------------


@league_write
def seat_table(
    evening: Evening, round_number: int, table: int, players: Sequence[int], first_dealer: int = 1
) -> RoundTable:
    """Seat players (EveningPlayer ids in clockwise order) at a table for a round.

    A table without hands can be seated again; players sit at one table per round; a round
    whose totals were typed into the points grid cannot be played hand by hand.
    """
    evening = lock_evening(evening.pk)
    _refuse_seating(evening, round_number, table, players, first_dealer)
    tables = RoundTable.objects.filter(evening=evening, round_number=round_number)
    _refuse_round_taken(evening, round_number, table, players, tables)
    round_table, _created = RoundTable.objects.get_or_create(
        evening=evening, round_number=round_number, table=table
    )
    if round_table.hands.exists():
        raise ValidationError(_("This table has hands already: its seats stay as they are."))
    round_table.chairs.all().delete()
    round_table.first_dealer = first_dealer
    round_table.save(update_fields=["first_dealer"])
    TableSeat.objects.bulk_create(
        TableSeat(round_table=round_table, position=position, evening_player_id=player)
        for position, player in enumerate(players, 1)
    )
    seats_changed(evening, round_number)
    return round_table


def seats_changed(evening: Evening, round_number: int) -> None:
    """After a round's seats changed (inside the seating transaction): the round's points
    carry the new seats if a table of the round has played, else the evening's version moves
    on (the live page's ETag) and the league's pages are stale."""
    if Hand.objects.filter(
        round_table__evening=evening, round_table__round_number=round_number
    ).exists():
        sync_round(evening, round_number)
    else:
        Evening.objects.filter(pk=evening.pk).update(version=F("version") + 1)


def _refuse_seating(
    evening: Evening, round_number: int, table: int, players: Sequence[int], first_dealer: int
) -> None:
    """The round and the table are the evening's, and the players and the dealer of hand 1
    a table of its rule set seats."""
    if not 1 <= round_number <= evening.rounds:
        raise ValidationError(
            _("This evening has rounds 1 to %(rounds)s.") % {"rounds": evening.rounds}
        )
    seat_ids = set(EveningPlayer.objects.filter(evening=evening).values_list("pk", flat=True))
    if not 1 <= table <= max(1, len(seat_ids) // TABLE_SEATS.low):
        raise ValidationError(_("There is no table %(table)s at this evening.") % {"table": table})
    rules = evening_rule_set(evening)
    if len(players) > rules.table_seats:
        raise ValidationError(too_many_seats(rules), code="too_many_seats")
    if not TABLE_SEATS.low <= len(players) or len(set(players)) != len(players):
        raise ValidationError(
            _("A table of “%(rules)s” seats %(low)s to %(high)s different players.")
            % {"rules": _(rules.label), "low": TABLE_SEATS.low, "high": rules.table_seats}
        )
    if not set(players) <= seat_ids:
        raise ValidationError(_("A player at this table does not play this evening."))
    if not 1 <= first_dealer <= len(players):
        raise ValidationError(_("The dealer of hand 1 must sit at this table."))


def _refuse_round_taken(evening, round_number: int, table: int, players, tables) -> None:
    """The round is not typed into the points grid, and the players sit at no other of its
    ``tables``."""
    if (
        not tables.exists()
        and RoundScore.objects.filter(
            evening_player__evening=evening, round_number=round_number
        ).exists()
    ):
        raise ValidationError(
            _(
                "Round %(round)s already has totals from the points grid: clear them there "
                "to play this round hand by hand."
            )
            % {"round": round_number}
        )
    elsewhere = TableSeat.objects.filter(
        round_table__in=tables.exclude(table=table), evening_player__in=players
    )
    if elsewhere.exists():
        raise ValidationError(_("A player already sits at another table in this round."))


# Recording, undoing, correcting ----------------------------------------------------------------


@league_write
def record_hand(
    round_table: RoundTable,
    *,
    number: int,
    client_id: uuid.UUID,
    entry: str,
    results: Sequence[ResultInput],
    after: uuid.UUID | None = None,
    chained: bool = False,
) -> tuple[Hand, bool]:
    """Record the next hand of a table and recompute the round; return (hand, created).

    A hand whose ``client_id`` is already stored with these results is that hand: nothing
    changes and ``created`` is false (a phone resending after a lost answer); with other
    results it raises :class:`EntryReused` and nothing changes. When ``chained``, the hand
    follows the hand stored as ``after`` (None: it is the first), whatever ``number`` the
    phone's page showed. A number that is already taken raises :class:`HandTaken` with the
    saved hand; only the next number is accepted.
    """
    evening = lock_evening(round_table.evening_id)
    round_table = RoundTable.objects.get(pk=round_table.pk)
    seats = _seats(round_table)
    known = hand_of_entry(round_table, client_id, entry, results, seats)
    if known is not None:
        return known, False
    if chained:
        number = number_after(round_table, after, number)
    last = _last_before(round_table, number, evening.hands_per_round)
    fields = result_fields(
        evening_rule_set(evening), seats, entry, results, fantasyland_after(last)
    )
    (hand,) = create_all(
        Hand,
        [
            Hand(
                round_table=round_table,
                number=number,
                dealer=dealer_of(round_table.first_dealer, number, len(seats)),
                client_id=client_id,
                entry=entry,
            )
        ],
    )
    create_all(
        HandResult,
        [
            HandResult(
                hand=hand,
                evening_player_id=seat.evening_player_id,
                **fields[seat.evening_player_id],
            )
            for seat in seats
        ],
    )
    sync_round(evening, round_table.round_number)
    return hand, True


def _last_before(round_table: RoundTable, number: int, hands_per_round: int) -> Hand | None:
    """The table's last hand (with its results), when hand ``number`` is the next one;
    a number saved already raises :class:`HandTaken`, any other is refused."""
    last = with_results(round_table.hands.order_by("-number")).first()
    if last is not None and number <= last.number:
        taken = last if number == last.number else round_table.hands.filter(number=number).first()
        if taken is not None:
            raise HandTaken(taken)
    expected = last.number + 1 if last else 1
    if number > hands_per_round:
        raise ValidationError(
            _("The round is over: it has %(hands)s hands.") % {"hands": hands_per_round}
        )
    if number != expected:
        raise ValidationError(
            _("The next hand at this table is hand %(number)s.") % {"number": expected}
        )
    return last


@league_write
def undo_last_hand(round_table: RoundTable, number: int) -> None:
    """Delete hand ``number`` if it is the table's last one (two phones never undo twice).

    A hand already undone is undone: nothing changes (the phone asks again after its answer
    was lost on the way)."""
    evening = lock_evening(round_table.evening_id)
    last = Hand.objects.filter(round_table=round_table).order_by("-number").first()
    if last is None or last.number != number:
        if _undone_already(round_table, number, last):
            return
        raise ValidationError(
            _("Only the last hand can be undone, and hand %(number)s is not the last one.")
            % {"number": number}
        )
    # The cascade deletes the results one by one too, each with its history record.
    last.delete()
    sync_round(evening, round_table.round_number)


def _undone_already(round_table: RoundTable, number: int, last: Hand | None) -> bool:
    """Whether hand ``number`` is gone from the table, its last record its deletion."""
    if last is not None and last.number > number:
        return False
    record = (
        Hand.history.filter(round_table_id=round_table.pk, number=number)
        .order_by("-history_date", "-history_id")
        .first()
    )
    return record is not None and record.history_type == "-"


@league_write
def correct_hand(
    round_table: RoundTable,
    number: int,
    *,
    entry: str,
    results: Sequence[ResultInput],
    replaces: tuple[str, Sequence[ResultInput]] | None = None,
) -> Hand:
    """Replace the results of a saved hand; Fantasyland of the hands after it follows.

    ``replaces`` (entry and results) is the version of the hand the phone saw stored, when
    the table chose its own hand over it: if the hand is stored otherwise now,
    :class:`HandChanged` is raised and nothing changes (no silent overwrite)."""
    evening = lock_evening(round_table.evening_id)
    hand = Hand.objects.filter(round_table=round_table, number=number).first()
    if hand is None:
        raise ValidationError(_("Hand %(number)s was not saved yet.") % {"number": number})
    if replaces is not None and not is_stored(hand, *replaces, _seats(round_table)):
        raise HandChanged(hand)
    before = with_results(round_table.hands.filter(number=number - 1)).first()
    rules = evening_rule_set(evening)
    fields = result_fields(rules, _seats(round_table), entry, results, fantasyland_after(before))
    save_changed(hand, {"entry": entry})
    for result in hand.results.all():
        save_changed(result, fields[result.evening_player_id])
    _carry_fantasyland(round_table, rules)
    sync_round(evening, round_table.round_number)
    return hand


def _carry_fantasyland(round_table: RoundTable, rules: RuleSet) -> None:
    """Pass each hand's earned Fantasyland on to the next hand after a correction; boards
    played in or out of Fantasyland now are judged again (entry or stay)."""
    hands = list(with_results(round_table.hands.order_by("number")))
    seats = _seats(round_table)
    earned: dict[int, int | None] = {}
    for hand in hands:
        results = {result.evening_player_id: result for result in hand.results.all()}
        if any(results[ep].fantasyland != earned.get(ep) for ep in results):
            if hand.entry == Entry.BOARDS:
                inputs = [
                    ResultInput(
                        seat=seat.position,
                        front=results[seat.evening_player_id].front,
                        middle=results[seat.evening_player_id].middle,
                        back=results[seat.evening_player_id].back,
                        surrender=results[seat.evening_player_id].surrendered,
                    )
                    for seat in seats
                ]
                fields = result_fields_from_boards(
                    rules, seats, {i.seat: i for i in inputs}, earned
                )
            else:
                _refuse_tick(hand, seats, results, earned, rules)
                fields = {ep: {"fantasyland": earned.get(ep)} for ep in results}
            for ep, result in results.items():
                save_changed(result, fields[ep])
        earned = {ep: result.fantasyland_next for ep, result in results.items()}


def _refuse_tick(hand: Hand, seats, results: dict, earned: dict, rules: RuleSet) -> None:
    """A points hand that a correction puts in (or takes out of) Fantasyland keeps its ticks
    only where the rule set allows them: a player in Fantasyland can only stay."""
    for seat in seats:
        ep = seat.evening_player_id
        tick = results[ep].fantasyland_next
        in_fl = earned.get(ep) is not None
        if tick is None or tick in fantasyland.allowed_cards(rules, in_fantasyland=in_fl):
            continue
        if in_fl:
            text = _(
                "With this correction %(name)s plays hand %(number)s in Fantasyland, where "
                "%(cards)s cards are ticked for the next hand: staying gets %(stay)s. Correct "
                "hand %(number)s first."
            )
        else:
            text = _(
                "With this correction %(name)s no longer plays hand %(number)s in Fantasyland, "
                "so its tick of %(cards)s cards for the next hand cannot stay. Correct hand "
                "%(number)s first."
            )
        raise ValidationError(
            text
            % {
                "name": seat.evening_player.player.name,
                "number": hand.number,
                "cards": tick,
                "stay": fantasyland.stay_cards(rules),
            }
        )


# The round's points -----------------------------------------------------------------------------


def sync_round(evening: Evening, round_number: int) -> Evening:
    """Store the round's points (each player's sum of hands) as the league's
    :func:`~ofcleague.league.services.save_round` does (``store_round``, under this write's
    claim); the other rounds stay as stored.

    Each seated player's points carry their table; a player of the evening who sits at no
    table this round (one who joined later) gets 0 without a table. A round without hands is
    empty again. Must run inside the caller's transaction, after :func:`lock_evening`: ``evening``
    is the row as locked (or as the last write in this transaction returned it), whose
    version this write claims. Returns the evening as stored now.
    """
    in_round = Q(hand_results__hand__round_table__round_number=round_number)
    sums = dict(
        EveningPlayer.objects.filter(evening=evening)
        .order_by()
        .annotate(hands_sum=Sum("hand_results__points", filter=in_round))
        .values_list("pk", "hands_sum")
    )
    seated = dict(
        TableSeat.objects.filter(
            round_table__evening=evening, round_table__round_number=round_number
        )
        .order_by()
        .values_list("evening_player", "round_table__table")
    )
    points, tables = {}, {}
    if any(total is not None for total in sums.values()):
        points = {seat: total or 0 for seat, total in sums.items()}
        tables = {seat: seated.get(seat) for seat in sums}
    # The save's own claim on the row it locked, and no savepoint: the round's rules are
    # checked before anything of the round is written, and a refusal undoes the whole save.
    return store_round(claim_locked_evening(evening), round_number, points, tables)
