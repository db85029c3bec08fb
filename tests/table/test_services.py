"""The table's services: hands fill the round's points, Fantasyland, undo and corrections."""

import uuid

import pytest
from django.core.exceptions import ValidationError
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from ofcleague.league.invariants import league_problems
from ofcleague.league.models import Evening, EveningPlayer, RoundScore, Variant
from ofcleague.table import evening as table_evening
from ofcleague.table import services
from ofcleague.table.models import Hand, HandResult, RoundTable, TableSeat
from ofcleague.table.services import HandTaken, ResultInput
from tests.factories import EveningFactory, PlayerFactory
from tests.table.boards import ENTERS, ENTERS_THREE_POINTS, STAYS, STAYS_THREE_POINTS
from tests.table.conftest import boards_hand, points_hand, seat_ids

pytestmark = pytest.mark.django_db


def round_points(evening, number=1):
    return dict(
        RoundScore.objects.filter(evening_player__evening=evening, round_number=number).values_list(
            "evening_player__player__name", "points"
        )
    )


def test_the_round_is_the_sum_of_its_hands(evening, table1):
    points_hand(table1, 1, [5, -2, -2, -1])
    points_hand(table1, 2, [-3, 6, -1, -2])
    points = round_points(evening)
    assert points["Anna"] == 2 and points["Bert"] == 4 and points["Dora"] == -3
    # The players not seated yet sit the round out with 0; the round adds up to zero.
    assert points["Emil"] == 0 and sum(points.values()) == 0
    anna = EveningPlayer.objects.get(evening=evening, player__name="Anna")
    assert anna.total == 2


def test_a_hand_must_add_up_to_zero_and_nothing_is_written(evening, table1):
    with pytest.raises(ValidationError, match="\\+1"):
        points_hand(table1, 1, [5, -2, -2, 0])
    assert not Hand.objects.exists() and not RoundScore.objects.exists()


def test_a_resend_changes_nothing(evening, table1):
    client_id = uuid.uuid4()
    hand, created = points_hand(table1, 1, [5, -2, -2, -1], client_id=client_id)
    version = Evening.objects.get().version
    again, created_again = points_hand(table1, 1, [5, -2, -2, -1], client_id=client_id)
    assert created and not created_again and again.pk == hand.pk
    assert Hand.objects.count() == 1 and Evening.objects.get().version == version


def test_a_second_phone_is_refused_with_the_saved_hand(evening, table1):
    first, _ = points_hand(table1, 1, [5, -2, -2, -1])
    with pytest.raises(HandTaken) as refused:
        points_hand(table1, 1, [1, -1, 0, 0])
    assert refused.value.hand.pk == first.pk
    assert round_points(evening)["Anna"] == 5


def test_only_the_next_hand_and_no_more_than_the_round_has(evening, table1):
    with pytest.raises(ValidationError, match="1"):
        points_hand(table1, 2, [1, -1, 0, 0])
    for number in range(1, 6):
        points_hand(table1, number, [1, -1, 0, 0])
    with pytest.raises(ValidationError):
        points_hand(table1, 6, [1, -1, 0, 0])
    assert round_points(evening)["Anna"] == 5


def test_the_button_moves_each_hand(evening, table1):
    for number in range(1, 6):
        points_hand(table1, number, [0, 0, 0, 0])
    assert list(Hand.objects.order_by("number").values_list("dealer", flat=True)) == [
        1,
        2,
        3,
        4,
        1,
    ]


def test_two_tables_play_the_same_round(evening, table1, table2):
    points_hand(table1, 1, [5, -2, -2, -1])
    points_hand(table2, 1, [-4, 4, 0, 0])
    points = round_points(evening)
    assert points["Anna"] == 5 and points["Emil"] == -4 and points["Fred"] == 4
    tables = dict(RoundScore.objects.values_list("evening_player__player__name", "table"))
    assert tables["Anna"] == 1 and tables["Hugo"] == 2


def test_a_player_sits_at_one_table_per_round(evening, table1):
    with pytest.raises(ValidationError):
        services.seat_table(evening, 1, 2, seat_ids(evening)[3:7])


