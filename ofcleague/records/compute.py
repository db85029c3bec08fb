"""The league's records and yearly awards from plain facts: pure functions, no database.

A record is the greatest number of its kind; among equal numbers the first to reach it holds
it (the earliest evening), the others count as ``shared``. No number greater than zero: no
record of that kind yet. A run's record names the evening the run reached its length.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Sequence
from itertools import groupby
from types import SimpleNamespace

from ofcleague.records.badges import season_key
from ofcleague.records.facts import Award, FantasylandHand, Record, SeatFact, Standing

#: The records kept from one seat's numbers, in the order the page shows them.
SEAT_RECORDS: dict[str, Callable[[SeatFact], int | None]] = {
    "points_evening": lambda seat: seat.total,
    "biggest_hand": lambda seat: seat.best_hand,
    "scoops_evening": lambda seat: seat.scoops,
    "fantasylands_evening": lambda seat: seat.fantasylands,
    "royalties_evening": lambda seat: seat.royalties,
}
#: The records of runs over a player's evenings, oldest first: what keeps a run going.
RUN_RECORDS: dict[str, Callable[[SeatFact], bool]] = {
    "money_run": lambda seat: seat.prize is not None and seat.prize > 0,
    "win_run": lambda seat: seat.place == 1,
    "podium_run": lambda seat: seat.place is not None and seat.place <= 3,
}
FANTASYLAND_STAY = "fantasyland_stay"
KINDS = (*SEAT_RECORDS, FANTASYLAND_STAY, *RUN_RECORDS)
#: The yearly awards, in the order the page shows them.
AWARDS = ("season_best", "most_improved", "most_evenings")
#: How many of an award's race the page shows.
LEADERS = 3


def _order(seat: SeatFact) -> tuple:
    return (seat.date, seat.evening_id, seat.seat_id)


def _best(candidates: Iterable[tuple[int, tuple, Record]]) -> Record | None:
    """The record among ``(value, when, record)`` candidates: the greatest value, reached
    first; ``shared`` counts the other candidates with that value."""
    chosen = [item for item in candidates if item[0] > 0]
    if not chosen:
        return None
    top = max(value for value, _when, _record in chosen)
    holders = sorted((item for item in chosen if item[0] == top), key=lambda item: item[1])
    first = holders[0][2]
    return Record(**{**first.__dict__, "shared": len(holders) - 1})


def _record(kind: str, value: int, seat: SeatFact, started=None) -> Record:
    return Record(
        kind=kind,
        value=value,
        player_id=seat.player_id,
        name=seat.name,
        slug=seat.slug,
        evening_id=seat.evening_id,
        date=seat.date,
        started=started or seat.date,
    )


def seat_record(kind: str, seats: Iterable[SeatFact]) -> Record | None:
    """The record of a seat's number ``kind`` (one of ``SEAT_RECORDS``)."""
    number = SEAT_RECORDS[kind]
    return _best(
        (value, _order(seat), _record(kind, value, seat))
        for seat in seats
        if (value := number(seat)) is not None
    )


def runs(seats: Sequence[SeatFact], keeps: Callable[[SeatFact], bool]):
    """Every run of a player's evenings that ``keeps`` holds for, at its full length, as
    (length, first seat, last seat): the player's seats are taken oldest first."""
    found = []
    by_player = sorted(seats, key=lambda seat: (seat.player_id, *_order(seat)))
    for _player, theirs in groupby(by_player, key=lambda seat: seat.player_id):
        run: list[SeatFact] = []
        for seat in [*theirs, None]:
            if seat is not None and keeps(seat):
                run.append(seat)
                continue
            if run:
                found.append((len(run), run[0], run[-1]))
            run = []
    return found


def run_record(kind: str, seats: Sequence[SeatFact]) -> Record | None:
    """The longest run of ``kind`` (one of ``RUN_RECORDS``): the evening that reached it."""
    return _best(
        (length, _order(last), _record(kind, length, last, started=first.date))
        for length, first, last in runs(seats, RUN_RECORDS[kind])
    )


def fantasyland_stays(hands: Iterable[FantasylandHand]) -> dict[int, int]:
    """Per seat its longest stay: the most hands in a row it played in Fantasyland at one
    table (consecutive hand numbers)."""
    longest: dict[int, int] = {}
    ordered = sorted(hands, key=lambda hand: (hand.seat_id, hand.round_table_id, hand.number))
    previous, length = None, 0
    for hand in ordered:
        key = (hand.seat_id, hand.round_table_id)
        following = previous is not None and previous[:2] == key and previous[2] == hand.number - 1
        length = length + 1 if following else 1
        longest[hand.seat_id] = max(longest.get(hand.seat_id, 0), length)
        previous = (*key, hand.number)
    return longest


