"""The tables' invariants as pure rules: a sound Pineapple evening with one table of three
breaks none, and each broken fact breaks exactly its rule; on the database, an entry id that
two hands carried is found."""

import dataclasses
import datetime
import uuid

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from ofcleague.league.invariants import (
    EveningFacts,
    Problem,
    ResultFacts,
    evening_problems,
    league_problems,
)
from ofcleague.league.models import EveningPlayer, Variant
from ofcleague.table import services
from ofcleague.table.models import Hand
from tests.factories import EveningFactory, PlayerFactory
from tests.league.table_facts import (
    ANNA,
    BERT,
    CLEO,
    DORA,
    entered,
    round_2_table,
    settled,
    sound_evening,
    table_1,
    with_hand,
    with_result,
    with_round_1,
    with_round_2_tables,
    with_scores,
    with_table,
    with_third_points_hand,
)
from tests.table.conftest import points_hand, seat_ids

TODAY = datetime.date(2026, 12, 1)
TABLE = "round 1, table 1: "


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def problems(evening: EveningFacts) -> list[str]:
    return evening_problems(evening, TODAY)


def test_the_sound_evening_breaks_no_rule():
    evening = sound_evening()
    assert [score.points for score in evening.scores] == [63, -51, -12, 0]
    assert problems(evening) == []


def test_a_round_2_table_seated_without_hands_breaks_no_rule():
    seated = with_round_2_tables(
        sound_evening(), round_2_table([(1, DORA), (2, ANNA), (3, BERT)], first_dealer=3)
    )
    assert problems(seated) == []


# Chairs ---------------------------------------------------------------------------------------


def test_seats_with_a_gap():
    gap = with_table(sound_evening(), chairs=((1, ANNA), (2, BERT), (4, CLEO)))
    assert problems(gap) == [f"{TABLE}its seats are not numbered 1 to 3 without a gap."]


def test_four_at_a_pineapple_table():
    crowded = with_round_2_tables(
        sound_evening(), round_2_table([(1, ANNA), (2, BERT), (3, CLEO), (4, DORA)])
    )
    assert problems(crowded) == [
        "round 2, table 1: it seats 4 players; these rules seat 2 to 3 at a table."
    ]
    house = dataclasses.replace(crowded, rule_set="house")
    assert not any("it seats" in problem for problem in problems(house))


def test_one_player_at_a_table():
    lonely = with_round_2_tables(sound_evening(), round_2_table([(1, DORA)]))
    assert problems(lonely) == [
        "round 2, table 1: it seats 1 players; these rules seat 2 to 3 at a table."
    ]


def test_the_dealer_of_hand_1_beyond_the_seats():
    beyond = with_table(sound_evening(), first_dealer=4)
    assert f"{TABLE}the dealer of hand 1 has no seat at it." in problems(beyond)
    empty = with_round_2_tables(
        sound_evening(), round_2_table([(1, DORA), (2, ANNA)], first_dealer=3)
    )
    assert problems(empty) == ["round 2, table 1: the dealer of hand 1 has no seat at it."]


def test_a_chair_for_a_player_not_in_the_evening():
    stranger = with_round_2_tables(sound_evening(), round_2_table([(1, DORA), (2, 99)]))
    assert problems(stranger) == ["round 2, table 1: a player at it does not play this evening."]


def test_one_player_at_two_tables_of_a_round():
    twice = with_round_2_tables(
        sound_evening(),
        round_2_table([(1, ANNA), (2, BERT)], table=1),
        round_2_table([(1, CLEO), (2, ANNA)], table=2),
    )
    assert problems(twice) == [
        "round 2, table 2: a player at it sits at another table of the same round."
    ]


# Hands ----------------------------------------------------------------------------------------


def test_hands_numbered_1_and_3():
    # Hand 3 names the dealer hand 3 would have, so only the numbering is wrong.
    skipped = with_hand(sound_evening(), 2, number=3, dealer=3)
    assert problems(skipped) == [f"{TABLE}its hands are not numbered 1 to 2."]


def test_more_hands_than_the_round_has():
    short = dataclasses.replace(sound_evening(), hands_per_round=1)
    assert problems(short) == [f"{TABLE}it has 2 hands, more than the 1 of a round."]


def test_a_hand_naming_the_wrong_dealer():
    wrong = with_hand(sound_evening(), 2, dealer=1)
    assert problems(wrong) == [f"{TABLE}hand 2 names the wrong dealer."]
    moved = with_table(sound_evening(), first_dealer=2)
    assert problems(moved) == [
        f"{TABLE}hand 1 names the wrong dealer.",
        f"{TABLE}hand 2 names the wrong dealer.",
    ]


def test_a_result_missing():
    evening = sound_evening()
    hand = table_1(evening).hands[0]
    missing = with_hand(evening, 1, results=hand.results[:2])
    found = problems(missing)
    assert f"{TABLE}hand 1 does not have one result for each player at the table." in found
    # Cleo's round no longer holds her hands.
    assert "round 1 does not hold the sum of its hands." in found


