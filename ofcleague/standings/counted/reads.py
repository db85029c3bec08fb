"""What the pages read of the league's own seasons (each one query), and their rules as the
league's (``hooks.LEAGUE_RULES``)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext as _

from ofcleague.league.current import active_league, every_league
from ofcleague.league.invariants import Problem
from ofcleague.standings.counted.models import CountedRow, PointsSystem, SeasonWindow
from ofcleague.standings.counted.rules import stored_problems
from ofcleague.standings.counting import shown


@dataclass(frozen=True)
class CountedLine:
    """One line of a window's table as a page shows it."""

    place: int | None  # None: below the line (short of the minimum)
    player_name: str
    player_slug: str
    points: Decimal
    played: int
    counted: int
    ranked: bool


def systems() -> list[PointsSystem]:
    """The league's points systems, the main table first."""
    return list(PointsSystem.objects.all())


def windows() -> list[SeasonWindow]:
    """The league's season windows, the latest first."""
    return list(SeasonWindow.objects.all())


def current_window(today: datetime.date) -> SeasonWindow | None:
    """The season the embed and the API show: the latest whose first day has come (one
    query; None without one)."""
    return SeasonWindow.objects.filter(first_day__lte=today).order_by("-first_day", "name").first()


def main_system() -> PointsSystem | None:
    """The league's main table's points system (one query)."""
    return PointsSystem.objects.filter(main=True).first()


def is_closed(window: SeasonWindow, today: datetime.date) -> bool:
    """A season closes after its last day: its table is final."""
    return today > window.last_day


def window_table(window: SeasonWindow, system: PointsSystem) -> list[CountedLine]:
    """The window's table under ``system``: ranked players with their places (equal points
    share one), then the players short of the minimum, unplaced (one query)."""
    rows = (
        CountedRow.objects.filter(window=window, system=system)
        .order_by("position")
        .values_list(
            "player__name",
            "player__slug",
            "points_numerator",
            "points_denominator",
            "played",
            "counted",
            "ranked",
        )
    )
    lines: list[CountedLine] = []
    previous: tuple[Fraction, int] | None = None
    for index, (name, slug, numerator, denominator, played, counted, ranked) in enumerate(
        rows, start=1
    ):
        points = Fraction(numerator, denominator)
        place = None
        if ranked:
            place = previous[1] if previous and previous[0] == points else index
            previous = (points, place)
        lines.append(CountedLine(place, name, slug, shown(points), played, len(counted), ranked))
    return lines


def player_lines(player_id: int) -> list[tuple[SeasonWindow, CountedLine]]:
    """The player's line in every window's main table, latest window first (one query; the
    place shared with the players of equal points, as the window's table shows it: the first
    position of those points, kept reduced)."""
    shared_place = (
        CountedRow.objects.filter(
            window=OuterRef("window"),
            system=OuterRef("system"),
            ranked=True,
            points_numerator=OuterRef("points_numerator"),
            points_denominator=OuterRef("points_denominator"),
        )
        .order_by("position")
        .values("position")[:1]
    )
    rows = (
        CountedRow.objects.filter(player_id=player_id, system__main=True)
        .select_related("window", "player")
        .annotate(place=Subquery(shared_place))
        .order_by("-window__first_day", "window__name")
    )
    return [
        (
            row.window,
            CountedLine(
                row.place if row.ranked else None,
                row.player.name,
                row.player.slug,
                shown(Fraction(row.points_numerator, row.points_denominator)),
                row.played,
                len(row.counted),
                row.ranked,
            ),
        )
        for row in rows
    ]


def counting_problems(evening_ids, labels) -> list:
    """Asked for the whole league (no evenings named): the rules of its points systems and
    season windows (with no league active, as a restore asks, every league's)."""
    if evening_ids is not None:
        return []
    label = _("The league's seasons")
    if active_league() is not None:
        return [Problem(0, label, rule) for rule in stored_problems(systems(), windows())]
    problems = []
    with every_league():
        all_systems = list(PointsSystem.objects.order_by("league_id", "pk"))
        all_windows = list(SeasonWindow.objects.order_by("league_id", "pk"))
    league_ids = {system.league_id for system in all_systems}
    league_ids |= {window.league_id for window in all_windows}
    for league_id in league_ids:
        problems += [
            Problem(0, label, rule)
            for rule in stored_problems(
                [system for system in all_systems if system.league_id == league_id],
                [window for window in all_windows if window.league_id == league_id],
            )
        ]
    return problems