def stay_record(seats: Iterable[SeatFact], hands: Iterable[FantasylandHand]) -> Record | None:
    """The longest stay in Fantasyland, at the evening it was played."""
    stays = fantasyland_stays(hands)
    return _best(
        (stays[seat.seat_id], _order(seat), _record(FANTASYLAND_STAY, stays[seat.seat_id], seat))
        for seat in seats
        if seat.seat_id in stays
    )


def league_records(
    seats: Sequence[SeatFact], hands: Iterable[FantasylandHand]
) -> dict[str, Record | None]:
    """Every record of ``KINDS`` (``None``: nobody has one yet), in the page's order."""
    found: dict[str, Record | None] = {kind: seat_record(kind, seats) for kind in SEAT_RECORDS}
    found[FANTASYLAND_STAY] = stay_record(seats, hands)
    found.update({kind: run_record(kind, seats) for kind in RUN_RECORDS})
    return found


def _standing(seat: SeatFact, value: float) -> Standing:
    return Standing(player_id=seat.player_id, name=seat.name, slug=seat.slug, value=value)


def _leaders(rows: list[tuple[tuple, Standing]]) -> tuple[Standing, ...]:
    """The ``LEADERS`` first standings by their sort key (smaller first), then by name."""
    rows.sort(key=lambda row: (row[0], row[1].name))
    return tuple(standing for _key, standing in rows[:LEADERS])


def season_best(year_seats: list[SeatFact]) -> tuple[Standing, ...]:
    """The year's table as the season page ranks it (``badges.season_key``: most wins, then
    second and third places, the better average place); the number shown is the wins."""
    rows = []
    for _player, group in groupby(year_seats, key=lambda seat: seat.player_id):
        theirs = [seat for seat in group if seat.place is not None]
        if not theirs:
            continue
        places = [seat.place for seat in theirs]
        table_row = SimpleNamespace(
            wins=places.count(1),
            seconds=places.count(2),
            thirds=places.count(3),
            average_place=sum(places) / len(places),  # type: ignore[arg-type]
            name=theirs[0].name,
        )
        rows.append((season_key(table_row), _standing(theirs[0], table_row.wins)))
    return _leaders(rows)


def most_improved(year_seats: list[SeatFact], first_dates: dict[int, datetime.date]):
    """The rating gained in the year (after its last evening minus before its first) by
    players rated before the year: a newcomer's first rating is no improvement."""
    rows = []
    for _player, group in groupby(year_seats, key=lambda seat: seat.player_id):
        theirs = list(group)
        first, last = theirs[0], theirs[-1]
        if first_dates[first.player_id] >= first.date or first.rating_before is None:
            continue
        if last.rating_after is None:
            continue
        gain = round(last.rating_after - first.rating_before, 1)
        if gain > 0:
            rows.append(((-gain,), _standing(first, gain)))
    return _leaders(rows)


def most_evenings(year_seats: list[SeatFact]) -> tuple[Standing, ...]:
    """Most evenings played in the year."""
    rows = []
    for _player, group in groupby(year_seats, key=lambda seat: seat.player_id):
        theirs = list(group)
        rows.append(((-len(theirs),), _standing(theirs[0], len(theirs))))
    return _leaders(rows)


def yearly_awards(seats: Sequence[SeatFact]) -> dict[int, list[Award]]:
    """Each year's awards (``AWARDS``), newest year first: the leaders of each race so far."""
    first_dates: dict[int, datetime.date] = {}
    for seat in sorted(seats, key=_order):
        first_dates.setdefault(seat.player_id, seat.date)
    by_year: dict[int, list[SeatFact]] = {}
    for seat in sorted(seats, key=lambda seat: (seat.player_id, *_order(seat))):
        by_year.setdefault(seat.date.year, []).append(seat)
    awards = {}
    for year in sorted(by_year, reverse=True):
        year_seats = by_year[year]
        races = {
            "season_best": season_best(year_seats),
            "most_improved": most_improved(year_seats, first_dates),
            "most_evenings": most_evenings(year_seats),
        }
        awards[year] = [Award(kind, year, races[kind]) for kind in AWARDS]
    return awards
