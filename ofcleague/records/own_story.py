"""The story of a season of the league's own (``standings/counted``): the race by its main
points system evening by evening, its leaders' rating curves, the records set in it and a few
plain numbers, as a calendar season's story tells them (``story.py``).

Read with a fixed number of queries (the window's seats with their hands and its hands in
Fantasyland, the window's evenings as the counting reads them, the league's record book cached
per version); the race is the pure ``counting.season_table`` after each evening.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from decimal import Decimal
from fractions import Fraction
from types import SimpleNamespace
from typing import cast

from ofcleague.records.compute import league_records
from ofcleague.records.facts import FantasylandHand, Record, SeatFact
from ofcleague.records.queries import read_days_facts, record_book
from ofcleague.records.story import (
    RACE_PLAYERS,
    Runner,
    SeasonEvening,
    Story,
    holds_league_record,
)
from ofcleague.standings.counted.facts import window_facts
from ofcleague.standings.counted.models import PointsSystem, SeasonWindow
from ofcleague.standings.counted.rules import as_counting, as_window
from ofcleague.standings.counting import (
    EveningFacts,
    SeasonRow,
    evening_points,
    season_table,
    shown,
)


def race(
    system: PointsSystem, window: SeasonWindow, evenings: list[EveningFacts]
) -> tuple[list[SeasonRow], list[dict[int, tuple[Decimal, int]]]]:
    """The window's table after its last evening (``counting.season_table``), and after each
    evening every player's (points, place) so far, ranked as that table ranks: each evening
    counted once, a player's best ``best_of`` kept in a heap (pure; linear in the evenings)."""
    counting, season = as_counting(system), as_window(window)
    kept: dict[int, list[Fraction]] = defaultdict(list)  # the counted points, smallest first
    total: dict[int, Fraction] = defaultdict(Fraction)
    played: dict[int, int] = defaultdict(int)
    after = []
    for evening in evenings:
        for key, points in evening_points(counting, evening).items():
            player = cast(int, key)
            played[player] += 1
            total[player] += points
            heapq.heappush(kept[player], points)
            if season.best_of is not None and len(kept[player]) > season.best_of:
                total[player] -= heapq.heappop(kept[player])
        order = sorted(
            total,
            key=lambda player: (
                played[player] < season.min_evenings,
                -total[player],
                played[player],
                str(player),
            ),
        )
        after.append(
            {player: (shown(total[player]), place) for place, player in enumerate(order, 1)}
        )
    return season_table(counting, season, evenings), after


def _runner(player: int, seat: SeatFact, after, told, theirs: dict[int, SeatFact]) -> Runner:
    played = [theirs[evening.evening_id] for evening in told if evening.evening_id in theirs]
    return Runner(
        player_id=player,
        name=seat.name,
        slug=seat.slug,
        so_far=tuple(standing.get(player, (0, None))[0] for standing in after),
        places=tuple(standing.get(player, (0, None))[1] for standing in after),
        rating_start=played[0].rating_before if played else None,
        ratings=tuple(
            theirs[evening.evening_id].rating_after if evening.evening_id in theirs else None
            for evening in told
        ),
    )


def _most_wins(seats: list[SeatFact]) -> tuple[int, tuple[str, ...]]:
    wins: dict[int, int] = {}
    names: dict[int, str] = {}
    for seat in seats:
        wins[seat.player_id] = wins.get(seat.player_id, 0) + (seat.place == 1)
        names[seat.player_id] = seat.name
    top = max(wins.values(), default=0)
    if not top:
        return (0, ())
    return (top, tuple(names[player] for player, count in wins.items() if count == top))


def tell_own(
    window: SeasonWindow,
    system: PointsSystem,
    evenings: list[EveningFacts],
    seats: list[SeatFact],
    hands: list[FantasylandHand],
    book_records: dict[str, Record | None],
) -> Story:
    """The window's story from its evenings as counted (by date and id), its seats with their
    hands and the league's record book (pure)."""
    final, after = race(system, window, evenings)
    about: dict[int, SeatFact] = {}
    seats_of: dict[int, dict[int, SeatFact]] = {}
    for seat in seats:
        about.setdefault(seat.player_id, seat)
        seats_of.setdefault(seat.player_id, {})[seat.evening_id] = seat
    told = tuple(
        SeasonEvening(cast(int, evening.key), evening.date, len(evening.finishes))
        for evening in evenings
    )
    records = league_records(seats, hands)
    return Story(
        year=window.first_day.year,
        evenings=told,
        runners=tuple(
            _runner(
                cast(int, row.player),
                about[cast(int, row.player)],
                after,
                told,
                seats_of[cast(int, row.player)],
            )
            for row in final[:RACE_PLAYERS]
        ),
        records=records,
        league_records=frozenset(
            kind
            for kind, record in records.items()
            if holds_league_record(record, book_records.get(kind))
        ),
        awards=(),
        players=len(seats_of),
        most_wins=_most_wins(seats),
        table=tuple(
            SimpleNamespace(
                name=about[cast(int, row.player)].name, score=shown(row.points), evenings=row.played
            )
            for row in final
            if row.ranked
        ),
        name=window.name,
        measure="points",
    )


def read_own_story(window: SeasonWindow, system: PointsSystem, request=None) -> Story:
    """The story of ``window`` under ``system`` for the active league (five queries, two of
    them only when the league's record book is not cached under this version)."""
    evenings = window_facts(window.league_id or 0, window.first_day, window.last_day)
    seats, hands = read_days_facts(window.first_day, window.last_day)
    return tell_own(window, system, evenings, seats, hands, record_book(request).records)
