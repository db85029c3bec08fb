"""The points grid's rules: what a grid of round points must hold, and the totals it gives.

Pure functions: the forms use them to put messages next to the cells, and the services
(:mod:`ofcleague.league.services.points`) use them again before writing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ofcleague.league.limits import ROUND_POINTS
from ofcleague.scoring.zero_sum import tables_off

Points = Mapping[int, Mapping[int, int | None]]


@dataclass
class GridProblems:
    """What is wrong with a points grid: per cell, per round, and overall."""

    cells: dict[tuple[int, int], str] = field(default_factory=dict)
    rounds: dict[int, list[str]] = field(default_factory=dict)
    general: list[str] = field(default_factory=list)

    def __bool__(self):
        return bool(self.cells or self.rounds or self.general)

    def messages(self) -> list[str]:
        """Every problem as one sentence, rounds in order."""
        result = list(self.general)
        for number in sorted(self.rounds):
            result.extend(self.rounds[number])
        return result

    def add_round(self, number: int, message: str) -> None:
        self.rounds.setdefault(number, []).append(message)


def _off_by(total: int) -> str:
    return f"{total:+d}"


def grid_problems(
    seat_ids: Sequence[int],
    rounds: int,
    points: Points,
    tables: Points | None = None,
    *,
    finish: bool = False,
    table_seats: int | None = None,
) -> GridProblems:
    """Check a points grid: ``points[seat][round]`` (``None`` where nothing was entered).

    A round is played once any value in it is entered; then every player needs a value, and
    the round adds up to zero (per table, where tables are given). Rounds beyond the evening's
    number of rounds are refused. To finish the evening, every round must be played. Given
    ``table_seats`` (what one deck deals for under the evening's rules), no table of a round
    seats more players than that.
    """
    problems = GridProblems()
    tables = tables or {}
    given_rounds = {number for seat in seat_ids for number in points.get(seat, {})}
    given_rounds |= {number for seat in seat_ids for number in tables.get(seat, {})}
    for number in sorted(given_rounds):
        if not 1 <= number <= rounds:
            problems.general.append(beyond_rounds(number, rounds))
    for number in range(1, rounds + 1):
        values = {seat: points.get(seat, {}).get(number) for seat in seat_ids}
        seat_tables = {seat: tables.get(seat, {}).get(number) for seat in seat_ids}
        add_round_problems(problems, number, values, seat_tables, finish=finish)
        if table_seats is not None:
            crowded_tables(problems, number, seat_tables, table_seats)
    return problems


def crowded_tables(problems: GridProblems, number: int, seat_tables, table_seats: int) -> None:
    """A table of the round with more players than one deck deals for is refused."""
    counts: dict[int, int] = {}
    for table in seat_tables.values():
        if table is not None:
            counts[table] = counts.get(table, 0) + 1
    for table, count in sorted(counts.items()):
        if count > table_seats:
            message = _(
                "Round %(round)s, table %(table)s seats %(count)s players; one deck deals for "
                "at most %(most)s at a table under these rules. Spread them over more tables."
            ) % {"round": number, "table": table, "count": count, "most": table_seats}
            problems.add_round(number, message)


def beyond_rounds(number: int, rounds: int) -> str:
    """The sentence for a round the evening does not have."""
    return _("Round %(round)s is beyond this evening's %(rounds)s rounds.") % {
        "round": number,
        "rounds": rounds,
    }


def add_round_problems(
    problems: GridProblems,
    number: int,
    values: Mapping[int, int | None],
    seat_tables: Mapping[int, int | None],
    *,
    finish: bool = False,
) -> None:
    """Add what is wrong with round ``number`` to ``problems``: ``values[seat]`` and
    ``seat_tables[seat]`` for every seat of the evening (``None`` where nothing was entered).

    One round's rules in turn; the first one broken is reported (its cells and its round):
    an empty round, points beyond the limits, a missing value, points without a table in a
    round at tables, and a round (or table) that does not add up to zero.
    """
    if all(value is None for value in values.values()):
        _empty_round(problems, number, seat_tables, finish)
        return
    if _points_out_of_range(problems, number, values):
        return
    if _values_missing(problems, number, values):
        return
    if _points_without_table(problems, number, values, seat_tables):
        return
    _not_zero(problems, number, values, seat_tables)


def _empty_round(problems: GridProblems, number: int, seat_tables, finish: bool) -> None:
    """A round without points may have no tables, and is refused when finishing."""
    if any(table is not None for table in seat_tables.values()):
        problems.add_round(
            number, _("Round %(round)s has tables but no points.") % {"round": number}
        )
    elif finish:
        problems.add_round(
            number,
            _(
                "Round %(round)s is still empty: enter its points before finishing, "
                "or lower the evening's number of rounds."
            )
            % {"round": number},
        )


def _points_out_of_range(problems: GridProblems, number: int, values) -> bool:
    """Every value lies within the limits of a round."""
    broken = False
    for seat, value in values.items():
        if value is not None and value not in ROUND_POINTS:
            broken = True
            problems.cells[(seat, number)] = _(
                "Points of a round lie between %(low)s and %(high)s."
            ) % {"low": ROUND_POINTS.low, "high": ROUND_POINTS.high}
            problems.add_round(
                number,
                _("Round %(round)s has points beyond %(low)s to %(high)s.")
                % {"round": number, "low": ROUND_POINTS.low, "high": ROUND_POINTS.high},
            )
    return broken


def _values_missing(problems: GridProblems, number: int, values) -> bool:
    """A played round needs a value from every player."""
    missing = [seat for seat, value in values.items() if value is None]
    for seat in missing:
        problems.cells[(seat, number)] = _("Missing: every player needs a value.")
    if missing:
        problems.add_round(
            number,
            ngettext(
                "Round %(round)s: %(count)s player has no points yet.",
                "Round %(round)s: %(count)s players have no points yet.",
                len(missing),
            )
            % {"round": number, "count": len(missing)},
        )
    return bool(missing)


def _points_without_table(problems: GridProblems, number: int, values, seat_tables) -> bool:
    """In a round at tables a player without a table sat it out (joined later): 0 points."""
    if all(table is None for table in seat_tables.values()):
        return False
    sat_out = [seat for seat, value in values.items() if seat_tables[seat] is None and value]
    for seat in sat_out:
        problems.cells[(seat, number)] = _("Give a table, or 0 for a player who sat out.")
    if sat_out:
        problems.add_round(
            number,
            _(
                "Round %(round)s: give a table for every player who played it; a player "
                "who sat it out has 0 points."
            )
            % {"round": number},
        )
    return bool(sat_out)


def _not_zero(problems: GridProblems, number: int, values, seat_tables) -> None:
    """The round adds up to zero: per table in a round at tables, else as a whole."""
    points = [(seat_tables[seat], value) for seat, value in values.items()]
    for table, total in tables_off(points).items():
        if table is None:
            problems.add_round(
                number,
                _("Round %(round)s does not add up to zero: off by %(diff)s.")
                % {"round": number, "diff": _off_by(total)},
            )
        else:
            problems.add_round(
                number,
                _("Round %(round)s, table %(table)s does not add up to zero: off by %(diff)s.")
                % {"round": number, "table": table, "diff": _off_by(total)},
            )


def grid_totals(seat_ids: Sequence[int], points: Points) -> dict[int, int]:
    """Each seat's total from a points grid (empty cells add nothing); empty while nothing
    is entered, because then there are no totals to rank."""
    values = {
        seat: [v for v in points.get(seat, {}).values() if v is not None] for seat in seat_ids
    }
    if not any(values.values()):
        return {}
    return {seat: sum(entered) for seat, entered in values.items()}
