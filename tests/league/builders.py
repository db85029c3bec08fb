"""Build evenings for tests: from round points (places computed) or from a finishing order."""

import random

from ofcleague.league.models import PlacesSource, RoundScore
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
