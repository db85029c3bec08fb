"""Statistics from recorded hands, per player: pure functions over one query's rows."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal


@dataclass(frozen=True)
class HandRow:
    """One player's result in one hand, as the statistics need it."""

    player_id: int
    name: str
    slug: str
    points: int
    boards: bool
    fouled: bool
    in_fantasyland: bool
    earned_fantasyland: bool
    royalties: int | None
    scoops: int | None
    opponents: int


def _ratio(part: int, whole: int, digits: int = 2) -> Decimal | None:
    if not whole:
        return None
    step = Decimal(1).scaleb(-digits)
    return (Decimal(part) / Decimal(whole)).quantize(step, rounding=ROUND_HALF_UP)


def _percent(part: int, whole: int) -> Decimal | None:
    value = _ratio(part * 100, whole, 1)
    return value


def player_statistics(rows: Iterable[HandRow]) -> list[dict]:
    """Per player: hands, points per hand, biggest hand won and lost; where boards were
    entered also foul rate, scoop rate (share of opponents beaten in all three rows),
    Fantasyland entries and stays, royalties per hand. Most hands first."""
    players: dict[int, dict] = {}
    for row in rows:
        stats = players.setdefault(
            row.player_id,
            {
                "name": row.name,
                "slug": row.slug,
                "hands": 0,
                "points": 0,
                "best": None,
                "worst": None,
                "board_hands": 0,
                "fouls": 0,
                "scoops": 0,
                "pairings": 0,
                "fantasyland_entries": 0,
                "fantasyland_stays": 0,
                "royalties": 0,
            },
        )
        stats["hands"] += 1
        stats["points"] += row.points
        stats["best"] = row.points if stats["best"] is None else max(stats["best"], row.points)
        stats["worst"] = row.points if stats["worst"] is None else min(stats["worst"], row.points)
        if row.earned_fantasyland:
            key = "fantasyland_stays" if row.in_fantasyland else "fantasyland_entries"
            stats[key] += 1
        if row.boards:
            stats["board_hands"] += 1
            stats["fouls"] += row.fouled
            stats["scoops"] += row.scoops or 0
            stats["pairings"] += row.opponents
            stats["royalties"] += row.royalties or 0
    result = []
    for stats in players.values():
        boards = stats["board_hands"]
        stats["points_per_hand"] = _ratio(stats["points"], stats["hands"])
        stats["biggest_win"] = stats["best"] if stats["best"] and stats["best"] > 0 else None
        stats["biggest_loss"] = stats["worst"] if stats["worst"] and stats["worst"] < 0 else None
        stats["foul_rate"] = _percent(stats["fouls"], boards)
        stats["scoop_rate"] = _percent(stats["scoops"], stats["pairings"])
        stats["royalties_per_hand"] = _ratio(stats["royalties"], boards) if boards else None
        result.append(stats)
    result.sort(key=lambda stats: (-stats["hands"], stats["name"]))
    return result
