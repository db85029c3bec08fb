"""Seating on a phone, counting taps: a round seated like the one before takes one tap per
table, a swap of two players two taps, the dealer of hand 1 by name two taps."""

import pytest
from playwright.sync_api import expect

from ofcleague.league.models import Variant
from ofcleague.table import services
from ofcleague.table.models import RoundTable
from tests.browser.test_table import game_night
from tests.table.conftest import chairs

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Taps to seat one table of a round like the round before (the issue's number).
MAX_TAPS_SAME_SEATS = 1
MAX_TAPS_SWAP = 2
NAMES = ("Andreas", "Melanie", "Micha", "Michael", "Michi", "Swantje")


@pytest.fixture
def pineapple_evening(league):
    """A Pineapple evening (three at a table) of six, round 1 seated at two tables."""
    evening = game_night(NAMES, variant=Variant.PINEAPPLE, rounds=3)
    seats = list(evening.seats.order_by("pk").values_list("pk", flat=True))
    services.seat_table(evening, 1, 1, seats[:3], first_dealer=1)
    services.seat_table(evening, 1, 2, seats[3:], first_dealer=2)
    return evening


def test_a_round_like_the_last_one_takes_one_tap_per_table(
    logged_in, live_server, pineapple_evening, shots
):
    page, evening = logged_in, pineapple_evening
    round_page = f"{live_server.url}/ofc-runde/evenings/{evening.pk}/rounds/2/"
    taps = {}
    for table in (1, 2):
        # Each table's scorekeeper opens round 2 on their own phone.
        page.goto(round_page)
        if table == 1:
            shots(page, "seating-same-seats")
        taps[table] = 0
        with page.expect_navigation():
            page.locator(f'[data-same-table="{table}"]').tap()
            taps[table] += 1
        expect(page).to_have_url(f"{round_page}tables/{table}/")
        expect(page.locator("#pad-status")).not_to_be_empty()
    print(f"\nseating round 2 like round 1: {taps} taps per table")
    assert all(count <= MAX_TAPS_SAME_SEATS for count in taps.values()), taps
    assert chairs(evening, 2, 1) == chairs(evening, 1, 1)
    assert chairs(evening, 2, 2) == chairs(evening, 1, 2)
    # 15 hands at three seats: the button moves on to the seat after hand 15's dealer.
    dealers = dict(
        RoundTable.objects.filter(evening=evening, round_number=2).values_list(
            "table", "first_dealer"
        )
    )
    assert dealers == {1: 1, 2: 2}


def test_two_players_swap_in_two_taps_and_the_dealer_by_name(
    logged_in, live_server, pineapple_evening, shots
):
    page, evening = logged_in, pineapple_evening
    page.goto(f"{live_server.url}/ofc-runde/evenings/{evening.pk}/rounds/1/")
    taps = 0
    with page.expect_navigation():
        page.locator('[data-pick="Melanie"]').tap()
        taps += 1
    shots(page, "seating-swap")
    with page.expect_navigation():
        page.locator('[data-swap-with="Swantje"]').tap()
        taps += 1
    print(f"\nswapping two players: {taps} taps")
    assert taps <= MAX_TAPS_SWAP
    assert chairs(evening, 1, 1) == ["Andreas", "Swantje", "Micha"]
    assert chairs(evening, 1, 2) == ["Michael", "Michi", "Melanie"]
    with page.expect_navigation():
        page.locator('[data-pick="Micha"]').tap()
    with page.expect_navigation():
        page.locator("[data-deal-first]").tap()
    assert RoundTable.objects.get(evening=evening, round_number=1, table=1).first_dealer == 3
    expect(page.locator(".messages, [role=status]").first).to_be_visible()
