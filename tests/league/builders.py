"""Build evenings for tests: from round points (places computed) or from a finishing order."""

from ofcleague.league.models import PlacesSource, RoundScore
from ofcleague.league.standings import evening_standings
from tests.factories import EveningFactory, EveningPlayerFactory


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
