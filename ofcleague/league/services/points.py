"""Points and places: the points grid, tie-breaks decided at the table, a plain finishing
order, and finishing an evening."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ofcleague.league import kept
from ofcleague.league.limits import ROUND_POINTS
from ofcleague.league.models import (
    Evening,
    EveningPlayer,
    PlacesSource,
    RoundScore,
    Status,
)
from ofcleague.league.places import places_from_totals, tied_groups
from ofcleague.league.services.prizes import default_payouts, set_prizes, split_prizes
from ofcleague.league.services.version import _checked, _claim, _seats

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
) -> GridProblems:
    """Check a points grid: ``points[seat][round]`` (``None`` where nothing was entered).

    A round is played once any value in it is entered; then every player needs a value, and
    the round adds up to zero (per table, where tables are given). Rounds beyond the evening's
    number of rounds are refused. To finish the evening, every round must be played.
    """
    problems = GridProblems()
    tables = tables or {}
    given_rounds = {number for seat in seat_ids for number in points.get(seat, {})}
    given_rounds |= {number for seat in seat_ids for number in tables.get(seat, {})}
    for number in sorted(given_rounds):
        if not 1 <= number <= rounds:
            problems.general.append(
                _("Round %(round)s is beyond this evening's %(rounds)s rounds.")
                % {"round": number, "rounds": rounds}
            )
    for number in range(1, rounds + 1):
        values = {seat: points.get(seat, {}).get(number) for seat in seat_ids}
        seat_tables = {seat: tables.get(seat, {}).get(number) for seat in seat_ids}
        entered = {seat: value for seat, value in values.items() if value is not None}
        if not entered:
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
            continue
        for seat, value in entered.items():
            if value not in ROUND_POINTS:
                problems.cells[(seat, number)] = _(
                    "Points of a round lie between %(low)s and %(high)s."
                ) % {"low": ROUND_POINTS.low, "high": ROUND_POINTS.high}
                problems.add_round(
                    number,
                    _("Round %(round)s has points beyond %(low)s to %(high)s.")
                    % {"round": number, "low": ROUND_POINTS.low, "high": ROUND_POINTS.high},
                )
        if number in problems.rounds:
            continue
        missing = [seat for seat in seat_ids if values[seat] is None]
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
            continue
        with_table = [seat for seat in seat_ids if seat_tables[seat] is not None]
        # In a round at tables a player without a table sat it out (joined later): 0 points.
        sat_out = [seat for seat in seat_ids if seat not in with_table and values[seat]]
        if with_table and sat_out:
            for seat in sat_out:
                problems.cells[(seat, number)] = _("Give a table, or 0 for a player who sat out.")
            problems.add_round(
                number,
                _(
                    "Round %(round)s: give a table for every player who played it; a player "
                    "who sat it out has 0 points."
                )
                % {"round": number},
            )
            continue
        if with_table:
            sums: dict[int, int] = {}
            for seat in with_table:
                sums[seat_tables[seat]] = sums.get(seat_tables[seat], 0) + values[seat]
            for table, total in sorted(sums.items()):
                if total:
                    problems.add_round(
                        number,
                        _(
                            "Round %(round)s, table %(table)s does not add up to zero: "
                            "off by %(diff)s."
                        )
                        % {"round": number, "table": table, "diff": _off_by(total)},
                    )
        else:
            total = sum(values.values())
            if total:
                problems.add_round(
                    number,
                    _("Round %(round)s does not add up to zero: off by %(diff)s.")
                    % {"round": number, "diff": _off_by(total)},
                )
    return problems


def grid_totals(seat_ids: Sequence[int], points: Points) -> dict[int, int]:
    """Each seat's total from a points grid (empty cells add nothing); empty while nothing
    is entered, because then there are no totals to rank."""
    values = {
        seat: [v for v in points.get(seat, {}).values() if v is not None] for seat in seat_ids
    }
    if not any(values.values()):
        return {}
    return {seat: sum(entered) for seat, entered in values.items()}


def tie_break_problems(
    totals: Mapping[int, int], tie_breaks: Mapping[int, int | None]
) -> dict[int, str]:
    """Check the order decided at the table for every group of equal totals.

    Within a group of k tied players, either nobody has a tie-break (they share the place) or
    they have the positions 1 to k, each once. Returns a message per seat of a group that
    breaks this. Tie-breaks of players who are not tied are no problem: saving clears them.
    """
    problems: dict[int, str] = {}
    for group in tied_groups(totals):
        given = [tie_breaks.get(seat) for seat in group]
        if all(order is None for order in given):
            continue
        if None not in given and sorted(given) == list(range(1, len(group) + 1)):
            continue
        message = _(
            "Give each of the %(count)s tied players a different position from 1 to %(count)s, "
            "or leave them all on “shared place”."
        ) % {"count": len(group)}
        for seat in group:
            problems[seat] = message
    return problems


def _tie_breaks_that_apply(seats, totals: Mapping[int, int], given) -> dict[int, int]:
    """The tie-break to keep per seat: the given ones (else the recorded ones) of tied groups
    that are fully ordered. Everyone else gets none, so a tie-break recorded for an earlier
    tie never reorders a later one.

    Kept tie-breaks are renumbered 1 to k in their order: when a player leaves a tied group
    (taken off the evening), the others keep their order and the form can show it as is.
    """
    chosen = {seat.pk: seat.tie_break if given is None else given.get(seat.pk) for seat in seats}
    kept = {}
    for group in tied_groups(totals):
        orders = [chosen[seat] for seat in group]
        if None not in orders and len(set(orders)) == len(orders):
            for position, seat in enumerate(sorted(group, key=chosen.__getitem__), 1):
                kept[seat] = position
    return kept


def _recompute(evening: Evening, tie_breaks: Mapping[int, int | None] | None = None) -> None:
    """Recompute totals, tie-breaks and places from the round points (only seats that change
    are saved). ``tie_breaks`` replaces the recorded ones; without it they are kept where
    their group is still tied alike."""
    seats = _seats(evening)
    totals: dict[int, int] = {}
    for score in RoundScore.objects.filter(evening_player__evening=evening):
        totals[score.evening_player_id] = totals.get(score.evening_player_id, 0) + score.points
    if totals:
        for seat in seats:
            totals.setdefault(seat.pk, 0)
        kept = _tie_breaks_that_apply(seats, totals, tie_breaks)
        places = places_from_totals(totals, kept)
    else:
        kept, places = {}, {}
        _clear_prizes(evening, seats)
    _apply_places(seats, places, totals, kept)


def _clear_prizes(evening: Evening, seats: Sequence[EveningPlayer]) -> None:
    """Every point cleared (or every hand undone): the places are gone, and so is the prize
    money that followed them; the pot is set again once there is a result to pay."""
    if evening.pot is None and all(seat.prize is None for seat in seats):
        return
    for seat in seats:
        if seat.prize is not None:
            seat.prize = None
            seat.save(update_fields=["prize"])
    evening.pot = None
    evening.save(update_fields=["pot"])


def _payouts_behind(seats: Sequence[EveningPlayer]) -> dict[int, Decimal]:
    """The payout per place behind the recorded prizes.

    Exact where every place is distinct; where tied players shared money, how it was split
    between their places is lost, so the league's default split of the same pot is used.
    """
    places = [seat.place for seat in seats]
    if None not in places and len(set(places)) == len(places):
        return {seat.place: seat.prize or Decimal(0) for seat in seats}
    pot = sum((seat.prize or Decimal(0) for seat in seats), Decimal(0))
    return default_payouts(pot, len(seats))


def _apply_places(
    seats,
    places: Mapping[int, int],
    totals: Mapping[int, int] | None = None,
    tie_breaks: Mapping[int, int] | None = None,
):
    """Save new places (and totals and tie-breaks, where given; a seat missing from them gets
    none); when places move, the prize money moves with them."""
    fields = ["place"]
    if totals is not None:
        fields.append("total")
    if tie_breaks is not None:
        fields.append("tie_break")
    prizes = {}
    moved = any(seat.place != places.get(seat.pk) for seat in seats)
    paid = any(seat.prize is not None for seat in seats)
    if moved and paid and len(places) == len(seats):
        prizes = split_prizes(places, _payouts_behind(seats))
        fields.append("prize")
    for seat in seats:
        new = {"place": places.get(seat.pk), "prize": prizes.get(seat.pk, seat.prize)}
        if totals is not None:
            new["total"] = totals.get(seat.pk)
        if tie_breaks is not None:
            new["tie_break"] = tie_breaks.get(seat.pk)
        if any(getattr(seat, name) != value for name, value in new.items()):
            for name, value in new.items():
                setattr(seat, name, value)
            seat.save(update_fields=fields)


@transaction.atomic
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
    evening = _claim(evening, read_version)
    tables = tables or {}
    seat_ids = [seat.pk for seat in _seats(evening)]
    unknown = (set(points) | set(tables)) - set(seat_ids)
    if unknown:
        raise ValidationError(_("A player in the grid does not play this evening."))
    finish = finish or evening.status == Status.FINISHED
    problems = grid_problems(seat_ids, evening.rounds, points, tables, finish=finish)
    if problems:
        raise ValidationError(problems.messages())
    if tie_breaks is not None:
        tie_problems = tie_break_problems(grid_totals(seat_ids, points), tie_breaks)
        if tie_problems:
            raise ValidationError(sorted(set(tie_problems.values())))

    existing = {
        (score.evening_player_id, score.round_number): score
        for score in RoundScore.objects.filter(evening_player__evening=evening)
    }
    for seat in seat_ids:
        for number in range(1, evening.rounds + 1):
            value = points.get(seat, {}).get(number)
            table = tables.get(seat, {}).get(number)
            score = existing.get((seat, number))
            if value is None:
                if score is not None:
                    score.delete()
            elif score is None:
                _checked(
                    RoundScore(
                        evening_player_id=seat, round_number=number, points=value, table=table
                    )
                ).save()
            elif (score.points, score.table) != (value, table):
                score.points, score.table = value, table
                _checked(score).save(update_fields=["points", "table"])

    evening.places_source = PlacesSource.POINTS
    if finish:
        evening.status = Status.FINISHED
    elif any(value is not None for row in points.values() for value in row.values()):
        evening.status = Status.IN_PROGRESS
    _checked(evening)
    evening.save(update_fields=["places_source", "status"])
    _recompute(evening, tie_breaks)
    kept.refresh_after(evening)
    return evening


def shared_places(evening: Evening) -> list[tuple[int, list[str]]]:
    """The places that tied players share at this evening, with their names, best first."""
    seats = EveningPlayer.objects.filter(evening=evening, place__isnull=False).values_list(
        "place", "player__name"
    )
    names: dict[int, list[str]] = {}
    for place, name in seats.order_by("place", "player__name"):
        names.setdefault(place, []).append(name)
    return [(place, group) for place, group in names.items() if len(group) > 1]


def finishing_order_problems(places: Mapping[int, int | None]) -> dict[int, str]:
    """Check a plain finishing order (``places[seat]``): places 1..n, ties only as shared places.

    Players tied for a place share it and the places they cover are skipped (1, 2, 2, 4), as
    the standings count it. Returns a message per seat whose place is wrong.
    """
    size = len(places)
    problems: dict[int, str] = {}
    for seat, place in places.items():
        if place is None:
            problems[seat] = _("Give every player a place.")
        elif not 1 <= place <= size:
            problems[seat] = _("Places go from 1 to %(size)s.") % {"size": size}
    if problems:
        return problems
    counts: dict[int, int] = {}
    for place in places.values():
        counts[place] = counts.get(place, 0) + 1
    expected = 1
    for place in sorted(counts):
        if place != expected:
            for seat, value in places.items():
                if value == place:
                    problems[seat] = _(
                        "Place %(place)s cannot follow: the next place is %(expected)s "
                        "(tied players share a place, the places after them are skipped)."
                    ) % {"place": place, "expected": expected}
            break
        expected += counts[place]
    return problems


def _refuse_order_against_points(seats: Sequence[EveningPlayer], places: Mapping[int, int]):
    """Where round points were kept they decide the places: an entered order may only
    decide between players tied on points."""
    totals = dict(
        RoundScore.objects.filter(evening_player__in=seats)
        .values("evening_player")
        .annotate(total=Sum("points"))
        .values_list("evening_player", "total")
    )
    if not totals:
        return
    names = {seat.pk: seat.player.name for seat in seats}
    for better in seats:
        for worse in seats:
            ahead = totals.get(better.pk, 0) > totals.get(worse.pk, 0)
            if ahead and places[better.pk] >= places[worse.pk]:
                raise ValidationError(
                    _(
                        "The points decide the places at this evening: %(better)s has more "
                        "points than %(worse)s and cannot finish behind. An order here only "
                        "decides between players tied on points (or correct the points)."
                    )
                    % {"better": names[better.pk], "worse": names[worse.pk]},
                    code="order_against_points",
                )


@transaction.atomic
def save_finishing_order(evening: Evening, read_version: int, places: Mapping[int, int]) -> Evening:
    """Store an evening's result as a plain finishing order (no points needed) and finish it."""
    evening = _claim(evening, read_version)
    seats = _seats(evening)
    if set(places) != {seat.pk for seat in seats}:
        raise ValidationError(_("Give a place to every player of this evening, and only to them."))
    problems = finishing_order_problems(places)
    if problems:
        raise ValidationError(sorted(set(problems.values())))
    _refuse_order_against_points(seats, places)
    evening.places_source = PlacesSource.ENTERED
    evening.status = Status.FINISHED
    _checked(evening)
    _apply_places(seats, places)
    evening.save(update_fields=["places_source", "status"])
    kept.refresh_after(evening)
    return evening


@transaction.atomic
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
