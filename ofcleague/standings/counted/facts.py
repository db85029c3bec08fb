"""The finished evenings of a season window as plain facts for ``standings.counting``: one
query over their placed seats."""

from __future__ import annotations

import datetime
from collections import defaultdict

from django.db.models import Count, F, Window

from ofcleague.league.models import EveningPlayer, Status
from ofcleague.standings.counting import EveningFacts, Finish


def window_facts(
    league_id: int,
    first_day: datetime.date,
    last_day: datetime.date,
    *,
    exclude: int | None = None,
) -> list[EveningFacts]:
    """The league's finished evenings from ``first_day`` to ``last_day`` (both counted), each
    with its placed players' finishes: the place, the evening's points where entered, and the
    money won (prize less buy-in) where the evening recorded prizes. ``exclude``: an evening
    about to be deleted."""
    seats = EveningPlayer.objects.filter(
        evening__league_id=league_id,
        evening__status=Status.FINISHED,
        evening__date__range=(first_day, last_day),
        place__isnull=False,
    )
    if exclude is not None:
        seats = seats.exclude(evening_id=exclude)
    rows = seats.annotate(
        prizes_recorded=Window(Count("prize"), partition_by=[F("evening_id")])
    ).values_list(
        "evening_id",
        "evening__date",
        "player_id",
        "place",
        "total",
        "prize",
        "evening__buy_in",
        "prizes_recorded",
    )
    finishes: dict[tuple[int, datetime.date], list[Finish]] = defaultdict(list)
    for evening, date, player, place, total, prize, buy_in, paid in rows:
        won = (prize or 0) - buy_in if paid else None
        finishes[evening, date].append(Finish(player, place or 0, total, won))
    return [
        EveningFacts(key=evening, date=date, finishes=tuple(found))
        for (evening, date), found in sorted(
            finishes.items(), key=lambda item: (item[0][1], item[0][0])
        )
    ]
