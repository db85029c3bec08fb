"""Bad seats refused (issue 37): more players at one table than the rule set's deck holds (a
fourth at Pineapple, a fifth at OFC) is refused with a message naming the limit, by the round
page's form and by the service, and nothing is written."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from ofcleague.league.models import RoundScore
from ofcleague.league.rule_set import evening_rule_set, too_many_seats
from ofcleague.league.services.grid import grid_problems
from ofcleague.league.services.points import save_round
from ofcleague.scoring import RULE_SETS
from ofcleague.table import services
from ofcleague.table.forms import SeatForm
from ofcleague.table.models import RoundTable, TableSeat
from tests.table.conftest import seat_ids

pytestmark = pytest.mark.django_db


def test_the_limit_is_what_one_deck_deals_for():
    seats = {key: rules.table_seats for key, rules in RULE_SETS.items()}
    assert seats == {"house": 4, "pineapple": 3, "classic-2-4": 4, "classic-units": 4}
    assert all(rules.table_seats * rules.cards_per_player <= 52 for rules in RULE_SETS.values())


def test_the_message_names_the_limit_and_why():
    with translation.override("en"):
        message = too_many_seats(RULE_SETS["pineapple"])
    assert message == (
        "A table of “OFC Pineapple (published table)” seats at most 3 players: one deck "
        "holds 17 cards for each."
    )
    with translation.override("de"):
        german = too_many_seats(RULE_SETS["pineapple"])
    assert "höchstens 3 Spieler" in german and "17 Karten" in german


def test_the_service_refuses_a_fourth_seat_at_pineapple(pineapple):
    with pytest.raises(ValidationError) as refused:
        services.seat_table(pineapple, 1, 1, seat_ids(pineapple)[:4])
    assert refused.value.messages == [too_many_seats(evening_rule_set(pineapple))]
    assert not RoundTable.objects.exists() and not TableSeat.objects.exists()


def test_the_service_refuses_a_fifth_seat_at_ofc(evening):
    with pytest.raises(ValidationError, match="13"):
        services.seat_table(evening, 1, 1, seat_ids(evening)[:5])
    assert not RoundTable.objects.exists()


def round_post(seats, table=1):
    data = {"table": table, "dealer": ""}
    data |= {f"seat_{position}": seat for position, seat in enumerate(seats, 1)}
    return data


def test_the_round_page_refuses_a_fourth_seat_at_pineapple(keeper, pineapple):
    url = reverse("table:round", args=[pineapple.pk, 1])
    answer = keeper.post(url, round_post(seat_ids(pineapple)[:4]))
    assert answer.status_code == 200
    message = too_many_seats(evening_rule_set(pineapple))
    assert message in answer.content.decode()
    assert not RoundTable.objects.exists()
    # Three are seated.
    seated = keeper.post(url, round_post(seat_ids(pineapple)[:3]))
    assert seated.status_code == 302
    assert TableSeat.objects.count() == 3


@pytest.mark.parametrize("extra", ["seat_4", "seat_9"])
def test_the_form_refuses_any_seat_past_the_last(pineapple, extra):
    seats = seat_ids(pineapple)
    data = round_post(seats[:3]) | {extra: seats[3]}
    form = SeatForm(data, evening=pineapple, round_number=1)
    assert not form.is_valid()
    assert form.non_field_errors() == [too_many_seats(evening_rule_set(pineapple))]
    # An empty extra seat is no player: the table of three is fine.
    assert SeatForm(
        round_post(seats[:3]) | {extra: ""}, evening=pineapple, round_number=1
    ).is_valid()


# The points grid's table column: a round entered as totals per table is held to the same limit.


@translation.override("en")
def test_the_grid_refuses_a_fourth_player_at_a_pineapple_table():
    seats, points = [1, 2, 3, 4], {1: {1: 3}, 2: {1: -1}, 3: {1: -2}, 4: {1: 0}}
    at_one_table = {seat: {1: 1} for seat in seats}
    problems = grid_problems(seats, 3, points, at_one_table, table_seats=3)
    assert problems.rounds[1] == [
        "Round 1, table 1 seats 4 players; one deck deals for at most 3 at a table under these "
        "rules. Spread them over more tables."
    ]
    two_tables = {1: {1: 1}, 2: {1: 1}, 3: {1: 2}, 4: {1: 2}}
    balanced = {1: {1: 1}, 2: {1: -1}, 3: {1: 2}, 4: {1: -2}}
    assert not grid_problems(seats, 3, balanced, two_tables, table_seats=3)


@translation.override("en")
def test_saving_a_round_with_a_crowded_table_writes_nothing(pineapple):
    seats = seat_ids(pineapple)[:4]
    values = dict(zip(seats, [3, -1, -2, 0], strict=True))
    with pytest.raises(ValidationError, match="at most 3 at a table"):
        save_round(pineapple, pineapple.version, 1, values, dict.fromkeys(seats, 1))
    assert not RoundScore.objects.filter(evening_player__evening=pineapple).exists()
