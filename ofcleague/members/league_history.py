"""A league's stored history as the evenings an import reads (for the export page): every
finished evening, oldest first, with its players in place order, their round points and prizes."""

from __future__ import annotations

from collections import defaultdict

from ofcleague.imports.rows import ImportedEvening, ImportedPlace
from ofcleague.league.current import using_league
from ofcleague.league.models import Evening, EveningPlayer, RoundScore, Status


def league_history(league) -> list[ImportedEvening]:
    """The finished evenings of ``league`` (three queries)."""
    with using_league(league):
        evenings = list(
            Evening.objects.filter(status=Status.FINISHED).order_by("date", "start_time", "pk")
        )
        seats = defaultdict(list)
        for seat in (
            EveningPlayer.objects.filter(evening__in=evenings)
            .select_related("player")
            .order_by("place", "tie_break", "player__name")
        ):
            seats[seat.evening_id].append(seat)
        points = defaultdict(dict)
        for seat_id, number, value in RoundScore.objects.filter(
            evening_player__evening__in=evenings
        ).values_list("evening_player_id", "round_number", "points"):
            points[seat_id][number] = value
    return [_evening(evening, seats[evening.pk], points) for evening in evenings]


def _evening(evening, seats, points) -> ImportedEvening:
    places = []
    for seat in seats:
        scores = points.get(seat.pk)
        rounds = tuple(scores.get(n, 0) for n in range(1, evening.rounds + 1)) if scores else None
        places.append(
            ImportedPlace(
                line=0, player=seat.player.name, place=seat.place, points=rounds,
                total=seat.total if rounds else None, prize=seat.prize,
            )
        )  # fmt: skip
    return ImportedEvening(
        date=evening.date,
        start_time=evening.start_time,
        buy_in=evening.buy_in,
        rounds=evening.rounds,
        hands_per_round=evening.hands_per_round,
        variant=evening.variant,
        places=tuple(places),
    )
