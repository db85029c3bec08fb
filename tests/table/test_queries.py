"""The evening page and the player page run a fixed number of queries with hands recorded."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ofcleague.table import services
from ofcleague.table.models import Hand
from tests.table.conftest import boards_hand, seat_ids

pytestmark = pytest.mark.django_db

RANKS = "23456789TJQKA"
SUITS = "shdc"


def random_boards(rng):
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    rng.shuffle(deck)
    return [
        (" ".join(deck[i : i + 3]), " ".join(deck[i + 3 : i + 8]), " ".join(deck[i + 8 : i + 13]))
        for i in range(0, 52, 13)
    ]


def play(evening, rounds, hands):
    rng = random.Random(11)
    players = seat_ids(evening)[:4]
    for number in rounds:
        table = services.seat_table(evening, number, 1, players)
        for hand in range(1, hands + 1):
            boards_hand(table, hand, random_boards(rng))


def counts(client, evening):
    player = evening.players.order_by("player__name").first().player
    result = {}
    for name, url in {
        "evening": evening.get_absolute_url(),
        "player": player.get_absolute_url(),
    }.items():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        result[name] = len(queries)
    return result


def test_pages_keep_their_query_count_with_45_hands_of_boards(client, evening):
    evening.hands_per_round = 15
    evening.save()
    play(evening, [1], 1)
    few = counts(client, evening)
    play(evening, [2, 3], 15)
    services.undo_last_hand(evening.round_tables.get(round_number=1), 1)
    play_round_one = evening.round_tables.get(round_number=1)
    rng = random.Random(5)
    for hand in range(1, 16):
        boards_hand(play_round_one, hand, random_boards(rng))
    assert Hand.objects.count() == 45
    many = counts(client, evening)
    assert few == many
    # The live section adds its five queries, the statistics one, to the evening page's
    # budget of 3; the statistics add one to the player page's 3 (player, seats, head-to-head).
    assert many["evening"] <= 3 + 5 + 1
    assert many["player"] <= 3 + 1
