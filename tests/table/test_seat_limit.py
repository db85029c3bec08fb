"""Bad seats refused (issue 37): more players at one table than the rule set's deck holds (a
fourth at Pineapple, a fifth at OFC) is refused with a message naming the limit, by the round
page's form and by the service, and nothing is written."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from ofcleague.league.rule_set import evening_rule_set, too_many_seats
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
