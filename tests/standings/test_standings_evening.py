"""Pure standings functions: evening standings, all-time records, head-to-head."""

import datetime
from decimal import Decimal

import pytest

from ofcleague.league.places import evening_standings
from ofcleague.standings.kept.record import Seat, player_records
from tests.standings.folds import head_to_head


def test_evening_standings_totals_running_totals_and_places():
    result = evening_standings({"a": [4, -2, 6], "b": [-1, 5, -3], "c": [-3, -3, -3]})
    assert result.totals == {"a": 8, "b": 1, "c": -9}
    assert result.running == {"a": [4, 2, 8], "b": [-1, 4, 1], "c": [-3, -6, -9]}
    assert result.places == {"a": 1, "b": 2, "c": 3}
    assert result.order == ["a", "b", "c"]


def test_evening_standings_share_places_on_equal_totals():
    result = evening_standings({"a": [10], "b": [3], "c": [3], "d": [-16]})
    assert result.places == {"a": 1, "b": 2, "c": 2, "d": 4}


def test_evening_standings_use_the_tie_break_from_the_table():
    result = evening_standings({"a": [10], "b": [3], "c": [3], "d": [-16]}, {"b": 2, "c": 1})
    assert result.places == {"a": 1, "c": 2, "b": 3, "d": 4}
    assert result.order == ["a", "c", "b", "d"]


def test_a_round_not_entered_yet_adds_nothing():
    result = evening_standings({"a": [5, None], "b": [-5, None]})
    assert result.running == {"a": [5, 5], "b": [-5, -5]}
    assert result.places == {"a": 1, "b": 2}


def seat(evening, player, place, field, total=None, prize=None, known=False, day=1):
    return Seat(
        evening_id=evening,
        date=datetime.date(2021, 1, day),
        player_id=player,
        player_name=f"P{player}",
        player_slug=f"p{player}",
        place=place,
        field_size=field,
        total=total,
        prize=prize,
        buy_in=Decimal("10"),
        payouts_known=known,
    )


def test_player_records_mix_entered_and_computed_evenings():
    seats = [
        # Evening 1: finishing order only.
        seat(1, 1, 1, 3, day=1),
        seat(1, 2, 2, 3, day=1),
        seat(1, 3, 3, 3, day=1),
        # Evening 2: points and payouts (player 1 wins nothing).
        seat(2, 1, 2, 2, total=-7, known=True, day=8),
        seat(2, 2, 1, 2, total=7, prize=Decimal("20"), known=True, day=8),
    ]
    records = {record.player_id: record for record in player_records(seats)}
    one = records[1]
    assert one.evenings == 2
    assert one.places == {1: 1, 2: 1}
    assert one.wins == 1 and one.podiums == 2
    assert one.average_place == 1.5
    assert one.best_place == 1
    assert one.beaten == 0.5
    assert one.points == -7 and one.points_evenings == 1 and one.points_per_evening == -7
    assert one.money_evenings == 1
    assert one.buy_ins == Decimal("10") and one.prizes == Decimal("0") and one.net == Decimal("-10")
    assert one.first_date == datetime.date(2021, 1, 1)
    assert one.last_date == datetime.date(2021, 1, 8)
    three = records[3]
    assert three.points is None and three.points_per_evening is None
    assert three.net is None and three.money_evenings == 0
    assert records[2].net == Decimal("10")


def test_player_records_default_order_wins_then_seconds_then_thirds_then_average():
    seats = [
        seat(1, 1, 1, 4),
        seat(1, 2, 2, 4),
        seat(1, 3, 3, 4),
        seat(1, 4, 4, 4),
        seat(2, 3, 1, 3),
        seat(2, 1, 2, 3),
        seat(2, 4, 3, 3),
        seat(3, 2, 1, 2),
        seat(3, 4, 2, 2),
    ]
    order = [record.player_id for record in player_records(seats)]
    # P1, P2 and P3 won once; P1 and P2 were also 2nd once (and level in every key after,
    # so the name decides); P3 has no 2nd place; P4 never won.
    assert order == [1, 2, 3, 4]


def test_head_to_head_counts_places_and_net_points_over_shared_evenings():
    seats = [
        seat(1, 1, 1, 3),
        seat(1, 2, 2, 3),
        seat(1, 3, 3, 3),
        seat(2, 1, 2, 2, total=-4),
        seat(2, 2, 1, 2, total=4),
        seat(3, 2, 1, 2, total=9),
        seat(3, 3, 2, 2, total=-9),
    ]
    rivals = {rival.player_id: rival for rival in head_to_head(1, seats)}
    assert set(rivals) == {2, 3}
    two = rivals[2]
    assert (two.evenings, two.ahead, two.behind, two.level) == (2, 1, 1, 0)
    assert two.points_evenings == 1 and two.net_points == -8
    three = rivals[3]
    assert (three.evenings, three.ahead, three.behind) == (1, 1, 0)
    assert three.net_points is None


def test_beaten_is_the_average_share_of_opponents_beaten():
    seats = [
        seat(1, 1, 1, 4),  # beat 3 of 3
        seat(2, 1, 4, 4),  # beat 0 of 3
        seat(3, 1, 2, 5),  # beat 3 of 4
        seat(4, 1, 1, 1),  # alone at the table: left out
    ]
    (record,) = player_records(seats)
    assert record.beaten == pytest.approx((1 + 0 + 0.75) / 3)
    assert record.beaten_evenings == 3
    assert record.evenings == 4
