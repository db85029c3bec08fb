"""The live view of an evening in progress (``table.queries.live_evening``): what it shows, and
that it reads it in two queries however many hands and tables the evening has."""

import pytest

from ofcleague.table import services
from ofcleague.table.queries import LAST_HANDS, live_evening
from tests.table.conftest import points_hand, seat_ids

pytestmark = pytest.mark.django_db


def play(pineapple, table1, table2):
    """Table 2 finishes the round's five hands, table 1 plays two, Fantasyland along the way."""
    points_hand(table1, 1, [5, -2, -3], fantasyland={1: 14})
    for number in range(1, 6):
        points_hand(table2, number, [1, 0, -1], fantasyland={2: 15} if number == 5 else None)
    points_hand(table1, 2, [2, -1, -1], fantasyland={3: 16})


def test_the_live_view_shows_the_round_the_tables_the_last_hands_and_fantasyland(
    pineapple, pineapple_table, pineapple_table2
):
    play(pineapple, pineapple_table, pineapple_table2)
    live = live_evening(pineapple)
    assert live["current_round"] == 1
    assert live["tables"] == [(1, 2), (2, 5)]
    assert live["hands_per_round"] == 5
    shown = [(hand["round"], hand["table"], hand["number"]) for hand in live["last_hands"]]
    assert len(shown) == LAST_HANDS == 6
    assert shown == [(1, 1, 2), (1, 2, 5), (1, 2, 4), (1, 2, 3), (1, 2, 2), (1, 2, 1)]
    assert live["last_hands"][0]["results"] == [("Anna", 2), ("Bert", -1), ("Cleo", -1)]
    assert live["last_hands"][1]["results"] == [("Dora", 1), ("Emil", 0), ("Fred", -1)]
    # Only each playing table's latest hand says who plays Fantasyland next (Anna's 14 cards
    # were earned a hand ago), table by table.
    assert live["fantasyland"] == [("Cleo", 16), ("Emil", 15)]


def test_a_round_seated_but_not_begun_leaves_the_live_view_on_the_round_played(
    pineapple, pineapple_table, pineapple_table2
):
    play(pineapple, pineapple_table, pineapple_table2)
    services.seat_table(pineapple, 2, 1, seat_ids(pineapple)[3:])
    live = live_evening(pineapple)
    assert (live["current_round"], live["tables"]) == (1, [(1, 2), (2, 5)])


def test_an_evening_without_hands_shows_nothing_live(pineapple, pineapple_table):
    live = live_evening(pineapple)
    assert (live["current_round"], live["tables"]) == (None, [])
    assert (live["last_hands"], live["fantasyland"]) == ([], [])


def test_the_live_view_reads_two_queries_however_long_the_evening(
    pineapple, pineapple_table, pineapple_table2, django_assert_num_queries
):
    play(pineapple, pineapple_table, pineapple_table2)
    with django_assert_num_queries(2):
        live_evening(pineapple)
    table = services.seat_table(pineapple, 2, 1, seat_ids(pineapple)[:3])
    for number in range(1, 6):
        points_hand(table, number, [1, 1, -2])
    with django_assert_num_queries(2):
        assert live_evening(pineapple)["current_round"] == 2
