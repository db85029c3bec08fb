"""The score pad's counts: a correction of one value in a saved hand, and a reload after a
lost answer.

A correction is counted like an entry: taps count, the digits typed do not. Measured: tap
the saved value (the correction opens with it selected), type the new value, tap the player
who gives the difference (the pad fills it in), tap Save.
"""

import uuid

import pytest
from playwright.sync_api import expect

from ofcleague.league.models import EveningPlayer, Player, Variant
from ofcleague.table import services
from ofcleague.table.models import Hand, HandResult
from ofcleague.table.services import ResultInput
from tests.factories import EveningFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MAX_CORRECTION_TAPS = 3
TABLE = ["Andreas", "Melanie", "Micha"]


def table_of_three(hands):
    """A Pineapple evening in progress, its table 1 seated (Andreas, Melanie, Micha) and
    ``hands`` (points per seat) saved."""
    evening = EveningFactory(
        status="in_progress", rounds=2, hands_per_round=15, variant=Variant.PINEAPPLE
    )
    for name in TABLE:
        if not evening.seats.filter(player__name=name).exists():
            EveningPlayer.objects.create(evening=evening, player=Player.objects.get(name=name))
    ids = [evening.seats.get(player__name=name).pk for name in TABLE]
    table = services.seat_table(evening, 1, 1, ids)
    for number, values in enumerate(hands, 1):
        services.record_hand(
            table,
            number=number,
            client_id=uuid.uuid4(),
            entry="points",
            results=[ResultInput(seat=seat, points=v) for seat, v in enumerate(values, 1)],
        )
    return evening


def pad_url(live_server, evening):
    return f"{live_server.url}/ofc-runde/evenings/{evening.pk}/rounds/1/tables/1/"


def points_of(evening, number):
    results = HandResult.objects.filter(
        hand__round_table__evening=evening, hand__number=number
    ).select_related("evening_player__player")
    return {result.evening_player.player.name: result.points for result in results}


def test_a_correction_of_one_value_takes_three_taps(logged_in, live_server, capsys):
    page = logged_in
    evening = table_of_three([[2, -1, -1], [6, -2, -4], [1, 0, -1]])
    page.goto(pad_url(live_server, evening))
    taps = 0

    # Micha had +6 in hand 2, not... Andreas (seat 1) had +6; it was +11, Micha gives the 5.
    row = page.locator("#pad-hands tbody tr").nth(1)
    row.locator('button[data-seat="1"]').tap()
    taps += 1
    expect(page.locator("#pad-status")).to_contain_text("2")
    expect(page.locator("#points-1")).to_be_focused()
    page.keyboard.type("11")
    expect(page.locator("#points-1")).to_have_value("11")
    page.locator("#points-3").tap()
    taps += 1
    expect(page.locator("#points-3")).to_have_value("-9")
    page.locator("#pad-save").tap()
    taps += 1
    expect(page.locator("#pad-message")).to_contain_text("2")
    expect(row).to_contain_text("+11")
    assert points_of(evening, 2) == {"Andreas": 11, "Melanie": -2, "Micha": -9}
    with capsys.disabled():
        print(f"\nCorrection of one value: {taps} taps plus the digits")
    assert taps <= MAX_CORRECTION_TAPS


def test_backspace_empties_a_corrected_cell(logged_in, live_server):
    """The old trap: the zero-sum offer refilled the cell being emptied ("6", "11": "611")."""
    page = logged_in
    evening = table_of_three([[6, -2, -4]])
    page.goto(pad_url(live_server, evening))
    page.locator("#pad-hands tbody tr").first.locator("th button").tap()
    cell = page.locator("#points-1")
    cell.tap()
    page.keyboard.press("End")
    page.keyboard.press("Backspace")
    expect(cell).to_have_value("")
    page.keyboard.type("11")
    expect(cell).to_have_value("11")
    # Two players left untouched: neither is changed behind the keeper's back.
    expect(page.locator("#points-2")).to_have_value("-2")
    expect(page.locator("#points-3")).to_have_value("-4")
    expect(page.locator("#pad-sum")).to_have_class("pad-sum points-field off")
    page.locator("#points-2").tap()
    expect(page.locator("#points-2")).to_have_value("-7")
    page.locator("#pad-save").tap()
    expect(page.locator("#pad-hands tbody tr").first).to_contain_text("+11")
    assert points_of(evening, 1) == {"Andreas": 11, "Melanie": -7, "Micha": -4}


def test_a_reload_after_a_lost_answer_agrees_with_the_server(logged_in, live_server):
    page = logged_in
    evening = table_of_three([[2, -1, -1]] * 10)
    page.goto(pad_url(live_server, evening))
    expect(page.locator("#pad-status")).to_contain_text("11")

    # The server saves hand 11, but its answer never reaches the phone.
    lost = []

    def lose_answer(route):
        lost.append(route.fetch().status)
        route.abort()

    page.route("**/hands/", lose_answer)
    page.locator("#points-1").fill("3")
    page.locator("#points-2").fill("-1")
    expect(page.locator("#points-3")).to_have_value("-2")
    page.locator("#pad-save").tap()
    expect(page.locator("#pad-queue")).to_be_visible()
    while not lost:
        page.wait_for_timeout(50)
    assert lost[0] == 201
    assert Hand.objects.filter(round_table__evening=evening).count() == 11
    page.unroute("**/hands/")

    # Reloaded while nothing gets through: the queue cannot resend, the saved state decides.
    page.route("**/hands/", lambda route: route.abort())
    page.reload()
    # Hand 11 once, saved; hand 12 next, dealt by the dealer of hand 12.
    expect(page.locator("#pad-hands tbody tr")).to_have_count(11)
    expect(page.locator("#pad-hands tbody tr.waiting")).to_have_count(0)
    expect(page.locator("#pad-queue")).to_be_hidden()
    dealer = TABLE[(12 - 1) % 3]
    expect(page.locator("#pad-status")).to_contain_text("12")
    expect(page.locator("#pad-status")).to_contain_text(f"{dealer}")
    assert page.evaluate("localStorage.getItem('ofc-pad-queue')") == "[]"
    page.unroute("**/hands/")

    page.locator("#points-1").fill("1")
    page.locator("#points-2").fill("1")
    page.locator("#pad-save").tap()
    expect(page.locator("#pad-hands tbody tr:not(.waiting)")).to_have_count(12)
    expect(page.locator("#pad-message")).to_have_class("message success")
    assert points_of(evening, 12) == {"Andreas": 1, "Melanie": 1, "Micha": -2}
