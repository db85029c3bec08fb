"""Storing round points: the whole points grid or one round of it, and finishing an evening
with its prizes.

The grid's rules are in :mod:`~ofcleague.league.services.grid`, the places that follow from
the points in :mod:`~ofcleague.league.services.placing`. Both writes read the evening's stored
points once, and compute the totals from what they store.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ofcleague.league import hooks
from ofcleague.league.models import Evening, EveningPlayer, PlacesSource, RoundScore, Status
from ofcleague.league.rule_set import evening_rule_set
from ofcleague.league.services.grid import (
    GridProblems,
    Points,
    add_round_problems,
    beyond_rounds,
    crowded_tables,
    grid_problems,
    grid_totals,
)
from ofcleague.league.services.placing import place_by_totals, tie_break_problems
from ofcleague.league.services.prizes import default_payouts, set_prizes
from ofcleague.league.services.version import (
    claim_evening,
    create_all,
    fresh_seats,
    save_changed,
    update_all,
    validated,
)
from ofcleague.web.league_writes import league_write

Stored = dict[tuple[int, int], RoundScore]


@league_write
def save_points_grid(
    evening: Evening,
    read_version: int,
    points: Points,
    tables: Points | None = None,
    *,
    finish: bool = False,
    tie_breaks: Mapping[int, int | None] | None = None,
) -> Evening:
    """Store the whole points grid of an evening and recompute totals and places.

    ``points[seat_id][round]`` is a value or ``None`` (clears that cell). With ``finish`` the
    evening is closed; a finished evening keeps being checked as complete on corrections.
    ``tie_breaks[seat_id]`` is the order the table decided among tied players (1 goes first,
    ``None`` for a shared place; see :func:`tie_break_problems`); without it the recorded
    tie-breaks stay where their group is still tied. Tie-breaks of players no longer tied
    are cleared. Raises ValidationError (nothing written) when the grid breaks a rule.
    """
    evening = claim_evening(evening, read_version)
    tables = tables or {}
    seats = fresh_seats(evening)
    seat_ids = [seat.pk for seat in seats]
    _refuse_unknown_seats(seat_ids, [*points, *tables])
    finish = finish or evening.status == Status.FINISHED
    problems = grid_problems(
        seat_ids, evening.rounds, points, tables, finish=finish,
        table_seats=evening_rule_set(evening).table_seats,
    )  # fmt: skip
    if problems:
        raise ValidationError(problems.messages())
    totals = grid_totals(seat_ids, points)
    if tie_breaks is not None:
        tie_problems = tie_break_problems(totals, tie_breaks)
        if tie_problems:
            raise ValidationError(sorted(set(tie_problems.values())))

    stored = _stored_scores(evening)
    _store_cells(
        (stored.get((seat, number)), seat, number, points.get(seat, {}).get(number),
         tables.get(seat, {}).get(number))
        for seat in seat_ids
        for number in range(1, evening.rounds + 1)
    )  # fmt: skip
    _mark_played(evening, finish, played=bool(totals))
    place_by_totals(evening, seats, totals, tie_breaks)
    hooks.evening_changed(evening)
    return evening


@league_write
def save_round(
    evening: Evening,
    read_version: int,
    round_number: int,
    points: Mapping[int, int | None],
    tables: Mapping[int, int | None] | None = None,
) -> Evening:
    """Store one round of the points grid and recompute totals and places, as
    :func:`save_points_grid` does with the other rounds as stored.

    ``points[seat_id]`` is the seat's points in this round or ``None`` (clears the cell; a
    seat left out is ``None`` too), ``tables[seat_id]`` the table it played at. The recorded
    tie-breaks stay where their group is still tied. Only what this write can break is
    checked: this round's rules and, on a finished evening, that it stays complete (every
    round, when its places were entered before). Raises ValidationError, nothing written.
    """
    return store_round(claim_evening(evening, read_version), round_number, points, tables)


def store_round(
    evening: Evening,
    round_number: int,
    points: Mapping[int, int | None],
    tables: Mapping[int, int | None] | None = None,
) -> Evening:
    """:func:`save_round`'s work, inside the caller's league write, on ``evening`` as that
    write claimed it (``claim_evening``, or ``claim_locked_evening`` on the row it locked)."""
    tables = tables or {}
    seats = fresh_seats(evening)
    seat_ids = [seat.pk for seat in seats]
    _refuse_unknown_seats(seat_ids, [*points, *tables])
    if not 1 <= round_number <= evening.rounds:
        raise ValidationError([beyond_rounds(round_number, evening.rounds)])
    values = {seat: points.get(seat) for seat in seat_ids}
    seat_tables = {seat: tables.get(seat) for seat in seat_ids}
    stored = _stored_scores(evening)
    grid, grid_tables = _grid_with_round(stored, seat_ids, round_number, values, seat_tables)
    finish = evening.status == Status.FINISHED
    if finish and evening.places_source != PlacesSource.POINTS:
        # Its other rounds were never held to be complete: from now on the points decide.
        problems = grid_problems(seat_ids, evening.rounds, grid, grid_tables, finish=True)
    else:
        problems = GridProblems()
        add_round_problems(problems, round_number, values, seat_tables, finish=finish)
    crowded_tables(problems, round_number, seat_tables, evening_rule_set(evening).table_seats)
    if problems:
        raise ValidationError(problems.messages())

    _store_cells(
        (stored.get((seat, round_number)), seat, round_number, values[seat], seat_tables[seat])
        for seat in seat_ids
    )
    totals = grid_totals(seat_ids, grid)
    _mark_played(evening, finish, played=bool(totals))
    place_by_totals(evening, seats, totals)
    hooks.evening_changed(evening)
    return evening


def _refuse_unknown_seats(seat_ids: Sequence[int], given: Iterable[int]) -> None:
    if set(given) - set(seat_ids):
        raise ValidationError(_("A player in the grid does not play this evening."))


def _stored_scores(evening: Evening) -> Stored:
    """The evening's round points as stored, per (seat id, round): read once per write."""
    return {
        (score.evening_player_id, score.round_number): score
        for score in RoundScore.objects.filter(evening_player__evening=evening).order_by()
    }


