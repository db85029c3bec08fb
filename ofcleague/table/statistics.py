"""Statistics from recorded hands, per player: rates from one aggregate query's totals."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from decimal import ROUND_HALF_UP, Decimal


@dataclass(frozen=True)
class HandTotals:
    """One player's recorded hands added up, as the statistics query delivers them.

    The board counts (fouls, scoops, pairings with opponents, royalties) come only from hands
    entered with boards; a hand entered as points says nothing about them.
    """

    player_id: int
    name: str
    slug: str
    hands: int
    points: int
    best: int
    worst: int
    board_hands: int
    fouls: int
    scoops: int
    pairings: int
    fantasyland_entries: int
    fantasyland_stays: int
    royalties: int


def _ratio(part: int, whole: int, digits: int = 2) -> Decimal | None:
    if not whole:
        return None
    step = Decimal(1).scaleb(-digits)
    return (Decimal(part) / Decimal(whole)).quantize(step, rounding=ROUND_HALF_UP)


def _percent(part: int, whole: int) -> Decimal | None:
    value = _ratio(part * 100, whole, 1)
    return value


def player_statistics(totals: Iterable[HandTotals]) -> list[dict]:
    """Per player: hands, points per hand, biggest hand won and lost; where boards were
    entered also foul rate, scoop rate (share of opponents beaten in all three rows),
    Fantasyland entries and stays, royalties per hand. Most hands first."""
    result = []
    for row in totals:
        boards = row.board_hands
        stats = asdict(row)
        stats["points_per_hand"] = _ratio(row.points, row.hands)
        stats["biggest_win"] = row.best if row.best > 0 else None
        stats["biggest_loss"] = row.worst if row.worst < 0 else None
        stats["foul_rate"] = _percent(row.fouls, boards)
        stats["scoop_rate"] = _percent(row.scoops, row.pairings)
        stats["royalties_per_hand"] = _ratio(row.royalties, boards) if boards else None
        result.append(stats)
    result.sort(key=lambda stats: (-stats["hands"], stats["name"]))
    return result