def test_a_round_from_the_grid_cannot_be_played_hand_by_hand(evening):
    seats = seat_ids(evening)
    grid = {seat: {1: 0} for seat in seats}
    from ofcleague.league.services import save_points_grid

    save_points_grid(evening, evening.version, grid)
    with pytest.raises(ValidationError, match="(?i)grid|tabelle"):
        services.seat_table(evening, 1, 1, seats[:4])


def test_boards_are_scored_with_the_evenings_rules(pineapple, pineapple_table):
    hand, _ = boards_hand(pineapple_table, 1, ENTERS[:3])
    results = list(hand.results.order_by("evening_player__player__name"))
    assert [r.points for r in results] == ENTERS_THREE_POINTS
    assert results[1].fouled and results[0].fantasyland_next == 14
    assert results[0].front == "Qh Qd 2c" and results[0].royalties == 7


def test_a_bad_board_names_the_player_and_writes_nothing(evening, table1):
    boards = list(ENTERS)
    boards[2] = ("2s 3s", boards[2][1], boards[2][2])
    with pytest.raises(ValidationError, match="Cleo"):
        boards_hand(table1, 1, boards)
    assert not Hand.objects.exists()


def test_fantasyland_entry_then_stay_then_out(pineapple, pineapple_table):
    table = pineapple_table
    boards_hand(table, 1, ENTERS[:3])
    hand, _ = boards_hand(table, 2, STAYS[:3])
    anna = hand.results.get(evening_player__player__name="Anna")
    assert anna.fantasyland == 14 and anna.fantasyland_next == 14
    assert anna.points == STAYS_THREE_POINTS[0]
    # A points-only hand without a tick ends it.
    hand, _ = points_hand(table, 3, [1, -1, 0])
    anna = hand.results.get(evening_player__player__name="Anna")
    assert anna.fantasyland == 14 and anna.fantasyland_next is None
    hand, _ = points_hand(table, 4, [0, 0, 0], fantasyland={2: 15})
    hand, _ = points_hand(table, 5, [0, 0, 0])
    assert hand.results.get(evening_player__player__name="Bert").fantasyland == 15


def test_a_tick_needs_a_card_count_of_the_rules(evening, table1):
    with pytest.raises(ValidationError):
        points_hand(table1, 1, [0, 0, 0, 0], fantasyland={1: 13})


def test_a_player_in_fantasyland_can_only_stay(pineapple, pineapple_table):
    points_hand(pineapple_table, 1, [0, 0, 0], fantasyland={1: 16})
    with pytest.raises(ValidationError, match="14"):
        points_hand(pineapple_table, 2, [0, 0, 0], fantasyland={1: 17})
    points_hand(pineapple_table, 2, [0, 0, 0], fantasyland={1: 14, 2: 17})
    assert league_problems() == []


def test_undo_the_last_hand_only(evening, table1):
    points_hand(table1, 1, [5, -2, -2, -1])
    points_hand(table1, 2, [1, -1, 0, 0])
    with pytest.raises(ValidationError):
        services.undo_last_hand(table1, 1)
    services.undo_last_hand(table1, 2)
    assert round_points(evening)["Anna"] == 5
    services.undo_last_hand(table1, 1)
    assert round_points(evening) == {}
    assert Hand.history.filter(history_type="-").count() == 2


def test_a_correction_is_recorded_and_fantasyland_follows(pineapple, pineapple_table):
    evening = pineapple
    boards_hand(pineapple_table, 1, ENTERS[:3])
    hand, _ = boards_hand(pineapple_table, 2, STAYS[:3])
    assert hand.results.get(evening_player__player__name="Anna").fantasyland == 14
    services.correct_hand(
        pineapple_table,
        1,
        entry="points",
        results=[ResultInput(seat=s, points=p) for s, p in enumerate([3, -1, -2], 1)],
    )
    anna = HandResult.objects.get(hand__number=2, evening_player__player__name="Anna")
    # Out of Fantasyland now, the trips in the front enter it anew (17 cards for trips).
    assert anna.fantasyland is None and anna.fantasyland_next == 17
    assert round_points(evening)["Anna"] == 3 + STAYS_THREE_POINTS[0]
    changes = HandResult.history.filter(
        hand_id=anna.hand.pk - 1, evening_player__player__name="Anna", history_type="~"
    )
    assert changes.first().points == 3


