"""The badges on a player's page, from what the page can read in bounded time: the player's
kept all-time total (milestones of evenings and wins), the kept table of their latest
year (whether they lead, or won, its races) and the league's record book (which records they
hold). Pure functions over those rows.

The league's records (biggest hand, longest runs...) need every seat and hand of the league:
the player page reads them from the record book, computed once per league version and kept
in the page cache (``queries.record_book``), so the page runs no query for them while the
league has not changed (docs/records-and-embeds.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from ofcleague.records.facts import Badge

#: Evenings played and evenings won that earn a badge (the highest reached is shown).
EVENING_MILESTONES = (10, 25, 50, 100, 250, 500)
WIN_MILESTONES = (1, 10, 25, 50, 100)


def _milestone(count: int, steps: Sequence[int]) -> int | None:
    reached = [step for step in steps if count >= step]
    return reached[-1] if reached else None


def milestone_badges(evenings: int, wins: int) -> list[Badge]:
    """The highest milestones of evenings played and evenings won reached."""
    badges = []
    if played := _milestone(evenings, EVENING_MILESTONES):
        badges.append(Badge("evenings", "", played))
    if won := _milestone(wins, WIN_MILESTONES):
        badges.append(Badge("wins", "", won))
    return badges


def season_key(record) -> tuple:
    """A year's table order, as the season page ranks it: most wins, then second places,
    third places, the better average place, the name."""
    average = record.average_place if record.average_place is not None else float("inf")
    return (-record.wins, -record.seconds, -record.thirds, average, record.name)


def race_badges(player_id: int, year: int, year_records, this_year: int) -> list[Badge]:
    """The races of ``year`` (its kept table's rows) the player leads (the year still
    running) or won (a year gone by): the year's best and the most evenings."""
    if not year_records:
        return []
    kind = "leads" if year >= this_year else "won"
    badges = []
    best = min(year_records, key=season_key)
    if best.player_id == player_id and best.wins:
        badges.append(Badge(kind, "season_best", year))
    busiest = min(year_records, key=lambda record: (-record.evenings, record.name))
    if busiest.player_id == player_id:
        badges.append(Badge(kind, "most_evenings", year))
    return badges


def record_badges(player_id: int, records) -> list[Badge]:
    """The league's records (``compute.KINDS`` order, as the records page) the player holds."""
    return [
        Badge("record", kind, record.value)
        for kind, record in records.items()
        if record is not None and record.player_id == player_id
    ]
