"""Statistics from hands: the pure aggregation and the pages that show it."""

import random
from collections import Counter
from decimal import Decimal

import pytest
from django.urls import reverse

from ofcleague.table.models import Entry, HandResult
from ofcleague.table.queries import hand_statistics
from ofcleague.table.statistics import HandTotals, player_statistics
from tests.conftest import german_text
from tests.table.boards import ENTERS, STAYS
from tests.table.conftest import boards_hand, points_hand
from tests.table.test_queries import random_boards


def totals(**counts):
    base = {
        "player_id": 1,
        "name": "Anna",
        "slug": "anna",
        "hands": 3,
        "points": -1,
        "best": 5,
        "worst": -7,
        "board_hands": 0,
        "fouls": 0,
        "scoops": 0,
        "pairings": 0,
        "fantasyland_entries": 0,
        "fantasyland_stays": 0,
        "royalties": 0,
    }
    return HandTotals(**{**base, **counts})


def test_points_only_hands_give_points_and_extremes_but_no_board_rates():
    (stats,) = player_statistics([totals()])
    assert stats["hands"] == 3 and stats["points_per_hand"] == Decimal("-0.33")
    assert stats["biggest_win"] == 5 and stats["biggest_loss"] == -7
    assert stats["foul_rate"] is None and stats["royalties_per_hand"] is None


def test_board_rates_count_only_hands_with_boards():
    rows = [totals(board_hands=2, fouls=1, scoops=1, pairings=6, royalties=6)]
    (stats,) = player_statistics(rows)
    assert stats["foul_rate"] == Decimal("50.0")
    assert stats["scoop_rate"] == Decimal("16.7")
    assert stats["royalties_per_hand"] == Decimal("3.00")


def test_no_win_or_loss_shows_as_unknown_and_most_hands_come_first():
    rows = [totals(best=0, worst=0), totals(player_id=2, name="Bert", slug="bert", hands=9)]
    first, second = player_statistics(rows)
    assert first["name"] == "Bert"
    assert second["biggest_win"] is None and second["biggest_loss"] is None


@pytest.mark.django_db
def test_the_aggregate_query_agrees_with_a_fold_over_every_hand(
    pineapple, pineapple_table, pineapple_table2
):
    evening, table1, table2 = pineapple, pineapple_table, pineapple_table2
    rng = random.Random(3)
    for number in range(1, 4):
        boards_hand(table1, number, random_boards(rng)[:3])
    boards_hand(table1, 4, ENTERS[:3])
    boards_hand(table1, 5, STAYS[:3])
    for number in range(1, 6):
        fantasyland = {rng.randint(1, 3): 14} if number % 2 else {}
        points_hand(table2, number, [6, -2, -4], fantasyland=fantasyland)
    expected = {}
    for result in HandResult.objects.select_related("hand", "evening_player__player"):
        stats = expected.setdefault(result.evening_player.player.name, Counter())
        boards = result.hand.entry == Entry.BOARDS
        stats["hands"] += 1
        stats["points"] += result.points
        stats["board_hands"] += boards
        stats["fouls"] += boards and result.fouled
        stats["scoops"] += (result.scoops or 0) if boards else 0
        stats["pairings"] += (result.hand.results.count() - 1) if boards else 0
        stats["royalties"] += (result.royalties or 0) if boards else 0
        if result.fantasyland_next is not None:
            stays = result.fantasyland is not None
            stats["fantasyland_stays" if stays else "fantasyland_entries"] += 1
    rows = hand_statistics(evening=evening)
    assert len(rows) == 6
    for row in rows:
        for key, value in expected[row["name"]].items():
            assert row[key] == value, (row["name"], key)
    assert sum(row["fantasyland_entries"] + row["fantasyland_stays"] for row in rows) >= 3
    assert hand_statistics(player=table1.chairs.first().evening_player.player)[0]["hands"] == 5


@pytest.mark.django_db
def test_statistics_of_recorded_hands(pineapple, pineapple_table, client):
    evening, table1 = pineapple, pineapple_table
    boards_hand(table1, 1, ENTERS[:3])
    boards_hand(table1, 2, STAYS[:3])
    points_hand(table1, 3, [1, -1, 0])
    stats = {row["name"]: row for row in hand_statistics(evening=evening)}
    anna = stats["Anna"]
    assert anna["hands"] == 3 and anna["fantasyland_entries"] == 1
    assert anna["fantasyland_stays"] == 1 and anna["board_hands"] == 2
    # Anna scoops one of two opponents in each hand with boards.
    assert anna["scoop_rate"] == Decimal("50.0")
    assert stats["Bert"]["foul_rate"] == Decimal("100.0")

    page = client.get(reverse("standings:statistics") + "?sort=-points_per_hand")
    assert page.status_code == 200 and "Anna" in page.content.decode()
    csv = client.get(reverse("standings:statistics") + "?_export=csv").content.decode()
    header = csv.removeprefix("\ufeff").splitlines()[0]  # a BOM for Excel
    assert header.startswith("Spieler") or "Player" in header
    assert len(csv.splitlines()) == 4
    assert (
        german_text("Statistics from hands")
        in client.get(evening.get_absolute_url()).content.decode()
    )
    player = evening.seats.get(player__name="Anna").player
    assert "50.0" in client.get(player.get_absolute_url()).content.decode().replace(",", ".")


@pytest.mark.django_db
def test_statistics_filter_by_year(evening, table1, client):
    points_hand(table1, 1, [1, -1, 0, 0])
    assert hand_statistics(year_from=evening.date.year + 1) == []
    assert len(hand_statistics(year_to=evening.date.year, variant="ofc")) == 4
