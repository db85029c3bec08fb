"""Storing round points: the whole points grid, and finishing an evening with its prizes.

The grid's rules are in :mod:`~ofcleague.league.services.grid`, the places that follow from
the points in :mod:`~ofcleague.league.services.placing`.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from ofcleague.league.kept import ratings
from ofcleague.league.models import Evening, EveningPlayer, PlacesSource, RoundScore, Status
from ofcleague.league.services.grid import Points, grid_problems, grid_totals
from ofcleague.league.services.placing import _recompute, tie_break_problems
from ofcleague.league.services.prizes import default_payouts, set_prizes
from ofcleague.league.services.version import _checked, _claim, _seats


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
    ratings.recompute_from(evening)
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
