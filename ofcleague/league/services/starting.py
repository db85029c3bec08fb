"""Starting an announced evening from its answers: the players who hold a seat become the
evening's players, and tables are proposed for them (drawn at random, or balanced by rating).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ofcleague.league import kept
from ofcleague.league.kept.rating_math import NEWCOMER
from ofcleague.league.kept.ratings import ratings_before
from ofcleague.league.models import Evening, EveningPlayer, Status
from ofcleague.league.roles import RESULTS_ONLY, require
from ofcleague.league.rsvp import Answer, Rsvp
from ofcleague.league.rule_set import evening_rule_set
from ofcleague.league.services.rsvp import _announced
from ofcleague.league.services.version import _checked
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


@league_write
def start_from_answers(
    evening: Evening, user, how: str = RANDOM, rng=None, *, keep_date: bool = False
) -> list[list[int]]:
    """Start the announced evening with the players who hold a seat (in progress), and
    propose its tables: lists of the new seats' ids (EveningPlayer). An evening started
    before the day it was announced for moves to today, unless ``keep_date``; either way it
    remembers that day (``announced_for``) and can go back to it."""
    evening = _announced(evening)
    require(RESULTS_ONLY, user, evening.league)
    if how not in SEATINGS:
        raise ValidationError({"seating": _("Choose random or balanced tables.")})
    coming = list(
        Rsvp.objects.filter(evening=evening, answer=Answer.YES, waiting_since=None)
        .select_related("player")
        .order_by("answered_at", "pk")
    )
    if len(coming) < 2:
        raise ValidationError(
            _("An evening needs at least 2 players who said yes."), code="too_few_players"
        )
    evening.status = Status.IN_PROGRESS
    evening.announced_for = evening.announced_for or evening.date
    if not keep_date:
        # Started ahead of its day, the evening is played today (and can be finished tonight).
        evening.date = min(evening.date, timezone.localdate())
    evening.version += 1
    evening.save(update_fields=["status", "date", "announced_for", "version"])
    seats = []
    for answer in coming:
        seat = EveningPlayer(evening=evening, player=answer.player)
        seat.save()
        seats.append(seat)
    ratings = ratings_before([seat.player_id for seat in seats])
    strength = {seat.pk: ratings.get(seat.player_id, NEWCOMER).display for seat in seats}
    tables = propose_tables(
        [seat.pk for seat in seats], evening_rule_set(evening).table_seats, how, strength, rng
    )
    kept.refresh_after(evening)
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
    _checked(evening)
    evening.version += 1
    evening.save(update_fields=["date", "version"])
    kept.refresh_after(evening)
    return evening
