"""How a league counts a season: points systems and season windows, as pure functions.

A league counts its evenings its own way (issue 42): points per place from a table such as
10-7-5-3-1 or from the size of the field, points for playing, points per opponent beaten, the
evening's OFC points or the money won, ties shared or not, a season from any day to any day,
only the best N evenings of it, and a minimum number of evenings to be ranked.

Everything here works on plain facts (:class:`Finish`, :class:`EveningFacts`) and returns plain
numbers: no database, no Django. Points are exact fractions (a three-way tie for 10-7-5 shares
22/3 each), so an evening's points always sum to what the system says; pages round them.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

Player = Hashable


@dataclass(frozen=True)
class Finish:
    """One player's result of an evening: the place (tied players share a number), and where
    known the evening's OFC points and the money won (prizes less the buy-in)."""

    player: Player
    place: int
    points: int | None = None
    won: Decimal | None = None


@dataclass(frozen=True)
class EveningFacts:
    key: Hashable
    date: datetime.date
    finishes: tuple[Finish, ...]


@dataclass(frozen=True)
class PointsSystem:
    """A way to count an evening; its parts add up.

    ``places``: points for place 1, 2, ... (places past the table get nothing);
    ``per_place_from_last``: points per place from the bottom (last gets it once, first once
    per player), instead of or beside the table; ``for_playing``: for showing up;
    ``per_beaten``: per opponent finished behind; ``ofc_points`` and ``money``: a factor on the
    evening's OFC points and on the money won; ``share_ties``: tied players share the points of
    the places they cover (10 and 7 tied: 8.5 each), otherwise each gets the best of them.
    """

    places: tuple[int, ...] = ()
    per_place_from_last: int = 0
    for_playing: int = 0
    per_beaten: int = 0
    ofc_points: Fraction = Fraction(0)
    money: Fraction = Fraction(0)
    share_ties: bool = True

    def place_points(self, place: int, field_size: int) -> Fraction:
        """The points of one place (1-based) in a field of ``field_size``, before ties."""
        table = self.places[place - 1] if place <= len(self.places) else 0
        return Fraction(table + self.per_place_from_last * (field_size - place + 1))


#: The counting that matches the all-time table of places: one point per player beaten.
PLACES_ONLY = PointsSystem(per_beaten=1)


def _tied_groups(finishes: Sequence[Finish]) -> list[list[Finish]]:
    by_place: dict[int, list[Finish]] = defaultdict(list)
    for finish in finishes:
        by_place[finish.place].append(finish)
    return [by_place[place] for place in sorted(by_place)]


def evening_points(system: PointsSystem, evening: EveningFacts) -> dict[Player, Fraction]:
    """Each player's points for one evening under ``system``.

    Tied players cover the places from their shared place onward (two tied for 2nd cover 2nd
    and 3rd); with ``share_ties`` they split those places' points evenly, so the evening sums
    to the table's sum over its field.
    """
    finishes = evening.finishes
    size = len(finishes)
    result: dict[Player, Fraction] = {}
    covered = 0  # places handed out so far
    for group in _tied_groups(finishes):
        first = covered + 1
        spans = [system.place_points(first + i, size) for i in range(len(group))]
        share = sum(spans, Fraction(0)) / len(group) if system.share_ties else spans[0]
        beaten = size - covered - len(group)
        for finish in group:
            points = share + system.for_playing + system.per_beaten * beaten
            if system.ofc_points and finish.points is not None:
                points += system.ofc_points * finish.points
            if system.money and finish.won is not None:
                points += system.money * Fraction(finish.won)
            result[finish.player] = points
        covered += len(group)
    return result


@dataclass(frozen=True)
class SeasonWindow:
    """A season: its first and last day (inclusive), how many of a player's best evenings
    count (None: all), and how many evenings a player needs to be ranked."""

    first_day: datetime.date
    last_day: datetime.date
    best_of: int | None = None
    min_evenings: int = 0

    def holds(self, day: datetime.date) -> bool:
        return self.first_day <= day <= self.last_day


@dataclass(frozen=True)
class SeasonRow:
    player: Player
    points: Fraction
    played: int
    counted: tuple[Hashable, ...] = field(default=())  # the evenings that count, best first
    ranked: bool = True


def season_table(
    system: PointsSystem, window: SeasonWindow, evenings: Iterable[EveningFacts]
) -> list[SeasonRow]:
    """The season's table: ranked players by points (then by evenings played, fewer first,
    then by who), the players short of ``min_evenings`` below them in the same order."""
    scores: dict[Player, list[tuple[Fraction, datetime.date, Hashable]]] = defaultdict(list)
    for evening in evenings:
        if not window.holds(evening.date):
            continue
        for player, points in evening_points(system, evening).items():
            scores[player].append((points, evening.date, evening.key))
    rows = []
    for player, earned in scores.items():
        # Best first; between equal points the earlier evening counts (a stable, stated choice;
        # evenings of one date count in the order given: callers pass them by date and id).
        best = sorted(earned, key=lambda item: (-item[0], item[1]))
        counted = best if window.best_of is None else best[: window.best_of]
        rows.append(
            SeasonRow(
                player=player,
                points=sum((points for points, _, _ in counted), Fraction(0)),
                played=len(earned),
                counted=tuple(key for _, _, key in counted),
                ranked=len(earned) >= window.min_evenings,
            )
        )
    rows.sort(key=lambda row: (not row.ranked, -row.points, row.played, str(row.player)))
    return rows


def shown(points: Fraction) -> Decimal:
    """Points as a page shows them: whole where whole, else two places (half to even)."""
    if points.denominator == 1:
        return Decimal(points.numerator)
    return (Decimal(points.numerator) / Decimal(points.denominator)).quantize(Decimal("0.01"))