def test_hands_never_mix_with_a_finished_result_of_another_round(evening, table1):
    seats = seat_ids(evening)
    from ofcleague.league.services import save_points_grid

    grid = {seat: {2: value} for seat, value in zip(seats, [1, -1] + [0] * 6, strict=True)}
    evening.refresh_from_db()  # seating the table moved the version
    save_points_grid(evening, evening.version, grid)
    points_hand(table1, 1, [5, -2, -2, -1])
    assert round_points(evening, 2)["Anna"] == 1 and round_points(evening)["Anna"] == 5


hand_values = st.lists(st.integers(-300, 300), min_size=3, max_size=3).map(
    lambda three: [*three, -sum(three)]
)


class TestRoundTotals(TestCase):
    """Whatever hands are recorded, undone and corrected, each round total is the sum of its
    hands and every hand adds up to zero."""

    @settings(max_examples=15, deadline=None)
    @given(
        hands=st.lists(hand_values, min_size=1, max_size=5),
        undo=st.booleans(),
        correction=hand_values,
    )
    def test_round_totals_equal_the_sum_of_hands(self, hands, undo, correction):
        evening = EveningFactory(
            status="in_progress", rounds=2, hands_per_round=5, variant=Variant.OFC
        )
        for name in "ABCD":
            EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
        table = services.seat_table(evening, 1, 1, seat_ids(evening))
        for number, values in enumerate(hands, 1):
            points_hand(table, number, values)
        services.correct_hand(
            table,
            1,
            entry="points",
            results=[ResultInput(seat=s, points=p) for s, p in enumerate(correction, 1)],
        )
        if undo and len(hands) > 1:
            services.undo_last_hand(table, len(hands))
        for hand in Hand.objects.all():
            assert sum(hand.results.values_list("points", flat=True)) == 0
        for score in RoundScore.objects.all():
            assert score.points == sum(
                HandResult.objects.filter(evening_player=score.evening_player).values_list(
                    "points", flat=True
                )
            )
        assert RoundScore.objects.count() == 4


@pytest.mark.parametrize(
    ("variant", "chosen", "expected"),
    [
        ("pineapple", "", "pineapple"),
        ("ofc", "", "house"),
        ("classic", "", "classic-2-4"),
        ("classic", "classic-units", "classic-units"),
        ("ofc", "pineapple", "pineapple"),
    ],
)
def test_the_rule_set_defaults_from_the_variant(variant, chosen, expected):
    from ofcleague.league.rule_set import evening_rule_set

    evening = Evening(variant=variant, rule_set=chosen)
    assert evening_rule_set(evening).key == expected


def test_classic_boards_score_with_the_2_4_count(db):
    evening = EveningFactory(status="in_progress", variant="classic", hands_per_round=5)
    for name in "AB":
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
    table = services.seat_table(evening, 1, 1, seat_ids(evening))
    hand, _ = boards_hand(table, 1, ENTERS[:2])
    # Seat 2 fouls and loses all three rows: 4 in the 2-4 count, no Fantasyland there.
    assert sorted(hand.results.values_list("points", flat=True)) == [-4, 4]
    assert not hand.results.filter(fantasyland_next__isnull=False).exists()


def test_a_deleted_evening_comes_back_with_its_tables_and_hands(evening, table1):
    points_hand(table1, 1, [5, -2, -2, -1])
    points_hand(table1, 2, [-3, 6, -1, -2])

    def kept():
        return (
            sorted(RoundTable.objects.values_list("pk", "round_number", "table", "first_dealer")),
            sorted(TableSeat.objects.values_list("pk", "round_table", "evening_player")),
            sorted(Hand.objects.values_list("pk", "number", "client_id")),
            sorted(HandResult.objects.values_list("pk", "hand", "evening_player", "points")),
            round_points(evening),
        )

    before = kept()
    evening.refresh_from_db()
    table_evening.delete_evening(evening, evening.version)
    assert not Evening.objects.exists()
    assert not RoundTable.objects.exists() and not HandResult.objects.exists()
    table_evening.restore_evening(evening.pk)
    assert kept() == before
    assert league_problems() == []


def test_deleting_from_an_old_page_deletes_no_hand(evening, table1):
    points_hand(table1, 1, [5, -2, -2, -1])
    with pytest.raises(ValidationError):
        table_evening.delete_evening(evening, 1)
    assert Hand.objects.count() == 1 and HandResult.objects.count() == 4
