"""A season's story: the standings race evening by evening, the rating curves of its leading
players, the records set in it, its awards and a few plain numbers.

Read with a fixed number of queries (the season's seats with their hands, its hands in
Fantasyland: ``queries.read_season_facts``; the league's record book, cached per league
version: ``queries.record_book``); everything else here is pure over those plain facts.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from decimal import Decimal
from types import SimpleNamespace

from ofcleague.records.badges import season_key
from ofcleague.records.compute import league_records
from ofcleague.records.facts import Award, FantasylandHand, Record, SeatFact
from ofcleague.records.queries import read_season_facts, record_book

#: How many of the season's leaders the race and the rating curves draw (readable on a phone).
RACE_PLAYERS = 6


@dataclass(frozen=True)
class SeasonEvening:
    """One evening of the season, in the order played."""

    evening_id: int
    date: datetime.date
    players: int


@dataclass(frozen=True)
class Runner:
    """A player in the race: after each evening of the season what the season's table counts
    so far (wins in a calendar season, points in a season of the league's own) and their place
    in the table then (``None`` before their first evening), and their shown rating after each
    evening they played (``None`` where they did not play)."""

    player_id: int
    name: str
    slug: str
    so_far: tuple[int | Decimal, ...]
    places: tuple[int | None, ...]
    rating_start: float | None
    ratings: tuple[float | None, ...]


@dataclass(frozen=True)
class Story:
    """What the story page and its card tell of the season ``year`` (a season of the league's
    own: the year it starts in, and its ``name``); ``measure``: what its race counts, "wins"
    or "points"; its ``table`` rows have a ``score`` (that measure) and ``evenings``."""

    year: int
    evenings: tuple[SeasonEvening, ...]
    runners: tuple[Runner, ...]
    records: dict[str, Record | None]
    league_records: frozenset[str]
    awards: tuple[Award, ...]
    players: int
    most_wins: tuple[int, tuple[str, ...]] = (0, ())
    table: tuple[SimpleNamespace, ...] = field(default_factory=tuple)
    name: str = ""
    measure: str = "wins"

    @property
    def biggest_field(self) -> int:
        return max((evening.players for evening in self.evenings), default=0)


class _Row(SimpleNamespace):
    """A player's season table row as it stands: what ``season_key`` ranks."""

    @property
    def score(self):
        return self.wins

    @property
    def average_place(self):
        return self.place_sum / self.placed if self.placed else None


def _new_row(seat: SeatFact) -> _Row:
    return _Row(
        player_id=seat.player_id, name=seat.name, slug=seat.slug, wins=0, seconds=0, thirds=0,
        place_sum=0, placed=0, evenings=0,
    )  # fmt: skip


def _count(row: _Row, seat: SeatFact) -> None:
    row.evenings += 1
    if seat.place is None:
        return
    row.placed += 1
    row.place_sum += seat.place
    row.wins += seat.place == 1
    row.seconds += seat.place == 2
    row.thirds += seat.place == 3


def _by_evening(seats: list[SeatFact]) -> list[list[SeatFact]]:
    """The seats grouped by evening, in the order the evenings were played."""
    groups: dict[int, list[SeatFact]] = {}
    for seat in seats:
        groups.setdefault(seat.evening_id, []).append(seat)
    return list(groups.values())


def race(seats: list[SeatFact]) -> tuple[list[_Row], list[dict[int, tuple[int, int]]]]:
    """The season's table after its last evening (ranked by ``season_key``, as the season
    page), and after each evening every player's (wins, place) so far."""
    rows: dict[int, _Row] = {}
    after: list[dict[int, tuple[int, int]]] = []
    for evening in _by_evening(seats):
        for seat in evening:
            _count(rows.setdefault(seat.player_id, _new_row(seat)), seat)
        ranked = sorted((row for row in rows.values() if row.placed), key=season_key)
        after.append({row.player_id: (row.wins, place) for place, row in enumerate(ranked, 1)})
    table = sorted((row for row in rows.values() if row.placed), key=season_key)
    return table, after


def _runner(row: _Row, after, evenings, seats_of: dict[int, dict[int, SeatFact]]) -> Runner:
    theirs = seats_of[row.player_id]
    played = [theirs[evening.evening_id] for evening in evenings if evening.evening_id in theirs]
    return Runner(
        player_id=row.player_id,
        name=row.name,
        slug=row.slug,
        so_far=tuple(standing.get(row.player_id, (0, None))[0] for standing in after),
        places=tuple(standing.get(row.player_id, (0, None))[1] for standing in after),
        rating_start=played[0].rating_before if played else None,
        ratings=tuple(
            theirs[evening.evening_id].rating_after if evening.evening_id in theirs else None
            for evening in evenings
        ),
    )


def holds_league_record(record: Record | None, league_record: Record | None) -> bool:
    return (
        record is not None
        and league_record is not None
        and (record.kind, record.value, record.player_id, record.evening_id)
        == (league_record.kind, league_record.value, league_record.player_id,
            league_record.evening_id)
    )  # fmt: skip


def tell(
    year: int,
    seats: list[SeatFact],
    hands: list[FantasylandHand],
    book_records: dict[str, Record | None],
    awards: list[Award],
) -> Story:
    """The season's story from its facts (seats oldest first) and the league's record book."""
    groups = _by_evening(seats)
    evenings = tuple(
        SeasonEvening(group[0].evening_id, group[0].date, len(group)) for group in groups
    )
    table, after = race(seats)
    seats_of: dict[int, dict[int, SeatFact]] = {}
    for seat in seats:
        seats_of.setdefault(seat.player_id, {})[seat.evening_id] = seat
    records = league_records(seats, hands)
    top_wins = max((row.wins for row in table), default=0)
    return Story(
        year=year,
        evenings=evenings,
        runners=tuple(_runner(row, after, evenings, seats_of) for row in table[:RACE_PLAYERS]),
        records=records,
        league_records=frozenset(
            kind
            for kind, record in records.items()
            if holds_league_record(record, book_records.get(kind))
        ),
        awards=tuple(awards),
        players=len(seats_of),
        most_wins=(top_wins, tuple(row.name for row in table if row.wins == top_wins))
        if top_wins
        else (0, ()),
        table=tuple(table),
    )


def read_story(year: int, request=None) -> Story:
    """The story of ``year`` for the active league (four queries, two of them only when the
    league's record book is not cached under this version)."""
    seats, hands = read_season_facts(year)
    book = record_book(request)
    return tell(year, seats, hands, book.records, book.awards.get(year, []))
