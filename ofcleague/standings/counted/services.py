"""The owner's writes to the league's ways of counting: points systems and season windows.
Each checks the rules (``rules.py``) before it writes, and refreshes the kept tables it
changes in its own transaction."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League
from ofcleague.league.roles import OWNER_ONLY, require
from ofcleague.standings.counted.models import CountedRow, PointsSystem, SeasonWindow
from ofcleague.standings.counted.refresh import refresh_tables
from ofcleague.standings.counted.rules import system_problems, window_problems
from ofcleague.web.league_writes import league_write


def _refuse_if(problems: dict[str, list[str]]) -> None:
    if problems:
        raise ValidationError(problems)


def _name_taken(model: Any, name: str, pk: int | None) -> None:
    if model.objects.filter(name__iexact=name.strip()).exclude(pk=pk).exists():
        raise ValidationError({"name": [_("The league already has one of this name.")]})


def _to_change(model: Any, league: League, name: str, pk: int | None) -> Any:
    """A new row of ``model`` for the league (``pk`` None) or the league's row ``pk``, locked,
    once its name is known to be free."""
    row = model(league=league) if pk is None else model.objects.select_for_update().get(pk=pk)
    _name_taken(model, name, pk)
    return row


@league_write
def save_points_system(
    owner,
    league: League,
    *,
    name: str,
    places: list[int],
    per_place_from_last: int = 0,
    for_playing: int = 0,
    per_beaten: int = 0,
    ofc_points: Decimal = Decimal(0),
    money: Decimal = Decimal(0),
    share_ties: bool = True,
    main: bool = False,
    pk: int | None = None,
) -> PointsSystem:
    """Add a points system to the league (``pk`` None) or change one; ``main``: it becomes
    the league's main table (the first system always is). Every window's table under it is
    computed again."""
    require(OWNER_ONLY, owner, league)
    name = name.strip()
    fields: dict[str, Any] = {
        "name": name,
        "places": places,
        "per_place_from_last": per_place_from_last,
        "for_playing": for_playing,
        "per_beaten": per_beaten,
        "ofc_points": ofc_points,
        "money": money,
    }
    _refuse_if(system_problems(**fields))
    with using_league(league):
        system = _to_change(PointsSystem, league, name, pk)
        others = PointsSystem.objects.all() if pk is None else PointsSystem.objects.exclude(pk=pk)
        main = main or not others.filter(main=True).exists()
        if main:
            others.filter(main=True).update(main=False)
        for field, value in fields.items():
            setattr(system, field, value)
        system.share_ties = share_ties
        system.main = main
        system.save()
        refresh_tables(SeasonWindow.objects.all(), [system])
    return system


@league_write
def delete_points_system(owner, league: League, pk: int) -> None:
    """Delete a points system and its tables; if it was the main table, the next one (by
    name) becomes it. A league with seasons of its own keeps at least one."""
    require(OWNER_ONLY, owner, league)
    with using_league(league):
        system = PointsSystem.objects.select_for_update().get(pk=pk)
        others = PointsSystem.objects.exclude(pk=pk)
        if not others.exists() and SeasonWindow.objects.exists():
            raise ValidationError(
                _(
                    "The league's seasons are counted with this points system: add another "
                    "first, or delete the seasons."
                )
            )
        system.delete()
        if system.main and (successor := others.order_by("name", "pk").first()) is not None:
            successor.main = True
            successor.save(update_fields=["main"])


@league_write
def save_season_window(
    owner,
    league: League,
    *,
    name: str,
    first_day: datetime.date | None,
    last_day: datetime.date | None,
    best_of: int | None = None,
    min_evenings: int = 0,
    pk: int | None = None,
) -> SeasonWindow:
    """Add a season window (``pk`` None) or change one; its tables under every points system
    are computed again. A league without a points system gets one: a point per opponent
    beaten, the counting of the all-time table."""
    require(OWNER_ONLY, owner, league)
    name = name.strip()
    fields: dict[str, Any] = {
        "name": name,
        "first_day": first_day,
        "last_day": last_day,
        "best_of": best_of,
        "min_evenings": min_evenings,
    }
    _refuse_if(window_problems(**fields))
    with using_league(league):
        window = _to_change(SeasonWindow, league, name, pk)
        for field, value in fields.items():
            setattr(window, field, value)
        window.save()
        if not PointsSystem.objects.exists():
            PointsSystem.objects.create(
                league=league, name=_("Opponents beaten"), per_beaten=1, main=True
            )
        refresh_tables([window], list(PointsSystem.objects.all()))
    return window


@league_write
def delete_season_window(owner, league: League, pk: int) -> None:
    """Delete a season window and its tables (the evenings stay as they are)."""
    require(OWNER_ONLY, owner, league)
    with using_league(league):
        window = SeasonWindow.objects.select_for_update().get(pk=pk)
        CountedRow.objects.filter(window=window).delete()
        window.delete()
