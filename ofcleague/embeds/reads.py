"""What the embed page and the read API show, as plain data: the standings of a season or of
all time in the season page's order, a page of evenings, the records and this year's races.

Each function runs a fixed number of queries, whatever the size of the league.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.urls import reverse

from ofcleague.records.badges import season_key
from ofcleague.records.compute import AWARDS, KINDS
from ofcleague.records.queries import RecordBook
from ofcleague.records.wording import AWARDS as AWARD_WORDS
from ofcleague.records.wording import RECORDS
from ofcleague.standings.counted.reads import current_window, is_closed, main_system, window_table
from ofcleague.standings.queries import alltime_records, evening_card_rows

#: Evenings per page of the API's list.
EVENINGS_PAGE_SIZE = 20


def standings(year: int | None) -> list[dict]:
    """The table of the calendar year ``year`` (all time: None), best first (one query)."""
    if year is None:
        records, _largest = alltime_records()
    else:
        records, _largest = alltime_records(year_from=year, year_to=year)
    rows = []
    for position, record in enumerate(sorted(records, key=season_key), 1):
        average = record.average_place
        rows.append(
            {
                "position": position,
                "player": record.name,
                "slug": record.slug,
                "url": reverse("standings:player", kwargs={"slug": record.slug}),
                "evenings": record.evenings,
                "wins": record.wins,
                "podiums": record.podiums,
                "average_place": None if average is None else round(average, 4),
                "points": record.points,
            }
        )
    return rows


def _number(points: Decimal) -> int | float:
    return int(points) if points == points.to_integral_value() else float(points)


def current_season(today: datetime.date) -> dict | None:
    """The league's current own season (the latest whose first day has come) with its main
    table, best first and those short of the minimum last; None for a league without one,
    which shows its calendar years (three queries)."""
    window = current_window(today)
    if window is None:
        return None
    system = main_system()
    lines = window_table(window, system) if system is not None else []
    return {
        "season": {
            "id": window.pk,
            "name": window.name,
            "first_day": window.first_day.isoformat(),
            "last_day": window.last_day.isoformat(),
            "final": is_closed(window, today),
            "url": reverse("standings:window", kwargs={"window": window.pk}),
        },
        "system": system.name if system is not None else None,
        "standings": [
            {
                "position": line.place,
                "player": line.player_name,
                "slug": line.player_slug,
                "url": reverse("standings:player", kwargs={"slug": line.player_slug}),
                "points": _number(line.points),
                "evenings": line.played,
                "counted": line.counted,
                "ranked": line.ranked,
            }
            for line in lines
        ],
    }


def evenings_page(number: int) -> list[dict]:
    """Page ``number`` (1 the newest) of the league's evenings with their finishing order
    (one query)."""
    rows = evening_card_rows((number - 1) * EVENINGS_PAGE_SIZE, EVENINGS_PAGE_SIZE)
    evenings: dict[int, dict] = {}
    for pk, date, start, status, rounds, hands, _buy_in, variant, place, name, slug in rows:
        evening = evenings.setdefault(
            pk,
            {
                "id": pk,
                "date": date.isoformat(),
                "start_time": start.strftime("%H:%M"),
                "status": status,
                "variant": variant,
                "rounds": rounds,
                "hands_per_round": hands,
                "url": reverse("results:evening", kwargs={"pk": pk}),
                "players": [],
            },
        )
        if name is not None:
            evening["players"].append({"place": place, "player": name, "slug": slug})
    return list(evenings.values())


def _player(name: str, slug: str) -> dict:
    return {
        "name": name,
        "slug": slug,
        "url": reverse("standings:player", kwargs={"slug": slug}),
    }


def records_data(book: RecordBook) -> dict:
    """The records (an unset one with ``"record": null``) and the latest year's races."""
    records = []
    for kind in KINDS:
        record = book.records.get(kind)
        title, counts = RECORDS[kind]
        entry: dict[str, object] = {
            "kind": kind,
            "title": str(title),
            "counts": str(counts),
            "record": None,
        }
        if record is not None:
            entry["record"] = {
                "value": record.value,
                "player": _player(record.name, record.slug),
                "evening": {
                    "id": record.evening_id,
                    "date": record.date.isoformat(),
                    "url": reverse("results:evening", kwargs={"pk": record.evening_id}),
                },
                "since": record.started.isoformat(),
                "shared": record.shared,
            }
        records.append(entry)
    year = max(book.awards, default=None)
    awards = [
        {
            "kind": award.kind,
            "title": str(AWARD_WORDS[award.kind][0]),
            "counts": str(AWARD_WORDS[award.kind][1]),
            "leaders": [
                {**_player(leader.name, leader.slug), "value": leader.value}
                for leader in award.leaders
            ],
        }
        for award in (book.awards.get(year, []) if year is not None else [])
        if award.kind in AWARDS
    ]
    return {"records": records, "awards": {"year": year, "races": awards}}
