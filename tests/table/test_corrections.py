"""Issue #16's examples through the services: corrections to an evening played at the tables
keep the league's invariants (a finishing order, a latecomer, a leaver, the rules, the grid)."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from ofcleague.league import services as league
from ofcleague.league.invariants import league_problems
from ofcleague.league.models import Evening, EveningPlayer, Status, Variant
from ofcleague.league.rule_set import evening_rule_set
from ofcleague.table import evening as table_evening
from ofcleague.table import services
from ofcleague.table.models import RoundTable, TableSeat
from tests.factories import PlayerFactory
from tests.table.conftest import NAMES, points_hand, seat_ids
from tests.table.corrections import (
    chairs,
    correct,
    dealer_name,
    field_message,
    fresh,
    players_of,
    round_points,
    seat_of,
    snapshot,
    stored_grid,
    without,
)

pytestmark = pytest.mark.django_db


# A finishing order keeps to the points --------------------------------------------------------


def nine_and_three(evening) -> list[EveningPlayer]:
    """One round typed into the grid: Anna +9, Bert, Cleo and Dora -3 each."""
    Evening.objects.filter(pk=evening.pk).update(rounds=1)
    seats = [seat_of(evening, name) for name in NAMES[:4]]
    points = {seat.pk: {1: value} for seat, value in zip(seats, [9, -3, -3, -3], strict=True)}
    league.save_points_grid(fresh(evening), fresh(evening).version, points)
    return seats


def test_an_order_against_the_points_is_refused_naming_the_players(four):
    seats = nine_and_three(four)
    before = snapshot(four)
    places = dict(zip([seat.pk for seat in seats], [4, 1, 2, 3], strict=True))
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        league.save_finishing_order(fresh(four), fresh(four).version, places)
    assert refused.value.code == "order_against_points"
    (message,) = refused.value.messages
    assert "Anna has more points than Bert and cannot finish behind" in message
    assert snapshot(four) == before
    assert fresh(four).places_source == "points"
    assert league_problems() == []


def test_an_order_deciding_only_between_players_tied_on_points_is_kept(four):
    seats = nine_and_three(four)
    # Anna first on points; Bert, Cleo and Dora tied: the order decides between them.
    places = dict(zip([seat.pk for seat in seats], [1, 3, 4, 2], strict=True))
    league.save_finishing_order(fresh(four), fresh(four).version, places)
    stored = dict(EveningPlayer.objects.filter(evening=four).values_list("pk", "place"))
    assert stored == places
    assert fresh(four).status == Status.FINISHED
    assert league_problems() == []


# A latecomer ----------------------------------------------------------------------------------


def test_a_latecomer_gets_0_in_round_1_and_plays_from_round_2(four):
    table = services.seat_table(four, 1, 1, seat_ids(four))
    points_hand(table, 1, [5, -2, -2, -1])
    points_hand(table, 2, [1, -1, 0, 0])
    correct(four, [*players_of(four), PlayerFactory(name="Emil")])
    # At once: Emil sat round 1 out, with 0 and no table; the others keep their table.
    assert round_points(four, 1) == {
        "Anna": (6, 1),
        "Bert": (-3, 1),
        "Cleo": (-2, 1),
        "Dora": (-1, 1),
        "Emil": (0, None),
    }
    assert league_problems() == []

    points_hand(table, 3, [0, 2, -1, -1])
    assert round_points(four, 1)["Bert"] == (-1, 1)
    assert round_points(four, 1)["Emil"] == (0, None)
    assert league_problems() == []

    ids = dict(EveningPlayer.objects.filter(evening=four).values_list("player__name", "pk"))
    first = services.seat_table(four, 2, 1, [ids["Emil"], ids["Anna"], ids["Bert"]])
    second = services.seat_table(four, 2, 2, [ids["Cleo"], ids["Dora"]])
    points_hand(first, 1, [3, -1, -2])
    points_hand(second, 1, [4, -4])
    assert round_points(four, 2)["Emil"] == (3, 1)
    assert league_problems() == []

    points, tables = stored_grid(four)
    for name, value in zip(
        ("Anna", "Bert", "Cleo", "Dora", "Emil"), [1, -1, 0, 2, -2], strict=True
    ):
        points[ids[name]][3] = value
    table_evening.finish_with_default_prizes(fresh(four), fresh(four).version, points, tables)
    finished = fresh(four)
    assert finished.status == Status.FINISHED and finished.pot == 5 * finished.buy_in
    assert seat_of(four, "Emil").total == 0 + 3 - 2
    assert league_problems() == []


# Taking a player off --------------------------------------------------------------------------


def test_a_player_with_hands_stays_even_when_they_add_up_to_0(evening, table1):
    points_hand(table1, 1, [2, -2, 0, 0])
    points_hand(table1, 2, [-2, 2, 0, 0])
    before = snapshot(evening)
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        correct(evening, without(evening, "Cleo"))
    message = field_message(refused.value, "players")
    assert message.startswith("Cleo has played hands at the tables")
    assert snapshot(evening) == before
    assert league_problems() == []


@pytest.mark.parametrize(
    ("leaver", "first_dealer", "left", "dealer"),
    [
        pytest.param("Anna", 2, ["Bert", "Cleo", "Dora"], "Bert"),
        pytest.param("Bert", 2, ["Anna", "Cleo", "Dora"], "Cleo"),
        pytest.param("Cleo", 2, ["Anna", "Bert", "Dora"], "Bert"),
        ("Dora", 2, ["Anna", "Bert", "Cleo"], "Bert"),
        ("Dora", 4, ["Anna", "Bert", "Cleo"], "Anna"),
    ],
    ids=["before-the-button", "at-the-button", "after-the-button", "last-seat", "last-seat-button"],
)
def test_a_seated_player_without_hands_leaves_and_the_button_stays(
    evening, leaver, first_dealer, left, dealer
):
    table = services.seat_table(evening, 1, 1, seat_ids(evening)[:4], first_dealer=first_dealer)
    correct(evening, without(evening, leaver))
    assert chairs(table) == left
    assert dealer_name(table) == dealer
    assert league_problems() == []
    # The next hand is dealt by that player.
    hand, _created = points_hand(RoundTable.objects.get(pk=table.pk), 1, [1, -1, 0])
    assert hand.dealer == RoundTable.objects.get(pk=table.pk).first_dealer
    assert league_problems() == []


def test_two_players_leave_one_table_at_once(evening):
    table = services.seat_table(evening, 1, 1, seat_ids(evening)[:4], first_dealer=3)
    correct(evening, [p for p in players_of(evening) if p.name not in ("Anna", "Cleo")])
    assert chairs(table) == ["Bert", "Dora"]
    # Cleo held the button: it passed on to Dora.
    assert dealer_name(table) == "Dora"
    assert league_problems() == []


def test_a_table_left_with_one_player_is_taken_down(evening):
    ids = seat_ids(evening)
    table = services.seat_table(evening, 1, 1, ids[:2])
    kept = services.seat_table(evening, 1, 2, ids[2:5])
    correct(evening, without(evening, "Anna"))
    assert not RoundTable.objects.filter(pk=table.pk).exists()
    assert not TableSeat.objects.filter(round_table_id=table.pk).exists()
    assert chairs(kept) == ["Cleo", "Dora", "Emil"]
    assert league_problems() == []


def test_a_table_taken_down_while_another_table_plays(evening):
    """Found by the game-night state machine: Anna and Bert sit at table 1, which has not
    played; table 2 has. Anna goes home: table 1 is taken down and Bert sits the round out
    with 0 and no table (his 0 named table 1, where nobody sat any more)."""
    ids = seat_ids(evening)
    services.seat_table(evening, 1, 1, ids[:2])
    playing = services.seat_table(evening, 1, 2, ids[2:6])
    points_hand(playing, 1, [3, -1, -1, -1])
    correct(evening, without(evening, "Anna"))
    assert RoundTable.objects.filter(evening=evening).count() == 1
    assert round_points(evening, 1)["Bert"] == (0, None)
    assert league_problems() == []


def test_a_seated_player_without_hands_leaves_while_another_table_plays(evening, table1, table2):
    """Hugo sits at table 2, which has not played yet; table 1 has. He has no hands, so he
    can leave like any seated player without hands."""
    points_hand(table1, 1, [5, -2, -2, -1])
    correct(evening, without(evening, "Hugo"))
    assert chairs(table2) == ["Emil", "Fred", "Gina"]
    assert "Hugo" not in round_points(evening, 1)
    assert league_problems() == []


def test_seating_a_table_again_while_another_table_plays(evening, table1, table2):
    """Table 2 has not played yet when Hugo goes to watch: it is seated again without him.
    His 0 in round 1 no longer names table 2."""
    points_hand(table1, 1, [5, -2, -2, -1])
    services.seat_table(evening, 1, 2, seat_ids(evening)[4:7])
    assert chairs(table2) == ["Emil", "Fred", "Gina"]
    assert round_points(evening, 1)["Hugo"] == (0, None)
    assert league_problems() == []


def test_a_correction_from_an_old_page_moves_no_chair(evening, table1):
    old = fresh(evening)
    correct(evening, players_of(evening), location="Bei Micha")
    before = snapshot(evening)
    with pytest.raises(league.EveningChanged):
        table_evening.update_evening(old, old.version, players=without(evening, "Anna"))
    assert snapshot(evening) == before
    assert chairs(table1) == ["Anna", "Bert", "Cleo", "Dora"]


def test_fewer_rounds_take_down_the_empty_tables_of_the_rounds_that_go(evening, table1):
    services.seat_table(evening, 3, 1, seat_ids(evening)[:4])
    points_hand(table1, 1, [5, -2, -2, -1])
    correct(evening, players_of(evening), rounds=2)
    assert list(RoundTable.objects.values_list("round_number", flat=True)) == [1]
    assert league_problems() == []


# The rules and the hands per round ------------------------------------------------------------


def test_the_rules_hold_under_recorded_hands(pineapple, pineapple_table):
    points_hand(pineapple_table, 1, [5, -2, -3])
    points_hand(pineapple_table, 2, [1, -1, 0])
    before = snapshot(pineapple)
    players = players_of(pineapple)
    for changes in ({"rule_set": "house"}, {"variant": Variant.OFC}):
        with translation.override("en"), pytest.raises(ValidationError) as refused:
            correct(pineapple, players, **changes)
        message = field_message(refused.value, "rule_set")
        assert message.startswith("The tables have recorded hands under “OFC Pineapple")
        assert snapshot(pineapple) == before
    # Naming the rules it plays already changes nothing.
    correct(pineapple, players, rule_set="pineapple")
    assert evening_rule_set(fresh(pineapple)).key == "pineapple"
    assert league_problems() == []


def test_the_hands_per_round_never_drop_below_the_hands_recorded(pineapple, pineapple_table):
    points_hand(pineapple_table, 1, [5, -2, -3])
    points_hand(pineapple_table, 2, [1, -1, 0])
    before = snapshot(pineapple)
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        correct(pineapple, players_of(pineapple), hands_per_round=1)
    message = field_message(refused.value, "hands_per_round")
    assert message.startswith("A table has recorded 2 hands in a round")
    assert snapshot(pineapple) == before
    correct(pineapple, players_of(pineapple), hands_per_round=2)
    assert fresh(pineapple).hands_per_round == 2
    assert league_problems() == []


def test_pineapple_rules_are_refused_while_a_table_of_four_is_seated(evening, table1):
    before = snapshot(evening)
    for changes in ({"rule_set": "pineapple"}, {"variant": Variant.PINEAPPLE}):
        with translation.override("en"), pytest.raises(ValidationError) as refused:
            correct(evening, players_of(evening), **changes)
        message = field_message(refused.value, "rule_set")
        assert message.startswith("Table 1 of round 1 seats more than the 3 players")
        assert snapshot(evening) == before
    assert league_problems() == []


def test_the_rules_change_freely_before_any_table(evening):
    correct(evening, players_of(evening), rule_set="pineapple")
    assert evening_rule_set(fresh(evening)).key == "pineapple"
    assert league_problems() == []
    # And a table of three seats under them now.
    services.seat_table(evening, 1, 1, seat_ids(evening)[:3])
    assert league_problems() == []


# The points grid ------------------------------------------------------------------------------


def test_the_grid_never_changes_a_round_played_at_the_tables(evening, table1):
    points_hand(table1, 1, [5, -2, -2, -1])
    points, tables = stored_grid(evening)
    anna, bert = seat_of(evening, "Anna").pk, seat_of(evening, "Bert").pk
    changed = {seat: dict(row) for seat, row in points.items()}
    changed[anna][1], changed[bert][1] = 6, -3
    before = snapshot(evening)
    with pytest.raises(ValidationError) as refused:
        table_evening.save_points_grid(fresh(evening), fresh(evening).version, changed, tables)
    assert refused.value.code == "hand_round"
    # Taking the table away (or typing the round without its tables) is a change too.
    untabled = {seat: dict.fromkeys(row) for seat, row in tables.items()}
    with pytest.raises(ValidationError):
        table_evening.save_points_grid(fresh(evening), fresh(evening).version, points, untabled)
    assert snapshot(evening) == before

    # As stored, with round 2 typed, the grid is saved.
    points[anna][2], points[bert][2] = 4, -4
    for row in points.values():
        row[2] = row[2] or 0
    table_evening.save_points_grid(fresh(evening), fresh(evening).version, points, tables)
    assert round_points(evening, 2)["Anna"] == (4, None)
    assert round_points(evening, 1)["Anna"] == (5, 1)
    assert league_problems() == []
