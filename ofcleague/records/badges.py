"""The badges on a player's page, from the league's records and awards and the player's own
evenings: pure functions over the values ``compute.py`` makes."""

from __future__ import annotations

from collections.abc import Sequence

from ofcleague.records.facts import Award, Badge, Record, SeatFact

#: Evenings played and evenings won that earn a badge (the highest reached is shown).
EVENING_MILESTONES = (10, 25, 50, 100, 250, 500)
WIN_MILESTONES = (1, 10, 25, 50, 100)


def _milestone(count: int, steps: Sequence[int]) -> int | None:
    reached = [step for step in steps if count >= step]
    return reached[-1] if reached else None


def player_badges(
    player_id: int,
    records: dict[str, Record | None],
    awards: dict[int, list[Award]],
    seats: Sequence[SeatFact],
) -> list[Badge]:
    """The player's badges: the records they hold, the races of the latest year they lead,
    the awards of earlier years they won, and their milestones of evenings and wins."""
    badges = [
        Badge("record", kind, record.value)
        for kind, record in records.items()
        if record is not None and record.player_id == player_id
    ]
    latest = max(awards, default=None)
    for year, year_awards in sorted(awards.items(), reverse=True):
        for award in year_awards:
            if award.leaders and award.leaders[0].player_id == player_id:
                badges.append(Badge("leads" if year == latest else "won", award.kind, year))
    theirs = [seat for seat in seats if seat.player_id == player_id]
    evenings = _milestone(len(theirs), EVENING_MILESTONES)
    if evenings:
        badges.append(Badge("evenings", "", evenings))
    wins = _milestone(sum(seat.place == 1 for seat in theirs), WIN_MILESTONES)
    if wins:
        badges.append(Badge("wins", "", wins))
    return badges


def every_players_badges(records, awards, seats: Sequence[SeatFact]) -> dict[int, list[Badge]]:
    """Each player's badges (players without any are left out)."""
    by_player: dict[int, list[SeatFact]] = {}
    for seat in seats:
        by_player.setdefault(seat.player_id, []).append(seat)
    found = {}
    for player_id, theirs in by_player.items():
        badges = player_badges(player_id, records, awards, theirs)
        if badges:
            found[player_id] = badges
    return found
