"""The evening page and the player page run a fixed number of queries with hands recorded,
and so does recording a hand."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ofcleague.table import services
from ofcleague.table.models import Hand
from ofcleague.table.services import ResultInput
from tests.table.conftest import boards_hand, points_hand, seat_ids

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
    player = evening.seats.order_by("player__name").first().player
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
    # budget of 3; the statistics add one to the player page's 3 (player, seats, head-to-head);
    # both read the league version first (ofcleague/web/cache.py).
    assert many["evening"] <= 1 + 3 + 5 + 1
    assert many["player"] <= 1 + 3 + 1


def round_points_reads(queries) -> int:
    """How many of ``queries`` read the round points (the league's RoundScore rows)."""
    return sum(
        query["sql"].startswith("SELECT") and 'FROM "league_roundscore"' in query["sql"]
        for query in queries
    )


def test_recording_a_hand_runs_a_fixed_number_of_queries(evening, django_assert_num_queries):
    """The second hand at table 1 of two tables of four: four results, four round points and
    four places change. The table locks the evening, checks the entry id (2), reads the table,
    its last hand with its results (2) and its seats, writes the hand with its history (2) and
    its results in one INSERT with their history in one more (2), reads the round's sums of
    hands and its seats at the tables (2); it claims the evening it locked (1, not read
    again), stores the round as the league's save_round does without a savepoint of its own:
    reads the seats and the round points once, writes the changed round points and their
    history (2) and the changed places likewise (2); the evening itself is unchanged (still
    in progress: no write); the kept ratings look at the evening's history (1), the league's
    own season tables whether the league has a season of its own (1); the money asks whether
    anything can follow (1: the league has no transfers, the evening no pot); the league
    version is replaced (1); 2 savepoint statements (the test's own transaction). On
    PostgreSQL the kept numbers take their lock first (1 more). (48 queries before the rows of
    a kind were written together, 31 before the evening was written only when it changed.)"""
    ids = seat_ids(evening)
    table = services.seat_table(evening, 1, 1, ids[:4])
    services.seat_table(evening, 1, 2, ids[4:])
    points_hand(table, 1, [3, -1, -1, -1])
    expected = 26 + (connection.vendor == "postgresql")
    with django_assert_num_queries(expected) as queries:
        points_hand(table, 2, [3, -1, -1, -1])
    assert round_points_reads(queries.captured_queries) == 1


def test_every_write_of_a_hand_reads_the_round_points_once(evening):
    """Recording, correcting and undoing a hand, and seating a table again while the round
    is played, read the round points once."""
    ids = seat_ids(evening)
    table = services.seat_table(evening, 1, 1, ids[:4])
    points_hand(table, 1, [3, -1, -1, -1])
    services.seat_table(evening, 1, 2, ids[4:6])
    changed = [ResultInput(seat=seat, points=value) for seat, value in enumerate([2, 0, -1, -1], 1)]
    for write in (
        lambda: points_hand(table, 2, [1, -1, 0, 0]),
        lambda: services.correct_hand(table, 1, entry="points", results=changed),
        lambda: services.undo_last_hand(table, 2),
        lambda: services.seat_table(evening, 1, 2, ids[5:7]),
    ):
        with CaptureQueriesContext(connection) as queries:
            write()
        assert round_points_reads(queries) == 1


def test_the_pads_save_answers_from_a_fixed_number_of_queries(keeper_client, scorekeeper, evening):
    """What the phone waits for, the request whole: the league, the session, the account and
    its role (4), the table (1), the service's 26 (with its transaction's 2 statements, in
    the test's own transaction), and the answer's state (4: the seats, the hands, their
    results, the evening's version), which also holds the saved hand. Each row written keeps
    its history record, by the keeper (59 queries before, 40 before the evening was written
    only when it changed)."""
    from django.urls import reverse

    from ofcleague.table.models import HandResult
    from tests.table.test_views import payload, post

    ids = seat_ids(evening)
    table = services.seat_table(evening, 1, 1, ids[:4])
    services.seat_table(evening, 1, 2, ids[4:])
    points_hand(table, 1, [3, -1, -1, -1])
    url = reverse("table:api_hands", args=[evening.pk, 1, 1])
    sent = payload(values=(2, 2, -1, -3), number=2)
    expected = 35 + (connection.vendor == "postgresql")
    with CaptureQueriesContext(connection) as queries:
        answer = post(keeper_client, url, sent)
    assert answer.status_code == 201 and len(queries) == expected
    assert answer.json()["hand"]["id"] == sent["id"]
    assert [r["points"] for r in answer.json()["hand"]["results"]] == [2, 2, -1, -3]
    records = HandResult.history.filter(hand__client_id=sent["id"])
    assert {(r.history_type, r.history_user_id) for r in records} == {("+", scorekeeper.pk)}
    assert records.count() == 4
