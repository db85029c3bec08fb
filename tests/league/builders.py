"""Build evenings for tests: from round points (places computed) or from a finishing order."""

import datetime
import random
from decimal import Decimal

from ofcleague.league import services
from ofcleague.league.models import EveningPlayer, PlacesSource, RoundScore
from ofcleague.league.places import evening_standings
from tests.factories import EveningFactory, EveningPlayerFactory, PlayerFactory


def evening_from_points(points, prizes=None, tie_breaks=None, **evening):
    """An evening whose places come from ``points`` ({player: [round points]})."""
    rounds = max(len(values) for values in points.values())
    night = EveningFactory(rounds=rounds, places_source=PlacesSource.POINTS, **evening)
    standings = evening_standings(points, tie_breaks)
    prizes = prizes or {}
    for player, values in points.items():
        seat = EveningPlayerFactory(
            evening=night,
            player=player,
            place=standings.places[player],
            total=standings.totals[player],
            prize=prizes.get(player),
            tie_break=(tie_breaks or {}).get(player),
        )
        RoundScore.objects.bulk_create(
            RoundScore(evening_player=seat, round_number=number, points=value)
            for number, value in enumerate(values, 1)
        )
    return night


def evening_from_order(order, **evening):
    """An evening with only a finishing order (like the league's history)."""
    night = EveningFactory(places_source=PlacesSource.ENTERED, **evening)
    for place, player in enumerate(order, 1):
        EveningPlayerFactory(evening=night, player=player, place=place)
    return night


def build_league(evenings, players=8, seed=1):
    """A league of ``evenings`` evenings: alternately from points (with prizes) and by order."""
    rng = random.Random(seed)
    people = [PlayerFactory() for _ in range(players)]
    for number in range(evenings):
        field = rng.sample(people, rng.randint(3, min(6, players)))
        if number % 2:
            evening_from_order(field)
            continue
        points = {player: [] for player in field}
        for _round in range(3):
            values = [rng.randint(-20, 20) for _ in field[1:]]
            for player, value in zip(field, [-sum(values), *values], strict=True):
                points[player].append(value)
        winner = max(field, key=lambda player: sum(points[player]))
        evening_from_points(points, prizes={winner: 10 * len(field)})
    return people


def played_five(five, rounds=((8, 4, 0, -5, -7), (3, 1, -2, 3, -5)), buy_in=Decimal("5")):
    """A finished evening of five at 5 € (pot 25 €, the default split), by round totals."""
    evening = services.create_evening(
        players=five,
        date=datetime.date(2026, 11, 20),
        start_time=datetime.time(19),
        buy_in=buy_in,
        rounds=len(rounds),
    )
    seats = {seat.player_id: seat.pk for seat in EveningPlayer.objects.filter(evening=evening)}
    points = {
        seats[player.pk]: {number: values[index] for number, values in enumerate(rounds, 1)}
        for index, player in enumerate(five)
    }
    return services.finish_with_default_prizes(evening, evening.version, points)


def corrected_round(evening, number, values, five):
    """Round ``number`` of ``evening`` saved again with ``values``, in the order of ``five``."""
    evening.refresh_from_db()
    seats = {seat.player_id: seat.pk for seat in EveningPlayer.objects.filter(evening=evening)}
    points = {seats[player.pk]: value for player, value in zip(five, values, strict=True)}
    return services.save_round(evening, evening.version, number, points)
