"""Seating a round from the one before: the same seats with the button moved on, two players
swapped, the dealer of hand 1 chosen by name.

Each write runs in one transaction that locks the evening first and checks everything before
it writes (a table refused leaves every table as it was); the seats themselves are written by
:func:`ofcleague.table.services.seat_table` and its checks, so the league's rules of a table
are stated once.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ofcleague.league.models import Evening
from ofcleague.scoring.table import dealer_of
from ofcleague.table import services
from ofcleague.table.models import Hand, RoundTable, TableSeat
from ofcleague.web.league_writes import league_write


@dataclass(frozen=True)
class TablePlan:
    """A table of the round before, as it would sit again: the players (EveningPlayer ids,
    clockwise) and their names, and the seat position of the dealer of hand 1."""

    table: int
    players: tuple[int, ...]
    names: tuple[str, ...]
    first_dealer: int

    @property
    def dealer_name(self) -> str:
        return self.names[self.first_dealer - 1]


def moved_on(first_dealer: int, hands_per_round: int, players: int) -> int:
    """The dealer of hand 1 in the next round: the seat after the last hand's button."""
    return dealer_of(first_dealer, hands_per_round + 1, players)


def last_round_plans(evening: Evening, round_number: int) -> list[TablePlan]:
    """The tables of the round before ``round_number`` that can sit again as they were: this
    round's table of that number is not seated yet, and none of its players sits elsewhere
    in this round (two queries)."""
    if round_number <= 1:
        return []
    chairs = list(
        TableSeat.objects.filter(
            round_table__evening=evening,
            round_table__round_number__in=(round_number - 1, round_number),
        )
        .select_related("round_table", "evening_player__player")
        .order_by("round_table__round_number", "round_table__table", "position")
    )
    before: dict[int, list[TableSeat]] = {}
    seated_now: set[int] = set()
    tables_now: set[int] = set()
    dealers: dict[int, int] = {}
    for chair in chairs:
        if chair.round_table.round_number == round_number:
            seated_now.add(chair.evening_player_id)
            tables_now.add(chair.round_table.table)
        else:
            before.setdefault(chair.round_table.table, []).append(chair)
            dealers[chair.round_table.table] = chair.round_table.first_dealer
    plans = []
    for table, seats in sorted(before.items()):
        players = tuple(seat.evening_player_id for seat in seats)
        if table in tables_now or seated_now & set(players):
            continue
        plans.append(
            TablePlan(
                table=table,
                players=players,
                names=tuple(seat.evening_player.player.name for seat in seats),
                first_dealer=moved_on(dealers[table], evening.hands_per_round, len(players)),
            )
        )
    return plans


@league_write
def seat_like_last_round(
    evening: Evening, round_number: int, table: int | None = None
) -> list[int]:
    """Seat ``table`` (``None``: every table) of ``round_number`` as it sat the round before,
    the button moved on; return the table numbers seated. Nothing is written unless every
    table can sit."""
    evening = services.lock_evening(evening.pk)
    plans = last_round_plans(evening, round_number)
    if table is not None:
        plans = [plan for plan in plans if plan.table == table]
    if not plans:
        raise ValidationError(
            _(
                "Table %(table)s of round %(round)s cannot sit as in the round before: it is "
                "seated already, or one of its players sits elsewhere."
            )
            % {"table": table, "round": round_number}
            if table is not None
            else _("No table of the round before can sit again as it was.")
        )
    for plan in plans:
        services.seat_table(evening, round_number, plan.table, plan.players, plan.first_dealer)
    return [plan.table for plan in plans]


def _seat_of(evening: Evening, round_number: int, player: int) -> TableSeat | None:
    return (
        TableSeat.objects.filter(
            round_table__evening=evening,
            round_table__round_number=round_number,
            evening_player_id=player,
        )
        .select_related("round_table")
        .first()
    )


def _refuse_played(round_table: RoundTable) -> None:
    if round_table.hands.exists():
        raise ValidationError(
            _("Table %(table)s has hands already: its seats stay as they are.")
            % {"table": round_table.table}
        )