def _grid_with_round(stored: Stored, seat_ids, round_number: int, values, seat_tables):
    """The points grid and its tables as stored, with round ``round_number`` replaced."""
    grid: dict[int, dict[int, int | None]] = {seat: {} for seat in seat_ids}
    grid_tables: dict[int, dict[int, int | None]] = {seat: {} for seat in seat_ids}
    for (seat, number), score in stored.items():
        grid[seat][number], grid_tables[seat][number] = score.points, score.table
    for seat in seat_ids:
        grid[seat][round_number] = values[seat]
        grid_tables[seat][round_number] = seat_tables[seat]
    return grid, grid_tables


def _store_cells(cells: Iterable[tuple[RoundScore | None, int, int, int | None, int | None]]):
    """Store cells of the grid, each (score as stored or ``None``, seat, round, value, table):
    a cleared one is deleted, new ones are added in one INSERT and changed ones saved in one
    UPDATE, each with its history record (one INSERT more for each kind).

    The seats were read among the evening's seats in this transaction, under its claim: their
    foreign keys are not validated again (a query per cell)."""
    added, changed = [], []
    for score, seat, number, value, table in cells:
        if value is None:
            if score is not None:
                score.delete()
        elif score is None:
            score = RoundScore(
                evening_player_id=seat, round_number=number, points=value, table=table
            )
            added.append(validated(score, exclude=["evening_player"]))
        elif (score.points, score.table) != (value, table):
            score.points, score.table = value, table
            changed.append(validated(score, exclude=["evening_player"]))
    create_all(RoundScore, added)
    update_all(RoundScore, changed, ["points", "table"])


def _mark_played(evening: Evening, finish: bool, *, played: bool) -> None:
    """The evening's places come from its points now; it is finished, or in progress once
    any point is entered."""
    status = evening.status
    if finish:
        status = Status.FINISHED
    elif played:
        status = Status.IN_PROGRESS
    # A hand at the table mostly changes neither: then no write and no history record.
    save_changed(evening, {"places_source": PlacesSource.POINTS, "status": status}, check=True)


@league_write
def finish_with_default_prizes(
    evening: Evening,
    read_version: int,
    points: Points,
    tables: Points | None = None,
    *,
    tie_breaks: Mapping[int, int | None] | None = None,
) -> Evening:
    """Store the complete points grid, finish the evening and, unless prizes are recorded
    already, pay the pot (buy-in times players) by the league's default split.

    One transaction: the evening is never finished without its prizes.
    """
    evening = save_points_grid(
        evening, read_version, points, tables, finish=True, tie_breaks=tie_breaks
    )
    if evening.pot is None:
        size = EveningPlayer.objects.filter(evening=evening).count()
        pot = evening.buy_in * size
        evening = set_prizes(evening, evening.version, pot, default_payouts(pot, size))
    return evening
