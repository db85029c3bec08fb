"""Seating an evening's players: how many tables of which sizes, the rule said in words, tables
proposed at random or balanced by rating; and an evening started early moved back to the day
it was announced for. (Starting an announced evening from its answers is the rsvp app's:
``ofcleague/rsvp/services/starting.py``.)
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ofcleague.league import hooks
from ofcleague.league.models import Evening, Status
from ofcleague.league.roles import RESULTS_ONLY, require
from ofcleague.league.services.version import validated
from ofcleague.scoring import RuleSet
from ofcleague.web.league_writes import league_write

RANDOM = "random"
BALANCED = "balanced"
SEATINGS = (RANDOM, BALANCED)


def table_sizes(players: int, most: int) -> list[int]:
    """The fewest tables of at most ``most`` seats for ``players``, as even as can be
    (6 at three a table: 3 and 3; 7 at four: 4 and 3)."""
    if players < 2:
        return []
    tables = math.ceil(players / most)
    small, extra = divmod(players, tables)
    return [small + 1] * extra + [small] * (tables - extra)


def seating_rule(rules: RuleSet, players: int) -> str:
    """The table-size rule seating applies, said with what it makes of ``players`` ("… seats
    at most 4 players at a table, so 5 players play at 2 tables: 3 + 2.")."""
    sizes = table_sizes(players, rules.table_seats)
    most = ngettext(
        "“%(rules)s” seats at most %(most)s player at a table",
        "“%(rules)s” seats at most %(most)s players at a table",
        rules.table_seats,
    ) % {"rules": _(rules.label), "most": rules.table_seats}
    if len(sizes) < 2:
        return _("%(most)s, so %(players)s players play at one table.") % {
            "most": most,
            "players": players,
        }
    return _("%(most)s, so %(players)s players play at %(tables)s tables: %(sizes)s.") % {
        "most": most,
        "players": players,
        "tables": len(sizes),
        "sizes": " + ".join(str(size) for size in sizes),
    }


def propose_tables(
    players: Sequence, most: int, how: str, strength: Mapping | None = None, rng=None
) -> list[list]:
    """The players split into tables of at most ``most``: at random, or balanced (the
    strongest dealt round the tables in turn, snake order, so each table gets its share)."""
    sizes = table_sizes(len(players), most)
    order = list(players)
    if how == BALANCED:
        order.sort(key=lambda player: (-(strength or {}).get(player, 0.0), str(player)))
        tables: list[list] = [[] for _size in sizes]
        turn = [*range(len(sizes)), *reversed(range(len(sizes)))]
        step = 0
        for player in order:
            while len(tables[turn[step % len(turn)]]) >= sizes[turn[step % len(turn)]]:
                step += 1
            tables[turn[step % len(turn)]].append(player)
            step += 1
        return tables
    (rng or random).shuffle(order)
    tables, start = [], 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    return tables


def moved_from_its_day(evening: Evening) -> bool:
    """Whether a started evening lies on another day than the one it was announced for."""
    return (
        evening.announced_for is not None
        and evening.status in (Status.IN_PROGRESS, Status.FINISHED)
        and evening.date != evening.announced_for
    )


@league_write
def back_to_announced_day(evening: Evening, user) -> Evening:
    """Move an evening started early (and moved to that day) back to the day it was
    announced for, also once finished: that day was the league's choice in advance."""
    evening = (
        Evening.objects.select_for_update(of=("self",)).select_related("league").get(pk=evening.pk)
    )
    require(RESULTS_ONLY, user, evening.league)
    if not moved_from_its_day(evening):
        raise ValidationError(
            _("This evening lies on the day it was announced for, or was never announced.")
        )
    evening.date = evening.announced_for
    validated(evening)
    evening.version += 1
    evening.save(update_fields=["date", "version"])
    hooks.evening_changed(evening)
    return evening