@league_write
def swap_players(evening: Evening, round_number: int, player: int, other: int) -> None:
    """Swap two players' seats in a round (EveningPlayer ids), at one table or two; a player
    of the evening who sits nowhere this round takes the other's seat. Tables with hands keep
    their seats; the button stays at its seat."""
    evening = services.lock_evening(evening.pk)
    if player == other:
        raise ValidationError(_("Choose two different players to swap."))
    first, second = _seat_of(evening, round_number, player), _seat_of(evening, round_number, other)
    if first is None and second is None:
        raise ValidationError(_("Neither player sits at a table in this round."))
    if not evening.seats.filter(pk__in=(player, other)).count() == 2:
        raise ValidationError(_("A player at this table does not play this evening."))
    seats = [seat for seat in (first, second) if seat is not None]
    for seat in seats:
        _refuse_played(seat.round_table)
    swapped = {player: other, other: player}
    TableSeat.objects.filter(pk__in=[seat.pk for seat in seats]).delete()
    TableSeat.objects.bulk_create(
        TableSeat(
            round_table=seat.round_table,
            position=seat.position,
            evening_player_id=swapped[seat.evening_player_id],
        )
        for seat in seats
    )
    services.seats_changed(evening, round_number)


@league_write
def choose_dealer(evening: Evening, round_number: int, player: int) -> RoundTable:
    """Let ``player`` (an EveningPlayer id) deal hand 1 at the table where it sits this round."""
    evening = services.lock_evening(evening.pk)
    seat = _seat_of(evening, round_number, player)
    if seat is None:
        raise ValidationError(_("The dealer of hand 1 must sit at this table."))
    round_table = seat.round_table
    _refuse_played(round_table)
    round_table.first_dealer = seat.position
    round_table.save(update_fields=["first_dealer"])
    services.seats_changed(evening, round_number)
    return round_table


@league_write
def unseat_table(evening: Evening, round_number: int, table: int | None) -> None:
    """Take the seats of a table without hands away (the players wait to be seated again).
    A table with hands keeps its seats: its hands are the round's points."""
    if table is None:
        raise ValidationError(_("Say which table to unseat."))
    evening = services.lock_evening(evening.pk)
    round_table = RoundTable.objects.filter(
        evening=evening, round_number=round_number, table=table
    ).first()
    if round_table is None:
        raise ValidationError(
            _("Table %(table)s of round %(round)s is not seated.")
            % {"table": table, "round": round_number}
        )
    hands = round_table.hands.count()
    if hands:
        raise ValidationError(
            ngettext(
                "Table %(table)s has %(count)s hand recorded, so it stays seated: its hands "
                "are the round's points. Undo the hand on the pad first.",
                "Table %(table)s has %(count)s hands recorded, so it stays seated: its hands "
                "are the round's points. Undo the hands on the pad first.",
                hands,
            )
            % {"table": round_table.table, "count": hands}
        )
    round_table.delete()
    services.seats_changed(evening, round_number)


@league_write
def back_to_round_totals(evening: Evening, round_number: int) -> None:
    """Unseat every table of a round that no table has played a hand of: the round's totals
    are then typed on the points page. A round with a hand recorded stays hand by hand."""
    evening = services.lock_evening(evening.pk)
    tables = RoundTable.objects.filter(evening=evening, round_number=round_number)
    if not tables.exists():
        raise ValidationError(
            _("Round %(round)s is not seated on the pad: type its totals on the points page.")
            % {"round": round_number}
        )
    hands = Hand.objects.filter(round_table__in=tables).count()
    if hands:
        raise ValidationError(
            ngettext(
                "Round %(round)s has %(count)s hand recorded on the pad, so it stays hand by "
                "hand: its points are the sums of the hands. Undo the hand on the pad to type "
                "the round's totals instead.",
                "Round %(round)s has %(count)s hands recorded on the pad, so it stays hand by "
                "hand: its points are the sums of the hands. Undo the hands on the pad to type "
                "the round's totals instead.",
                hands,
            )
            % {"round": round_number, "count": hands}
        )
    tables.delete()
    services.seats_changed(evening, round_number)