def test_a_result_extra():
    evening = sound_evening()
    hand = table_1(evening).hands[0]
    extra = with_hand(evening, 1, results=(*hand.results, ResultFacts(DORA, 0)))
    assert problems(extra) == [
        f"{TABLE}hand 1 does not have one result for each player at the table."
    ]
    twice = with_hand(evening, 1, results=(*hand.results, ResultFacts(ANNA, 0)))
    assert f"{TABLE}hand 1 does not have one result for each player at the table." in problems(
        twice
    )


def test_results_not_adding_up():
    off = with_result(sound_evening(), 1, CLEO, points=-3)
    assert f"{TABLE}hand 1 adds up to +1, not zero." in problems(off)
    # Stored as its hands make it, the round is off by one at its table too.
    off = with_round_1(off, 63, -51, -11)
    assert problems(off) == [
        "round 1, table 1 adds up to +1, not zero.",
        f"{TABLE}hand 1 adds up to +1, not zero.",
    ]


def test_points_beyond_the_limit_of_a_hand():
    evening = with_result(sound_evening(), 1, ANNA, points=1006)
    evening = with_result(evening, 1, BERT, points=-1002)
    evening = with_round_1(evening, 1063, -1051, -12)
    assert problems(evening) == [f"{TABLE}hand 1 has points outside -1000 to 1000."]


def test_fantasyland_must_follow_the_hand_before():
    dealt = with_result(sound_evening(), 1, BERT, fantasyland=14)
    assert problems(dealt) == [
        f"{TABLE}hand 1 is not dealt in Fantasyland as the hand before earned."
    ]
    # Anna earned 14 cards in hand 1: hand 2 dealt her none is wrong too (and its board
    # then scores as an entry, not a stay).
    forgotten = with_result(sound_evening(), 2, ANNA, fantasyland=None)
    assert f"{TABLE}hand 2 is not dealt in Fantasyland as the hand before earned." in problems(
        forgotten
    )


# Boards and points hands ----------------------------------------------------------------------

SCORED_WRONG = f"{TABLE}hand 2 is not scored as the evening's rule set scores its boards."


@pytest.mark.parametrize(
    ("seat", "changes"),
    [
        (ANNA, {"royalties": 30}),
        (CLEO, {"scoops": 0}),
        (BERT, {"fantasyland_next": 14}),
        (ANNA, {"fantasyland_next": 17}),
        (BERT, {"fouled": False}),
        (CLEO, {"front": "2S 3S 4D"}),
    ],
    ids=[
        "royalties",
        "scoops",
        "fantasyland-for-a-foul",
        "entry-instead-of-stay",
        "foul",
        "rows-not-as-the-engine-writes-them",
    ],
)
def test_a_board_stored_otherwise_than_the_rules_score_it(seat, changes):
    assert problems(with_result(sound_evening(), 2, seat, **changes)) == [SCORED_WRONG]


def test_a_board_with_other_points_than_the_rules_give():
    moved = with_result(sound_evening(), 2, ANNA, points=58)
    moved = with_result(moved, 2, BERT, points=-50)
    moved = with_round_1(moved, 64, -52, -12)
    assert problems(moved) == [SCORED_WRONG]


def test_a_board_that_cannot_be_scored():
    unreadable = with_result(sound_evening(), 2, CLEO, front="Xx Yy Zz")
    assert problems(unreadable) == [f"{TABLE}hand 2 has a board these rules cannot score."]


def test_a_points_hand_holding_rows():
    rows = with_result(sound_evening(), 1, BERT, front="Ah Kd 7c")
    assert problems(rows) == [f"{TABLE}hand 1 is entered as points but holds boards."]


def test_a_player_in_fantasyland_can_only_stay():
    assert problems(with_third_points_hand(sound_evening(), 14)) == []
    assert problems(with_third_points_hand(sound_evening(), None)) == []
    assert problems(with_third_points_hand(sound_evening(), 15)) == [
        f"{TABLE}hand 3 gives a Fantasyland these rules do not deal."
    ]


def test_a_player_outside_fantasyland_enters_with_the_rules_counts():
    entry = with_result(sound_evening(), 1, ANNA, fantasyland_next=17)
    # 17 is an entry under Pineapple; hand 2 then dealt Anna 14 does not follow.
    found = problems(entry)
    assert f"{TABLE}hand 2 is not dealt in Fantasyland as the hand before earned." in found
    assert not any("do not deal" in problem for problem in found)
    thirteen = with_result(sound_evening(), 1, BERT, fantasyland_next=13)
    assert f"{TABLE}hand 1 gives a Fantasyland these rules do not deal." in problems(thirteen)


