"""The rules of a league's points systems and season windows, pure over plain values: the
owner's writes check them before they write (``services.py``), and the league's invariants ask
them of the stored rows (``invariant_problems``)."""

from __future__ import annotations

import datetime
from collections import defaultdict
from decimal import Decimal
from fractions import Fraction

from django.utils.translation import gettext as _

from ofcleague.standings import counting
from ofcleague.standings.counted.models import (
    MAX_PLACE_POINTS,
    MAX_PLACES,
    PointsSystem,
    SeasonWindow,
)

#: The largest factor on the evening's points or the money won.
MAX_FACTOR = Decimal("1000")
#: The longest season window a league may set: ten years.
MAX_WINDOW_DAYS = 3660
NAME_LENGTH = 60


def name_problems(name: str) -> list[str]:
    if not name.strip():
        return [_("Give it a name.")]
    if len(name) > NAME_LENGTH:
        return [_("At most %(n)s characters.") % {"n": NAME_LENGTH}]
    return []


def system_problems(
    *,
    name: str,
    places: object,
    per_place_from_last: int,
    for_playing: int,
    per_beaten: int,
    ofc_points: Decimal,
    money: Decimal,
) -> dict[str, list[str]]:
    """What is wrong with a points system, by field (empty: nothing)."""
    problems: dict[str, list[str]] = {}

    def add(field: str, message: str) -> None:
        problems.setdefault(field, []).append(message)

    for message in name_problems(name):
        add("name", message)
    if not isinstance(places, list) or not all(
        isinstance(points, int) and not isinstance(points, bool) for points in places
    ):
        add("places", _("Points per place are whole numbers."))
    elif len(places) > MAX_PLACES:
        add("places", _("At most %(n)s places get points.") % {"n": MAX_PLACES})
    elif any(not 0 <= points <= MAX_PLACE_POINTS for points in places):
        add("places", _("Each place gets 0 to %(n)s points.") % {"n": MAX_PLACE_POINTS})
    whole: tuple[tuple[str, object], ...] = (
        ("per_place_from_last", per_place_from_last),
        ("for_playing", for_playing),
        ("per_beaten", per_beaten),
    )
    for field, number in whole:
        if not isinstance(number, int) or not 0 <= number <= MAX_PLACE_POINTS:
            add(field, _("A whole number from 0 to %(n)s.") % {"n": MAX_PLACE_POINTS})
    factors: tuple[tuple[str, object], ...] = (("ofc_points", ofc_points), ("money", money))
    for field, value in factors:
        if not isinstance(value, Decimal) or not value.is_finite() or not 0 <= value <= MAX_FACTOR:
            add(field, _("A number from 0 to %(n)s.") % {"n": MAX_FACTOR})
        elif value != value.quantize(Decimal("0.01")):
            add(field, _("At most two decimal places."))
    if not problems and not (
        any(places if isinstance(places, list) else ())
        or per_place_from_last
        or for_playing
        or per_beaten
        or ofc_points
        or money
    ):
        add(
            "__all__",
            _(
                "This way of counting gives nobody a point: give points per place, for playing "
                "or per opponent beaten, or count the evening's points or the money won."
            ),
        )
    return problems


def window_problems(
    *,
    name: str,
    first_day: datetime.date | None,
    last_day: datetime.date | None,
    best_of: int | None,
    min_evenings: int,
) -> dict[str, list[str]]:
    """What is wrong with a season window, by field (empty: nothing)."""
    problems: dict[str, list[str]] = {}

    def add(field: str, message: str) -> None:
        problems.setdefault(field, []).append(message)

    for message in name_problems(name):
        add("name", message)
    if first_day is None:
        add("first_day", _("Give the season's first day."))
    if last_day is None:
        add("last_day", _("Give the season's last day."))
    if first_day and last_day:
        if last_day < first_day:
            add("last_day", _("The last day comes on or after the first day."))
        elif (last_day - first_day).days > MAX_WINDOW_DAYS:
            add("last_day", _("A season lasts at most ten years."))
    if best_of is not None and not 1 <= best_of <= 1000:
        add("best_of", _("Count from 1 to 1000 best evenings, or leave it empty for all."))
    if not 0 <= min_evenings <= 1000:
        add("min_evenings", _("From 0 to 1000 evenings."))
    return problems


def as_counting(system) -> counting.PointsSystem:
    """The pure points system of a stored one."""
    return counting.PointsSystem(
        places=tuple(system.places),
        per_place_from_last=system.per_place_from_last,
        for_playing=system.for_playing,
        per_beaten=system.per_beaten,
        ofc_points=Fraction(system.ofc_points),
        money=Fraction(system.money),
        share_ties=system.share_ties,
    )


def as_window(window) -> counting.SeasonWindow:
    return counting.SeasonWindow(
        first_day=window.first_day,
        last_day=window.last_day,
        best_of=window.best_of,
        min_evenings=window.min_evenings,
    )


def stored_problems(systems: list, windows: list) -> list[str]:
    """The rules of a league's stored systems and windows (the invariants): each valid, and
    one main system whenever there is any."""
    problems = []
    for system in systems:
        found = system_problems(
            name=system.name,
            places=system.places,
            per_place_from_last=system.per_place_from_last,
            for_playing=system.for_playing,
            per_beaten=system.per_beaten,
            ofc_points=Decimal(system.ofc_points),
            money=Decimal(system.money),
        )
        problems += [
            _("the points system “%(name)s”: %(problem)s")
            % {"name": system.name, "problem": message}
            for messages in found.values()
            for message in messages
        ]
    mains = sum(1 for system in systems if system.main)
    if systems and mains != 1:
        problems.append(
            _("%(n)s points systems are the main table; exactly one must be.") % {"n": mains}
        )
    for window in windows:
        found = window_problems(
            name=window.name,
            first_day=window.first_day,
            last_day=window.last_day,
            best_of=window.best_of,
            min_evenings=window.min_evenings,
        )
        problems += [
            _("the season “%(name)s”: %(problem)s") % {"name": window.name, "problem": message}
            for messages in found.values()
            for message in messages
        ]
    if windows and not systems:
        problems.append(_("the league has seasons of its own but no points system to count them."))
    return problems


def backup_problems(objects: list[dict]) -> list[str]:
    """The rules of the points systems and season windows a backup's rows hold (each value
    already accepted by its field), league by league: the stored rows' rules, asked before
    anything is loaded."""
    models = {"standings.pointssystem": PointsSystem, "standings.seasonwindow": SeasonWindow}
    by_league: dict = defaultdict(lambda: ([], []))
    for item in objects:
        model = models.get(str(item.get("model")).lower())
        if model is None:
            continue
        given = item["fields"]
        row = model(
            league_id=0,  # which league: the grouping below
            **{
                field.attname: field.to_python(given[field.name])
                for field in model._meta.concrete_fields
                if field.name in given and not field.is_relation
            },
        )
        by_league[str(given.get("league"))][model is SeasonWindow].append(row)
    label = _("The league's seasons")
    return [
        f"{label}: {problem}"
        for systems, windows in by_league.values()
        for problem in stored_problems(systems, windows)
    ]
