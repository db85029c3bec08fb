"""Reference folds over every seat: the slow, obvious answers the aggregate queries and the
kept counters of the league are compared with."""

from collections.abc import Iterable

from ofcleague.league.models import EveningPlayer, Status
from ofcleague.standings.kept.record import Seat
from ofcleague.standings.queries import HeadToHead


def finished_seats() -> list[Seat]:
    """Every placed seat of the finished evenings, oldest evening first, with each evening's
    field size and whether any prize was recorded that evening counted from its rows."""
    rows = list(
        EveningPlayer.objects.filter(place__isnull=False, evening__status=Status.FINISHED)
        .order_by("evening__date", "evening__start_time", "evening_id", "place", "player__name")
        .values_list(
            "evening_id",
            "evening__date",
            "player_id",
            "player__name",
            "player__slug",
            "place",
            "total",
            "prize",
            "evening__buy_in",
            "mu_before",
            "sigma_before",
            "mu_after",
            "sigma_after",
            "evening__start_time",
        )
    )
    sizes: dict[int, int] = {}
    paid: set[int] = set()
    for row in rows:
        sizes[row[0]] = sizes.get(row[0], 0) + 1
        if row[7] is not None:
            paid.add(row[0])
    return [Seat(*row[:6], sizes[row[0]], *row[6:9], row[0] in paid, *row[9:]) for row in rows]


def head_to_head(player_id: int, seats: Iterable[Seat]) -> list[HeadToHead]:
    """The player's record against every opponent met, most shared evenings first.

    ``seats`` holds every seat of the evenings to compare (seats of evenings the player did not
    play are ignored). "Ahead" means a better (lower) place; equal places count as level.
    """
    by_evening: dict[int, list[Seat]] = {}
    mine: dict[int, Seat] = {}
    for seat in seats:
        by_evening.setdefault(seat.evening_id, []).append(seat)
        if seat.player_id == player_id:
            mine[seat.evening_id] = seat
    rivals: dict[int, HeadToHead] = {}
    for evening_id, me in mine.items():
        for other in by_evening[evening_id]:
            if other.player_id == player_id:
                continue
            rival = rivals.get(other.player_id)
            if rival is None:
                rival = rivals[other.player_id] = HeadToHead(
                    other.player_id, other.player_name, other.player_slug
                )
            rival.evenings += 1
            if me.place < other.place:
                rival.ahead += 1
            elif me.place > other.place:
                rival.behind += 1
            else:
                rival.level += 1
            if me.total is not None and other.total is not None:
                rival.points_evenings += 1
                rival.net_points = (rival.net_points or 0) + me.total - other.total
    return sorted(rivals.values(), key=lambda rival: (-rival.evenings, rival.name.lower()))
