"""Statistics from hands: the pure aggregation and the pages that show it."""

from decimal import Decimal

import pytest
from django.urls import reverse

from ofcleague.table.queries import hand_statistics
from ofcleague.table.statistics import HandRow, player_statistics
from tests.conftest import german_text
from tests.table.boards import ENTERS, STAYS
from tests.table.conftest import boards_hand, points_hand


def row(points, **flags):
    base = {
        "player_id": 1,
        "name": "Anna",
        "slug": "anna",
        "points": points,
        "boards": False,
        "fouled": False,
        "in_fantasyland": False,
        "earned_fantasyland": False,
        "royalties": None,
        "scoops": None,
        "opponents": 3,
    }
    return HandRow(**{**base, **flags})


def test_points_only_hands_give_points_and_extremes_but_no_board_rates():
    (stats,) = player_statistics([row(5), row(-7), row(1)])
    assert stats["hands"] == 3 and stats["points_per_hand"] == Decimal("-0.33")
    assert stats["biggest_win"] == 5 and stats["biggest_loss"] == -7
    assert stats["foul_rate"] is None and stats["royalties_per_hand"] is None


def test_board_rates_count_only_hands_with_boards():
    rows = [
        row(10, boards=True, royalties=6, scoops=1, earned_fantasyland=True),
        row(-6, boards=True, fouled=True, royalties=0, scoops=0),
        row(2, in_fantasyland=True, earned_fantasyland=True),
    ]
    (stats,) = player_statistics(rows)
    assert stats["board_hands"] == 2 and stats["foul_rate"] == Decimal("50.0")
    assert stats["scoop_rate"] == Decimal("16.7")
    assert stats["royalties_per_hand"] == Decimal("3.00")
    assert stats["fantasyland_entries"] == 1 and stats["fantasyland_stays"] == 1


@pytest.mark.django_db
def test_statistics_of_recorded_hands(evening, table1, client):
    boards_hand(table1, 1, ENTERS)
    boards_hand(table1, 2, STAYS)
    points_hand(table1, 3, [1, -1, 0, 0])
    stats = {row["name"]: row for row in hand_statistics(evening=evening)}
    anna = stats["Anna"]
    assert anna["hands"] == 3 and anna["fantasyland_entries"] == 1
    assert anna["fantasyland_stays"] == 1 and anna["board_hands"] == 2
    # Anna scoops two of three opponents in each hand with boards.
    assert anna["scoop_rate"] == Decimal("66.7")
    assert stats["Bert"]["foul_rate"] == Decimal("100.0")

    page = client.get(reverse("table:statistics") + "?sort=-points_per_hand")
    assert page.status_code == 200 and "Anna" in page.content.decode()
    csv = client.get(reverse("table:statistics") + "?_export=csv").content.decode()
    assert csv.splitlines()[0].startswith("Spieler") or "Player" in csv.splitlines()[0]
    assert len(csv.splitlines()) == 5
    assert (
        german_text("Statistics from hands")
        in client.get(evening.get_absolute_url()).content.decode()
    )
    player = evening.players.get(player__name="Anna").player
    assert "66.7" in client.get(player.get_absolute_url()).content.decode().replace(",", ".")


@pytest.mark.django_db
def test_statistics_filter_by_year(evening, table1, client):
    points_hand(table1, 1, [1, -1, 0, 0])
    assert hand_statistics(year_from=evening.date.year + 1) == []
    assert len(hand_statistics(year_to=evening.date.year, variant="pineapple")) == 4
