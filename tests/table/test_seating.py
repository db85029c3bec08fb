"""Seating a round from the one before: same seats with the button moved on, swaps, the
dealer of hand 1 by name; the round page's buttons and form."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ofcleague.league.invariants import league_problems
from ofcleague.table import seating, services
from ofcleague.table.forms import SeatForm, share
from ofcleague.table.models import RoundTable, TableSeat
from tests.table.conftest import chairs, points_hand, seat_ids


def dealer(evening, round_number, table):
    return RoundTable.objects.get(
        evening=evening, round_number=round_number, table=table
    ).first_dealer


def snapshot():
    return sorted(
        TableSeat.objects.values_list(
            "round_table__round_number", "round_table__table", "position", "evening_player"
        )
    ), sorted(RoundTable.objects.values_list("round_number", "table", "first_dealer"))


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.fixture
def round_one(evening):
    ids = seat_ids(evening)
    services.seat_table(evening, 1, 1, ids[:4], first_dealer=2)
    services.seat_table(evening, 1, 2, ids[4:], first_dealer=4)
    return evening


def test_the_button_moves_on_to_the_seat_after_the_last_hands_dealer():
    # Five hands at four seats from seat 2: 2, 3, 4, 1, 2; the next round starts at 3.
    assert seating.moved_on(2, 5, 4) == 3
    assert seating.moved_on(3, 15, 3) == 3
    assert seating.moved_on(1, 12, 4) == 1


def test_one_table_sits_as_in_the_round_before(round_one):
    evening = round_one
    assert seating.seat_like_last_round(evening, 2, 1) == [1]
    assert chairs(evening, 2, 1) == chairs(evening, 1, 1) == ["Anna", "Bert", "Cleo", "Dora"]
    assert dealer(evening, 2, 1) == 3
    assert not RoundTable.objects.filter(evening=evening, round_number=2, table=2).exists()
    assert [plan.table for plan in seating.last_round_plans(evening, 2)] == [2]
    assert not list(league_problems())


def test_every_table_sits_as_in_the_round_before(round_one):
    evening = round_one
    assert seating.seat_like_last_round(evening, 2) == [1, 2]
    assert chairs(evening, 2, 2) == ["Emil", "Fred", "Gina", "Hugo"]
    assert dealer(evening, 2, 2) == 1  # 4, 1, 2, 3, 4 in round 1, then seat 1.
    assert seating.last_round_plans(evening, 2) == []


def test_a_table_whose_player_sits_elsewhere_is_refused_and_nothing_is_written(round_one):
    evening = round_one
    ids = seat_ids(evening)
    # Emil moved to table 1 in round 2: table 2 of round 1 cannot sit again, table 1 neither.
    services.seat_table(evening, 2, 1, [ids[4], ids[1], ids[2]])
    before = snapshot()
    with pytest.raises(ValidationError, match="cannot sit as in the round before"):
        seating.seat_like_last_round(evening, 2, 2)
    with pytest.raises(ValidationError, match="No table"):
        seating.seat_like_last_round(evening, 2)
    assert snapshot() == before


def test_round_one_has_no_round_before(evening):
    assert seating.last_round_plans(evening, 1) == []
    with pytest.raises(ValidationError):
        seating.seat_like_last_round(evening, 1, 1)


def test_two_players_swap_across_tables_and_the_button_stays_at_its_seat(round_one):
    evening = round_one
    ids = seat_ids(evening)
    seating.swap_players(evening, 1, ids[1], ids[5])  # Bert and Fred
    assert chairs(evening, 1, 1) == ["Anna", "Fred", "Cleo", "Dora"]
    assert chairs(evening, 1, 2) == ["Emil", "Bert", "Gina", "Hugo"]
    assert dealer(evening, 1, 1) == 2
    seating.swap_players(evening, 1, ids[0], ids[3])  # Anna and Dora at one table
    assert chairs(evening, 1, 1) == ["Dora", "Fred", "Cleo", "Anna"]
    assert not list(league_problems())


def test_a_swap_is_refused_at_a_table_with_hands(round_one):
    evening = round_one
    ids = seat_ids(evening)
    table1 = RoundTable.objects.get(evening=evening, round_number=1, table=1)
    points_hand(table1, 1, [3, -1, -1, -1])
    before = snapshot()
    with pytest.raises(ValidationError, match="Table 1 has hands already"):
        seating.swap_players(evening, 1, ids[5], ids[1])
    with pytest.raises(ValidationError, match="two different"):
        seating.swap_players(evening, 1, ids[5], ids[5])
    with pytest.raises(ValidationError):
        seating.swap_players(evening, 1, ids[5], 999999)
    assert snapshot() == before


def test_the_dealer_is_chosen_by_name(round_one):
    evening = round_one
    ids = seat_ids(evening)
    seating.choose_dealer(evening, 1, ids[2])  # Cleo, seat 3 at table 1
    assert dealer(evening, 1, 1) == 3
    with pytest.raises(ValidationError, match="must sit at this table"):
        seating.choose_dealer(evening, 2, ids[2])


def test_table_sizes_share_the_players_evenly():
    assert [share(n, 3) for n in (8, 5, 2, 3, 4)] == [3, 3, 2, 3, 2]
    assert [share(n, 4) for n in (8, 7, 6, 5, 4)] == [4, 4, 3, 3, 4]
    assert share(0, 4) == 0


def test_the_form_starts_from_the_round_before(round_one):
    evening = round_one
    form = SeatForm(evening=evening, round_number=2)
    assert form.fields["table"].initial == 1
    ids = seat_ids(evening)
    assert [form.fields[f"seat_{n}"].initial for n in range(1, 5)] == ids[:4]
    assert form.fields["dealer"].initial == ids[2]  # the button moved on to seat 3: Cleo
    assert dict(form.fields["dealer"].choices)[ids[2]] == "Cleo"


def test_the_form_fills_a_pineapple_table_with_three_of_five(pineapple):
    ids = seat_ids(pineapple)[:5]
    pineapple.seats.exclude(pk__in=ids).delete()
    form = SeatForm(evening=pineapple, round_number=1)
    assert [form.fields[f"seat_{n}"].initial for n in range(1, 4)] == ids[:3]
    assert "seat_4" not in form.fields


def test_the_form_takes_the_dealer_by_name(keeper, evening):
    ids = seat_ids(evening)
    url = reverse("table:round", args=[evening.pk, 1])
    data = {"table": 1, "seat_1": ids[0], "seat_2": ids[1], "seat_3": ids[2], "dealer": ids[2]}
    answer = keeper.post(url, data)
    assert answer.status_code == 302
    assert dealer(evening, 1, 1) == 3
    answer = keeper.post(
        url,
        {
            **data,
            "table": 2,
            "seat_1": ids[4],
            "seat_2": ids[5],
            "seat_3": ids[6],
            "dealer": ids[0],
        },
    )
    assert answer.status_code == 200
    assert answer.context["form"].errors["dealer"]
    assert not RoundTable.objects.filter(table=2).exists()


def test_the_round_page_seats_a_table_in_one_post(keeper, round_one):
    evening = round_one
    page = keeper.get(reverse("table:round", args=[evening.pk, 2])).content.decode()
    assert 'data-same-table="1"' in page and 'data-same-table="2"' in page
    assert page.count("Cleo") >= 2  # in the table's line and as the dealer of hand 1
    answer = keeper.post(
        reverse("table:seats", args=[evening.pk, 2]), {"action": "same", "table": 1}
    )
    assert answer.status_code == 302 and answer.url == reverse("table:pad", args=[evening.pk, 2, 1])
    answer = keeper.post(reverse("table:seats", args=[evening.pk, 2]), {"action": "same"})
    assert answer.status_code == 302 and answer.url == reverse("table:round", args=[evening.pk, 2])
    assert chairs(evening, 2, 2) == chairs(evening, 1, 2)


def test_the_round_page_swaps_in_two_taps(keeper, round_one):
    evening = round_one
    ids = seat_ids(evening)
    url = reverse("table:round", args=[evening.pk, 1])
    picked = keeper.get(url, {"pick": ids[1]}).content.decode()
    assert 'data-swap-with="Fred"' in picked
    answer = keeper.post(
        reverse("table:seats", args=[evening.pk, 1]),
        {"action": "swap", "player": ids[1], "other": ids[5]},
    )
    assert answer.status_code == 302
    assert chairs(evening, 1, 1) == ["Anna", "Fred", "Cleo", "Dora"]


@pytest.mark.parametrize(
    "data",
    [
        {"action": "swap", "player": "x", "other": ""},
        {"action": "same", "table": "9"},
        {"action": "dealer", "player": "-1"},
        {"action": "nonsense"},
        {},
    ],
)
def test_bad_seat_buttons_give_a_message_and_change_nothing(keeper, round_one, data):
    before = snapshot()
    answer = keeper.post(reverse("table:seats", args=[round_one.pk, 2]), data, follow=True)
    assert answer.status_code == 200
    assert [m.level_tag for m in answer.context["messages"]] == ["error"]
    assert snapshot() == before


def test_the_seat_buttons_are_for_scorekeepers(client, round_one):
    answer = client.post(reverse("table:seats", args=[round_one.pk, 2]), {"action": "same"})
    assert answer.status_code == 302 and "/login/" in answer.url
    assert not RoundTable.objects.filter(round_number=2).exists()


FIELD = st.one_of(
    st.none(),
    st.integers(-3, 12),
    st.sampled_from([2**31, 2**63, -(2**63), 10**30]),
    st.text(max_size=8),
)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_seat_button_post_answers_without_a_crash_or_a_half_write(keeper, round_one, data):
    evening = round_one
    ids = seat_ids(evening)
    action = data.draw(st.sampled_from(["same", "swap", "dealer", "", "x"]), label="action")
    body = {"action": action}
    for name in ("table", "player", "other"):
        value = data.draw(st.one_of(FIELD, st.sampled_from(ids)), label=name)
        if value is not None:
            body[name] = str(value)
    round_number = data.draw(st.sampled_from([1, 2, 3]), label="round")
    with transaction.atomic():
        before = snapshot()
        answer = keeper.post(
            reverse("table:seats", args=[evening.pk, round_number]), body, follow=True
        )
        assert answer.status_code == 200
        levels = [m.level_tag for m in answer.context["messages"]]
        assert len(levels) == 1
        if levels == ["error"]:
            assert snapshot() == before
        assert not list(league_problems())
        transaction.set_rollback(True)


def test_the_round_page_runs_as_many_queries_for_two_tables_as_for_four(
    keeper, round_one, django_assert_max_num_queries
):
    evening = round_one
    ids = seat_ids(evening)
    url = reverse("table:round", args=[evening.pk, 2])
    services.seat_table(evening, 2, 1, ids[:2])
    services.seat_table(evening, 2, 2, ids[2:4])
    keeper.get(url, {"pick": ids[0]})  # session and permissions warmed up
    with CaptureQueriesContext(connection) as two:
        assert keeper.get(url, {"pick": ids[0]}).status_code == 200
    services.seat_table(evening, 2, 3, ids[4:6])
    services.seat_table(evening, 2, 4, ids[6:])
    with django_assert_max_num_queries(len(two.captured_queries)):
        assert keeper.get(url, {"pick": ids[0]}).status_code == 200