def test_a_points_hand_ticking_fantasyland_under_house_rules():
    house = dataclasses.replace(sound_evening(), rule_set="house")
    assert f"{TABLE}hand 1 gives a Fantasyland these rules do not deal." in problems(house)
    # Without the tick and the boards hand, the house evening is sound.
    plain = with_result(house, 1, ANNA, fantasyland_next=None)
    plain = with_table(plain, hands=table_1(plain).hands[:1])
    plain = with_round_1(plain, 6, -2, -4)
    assert problems(plain) == []


def test_a_hand_entered_neither_as_points_nor_as_boards():
    odd = with_hand(sound_evening(), 1, entry="photo")
    assert problems(odd) == [f"{TABLE}hand 1 is entered neither as points nor as boards."]


# The rounds the tables make -------------------------------------------------------------------


def test_a_hand_round_must_hold_the_sum_of_its_hands():
    evening = sound_evening()
    off = with_round_1(evening, 64, -52, -12)
    assert problems(off) == ["round 1 does not hold the sum of its hands."]
    missing = settled(dataclasses.replace(evening, scores=evening.scores[1:]))
    assert "round 1 does not hold the sum of its hands." in problems(missing)


def test_a_round_with_tables_but_typed_points_and_no_hands():
    typed = with_round_2_tables(sound_evening(), round_2_table([(1, ANNA), (2, BERT), (3, CLEO)]))
    typed = with_scores(typed, 2, {ANNA: 5, BERT: -5, CLEO: 0, DORA: 0})
    assert problems(typed) == ["round 2 has tables but points typed into the grid."]


def test_a_score_at_another_table_than_the_seat():
    elsewhere = with_round_1(sound_evening(), 63, -51, -12, table=2)
    assert problems(elsewhere) == ["round 1 puts a player at another table than their seat."]


def test_a_player_who_sat_out_a_round_at_tables_has_0():
    evening = sound_evening()
    sat_out = with_round_1(evening, 58, -51, -12, dora=5)
    found = problems(sat_out)
    assert "round 1 gives points to a player who sat at no table." in found
    assert "round 1 does not hold the sum of its hands." in found
    # The same 0 without a table in a typed round is no sitting out, just 0.
    typed = with_scores(sound_evening(), 2, {ANNA: 3, BERT: -3, CLEO: 0, DORA: 0})
    assert problems(typed) == []


# An entered finishing order -------------------------------------------------------------------


def test_an_entered_order_against_the_points():
    # Points: Anna 63, Dora 0, Cleo -12, Bert -51.
    assert problems(entered(sound_evening(), {ANNA: 1, DORA: 2, CLEO: 3, BERT: 4})) == []
    against = entered(sound_evening(), {ANNA: 2, DORA: 1, CLEO: 3, BERT: 4})
    assert problems(against) == ["its finishing order puts a player above one with more points."]


def test_an_entered_order_may_order_players_tied_on_points():
    # Round 2 typed so that everyone ends on 0: any order of the four keeps to the points.
    tied = with_scores(sound_evening(), 2, {ANNA: -63, BERT: 51, CLEO: 12, DORA: 0})
    assert {seat.total for seat in tied.seats} == {0}
    assert problems(entered(tied, {ANNA: 4, BERT: 1, CLEO: 3, DORA: 2})) == []
    assert problems(entered(tied, {ANNA: 1, BERT: 1, CLEO: 3, DORA: 4})) == []


# On the database: entry ids -------------------------------------------------------------------


@pytest.fixture
def pineapple_table(db):
    evening = EveningFactory(
        status="in_progress", rounds=3, hands_per_round=5, variant=Variant.PINEAPPLE
    )
    for name in ("Anna", "Bert", "Cleo"):
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
    return services.seat_table(evening, 1, 1, seat_ids(evening))


def test_an_entry_id_carried_by_two_hands_is_found(pineapple_table):
    client_id = uuid.uuid4()
    points_hand(pineapple_table, 1, [5, -2, -3], client_id=client_id)
    services.undo_last_hand(pineapple_table, 1)
    assert league_problems() == []
    # Bypassing the service: a new hand row takes the undone hand's entry id.
    Hand.objects.create(
        round_table=pineapple_table, number=1, dealer=1, client_id=client_id, entry="points"
    )
    found = league_problems()
    clash = Problem(0, "The score pad", f"the entry id {client_id} belongs to more than one hand.")
    assert clash in found


def test_the_service_refuses_the_entry_id_of_an_undone_hand(pineapple_table):
    client_id = uuid.uuid4()
    points_hand(pineapple_table, 1, [5, -2, -3], client_id=client_id)
    services.undo_last_hand(pineapple_table, 1)
    with pytest.raises(ValidationError) as refused:
        points_hand(pineapple_table, 1, [5, -2, -3], client_id=client_id)
    assert refused.value.code == "entry_gone"
    assert not Hand.objects.exists()
    assert league_problems() == []
