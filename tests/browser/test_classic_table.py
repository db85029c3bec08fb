"""A classic league at the table on a phone (390x844): seating says the table-size rule it
applies, a table without hands is unseated, and a round with no hand recorded goes back to
round totals on the points page; once a hand is recorded it stays hand by hand and the page
says why (issue 36, points 8 and 9)."""

import uuid

import pytest
from playwright.sync_api import expect

from ofcleague.league.models import EveningPlayer, Variant
from ofcleague.table import services
from ofcleague.table.hands import ResultInput
from ofcleague.table.models import RoundTable
from tests.factories import EveningFactory, PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FIVE = ["Eli", "Fay", "Gus", "Hal", "Ida"]
RULE = "seats at most 4 players at a table, so 5 players play at 2 tables: 3 + 2."


@pytest.fixture
def classic_five(league):
    evening = EveningFactory(
        status="in_progress", rounds=2, hands_per_round=3, variant=Variant.CLASSIC, buy_in=5
    )
    for name in FIVE:
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
    return evening


def _seat_next_table(page, base, table):
    page.goto(f"{base}/rounds/1/")
    page.locator("#id_table").select_option(str(table))
    page.locator(".seat-form button[type=submit]").click()
    page.wait_for_url(f"**/rounds/1/tables/{table}/")


def test_seat_unseat_and_back_to_round_totals(logged_in, live_server, classic_five):
    page = logged_in
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    base = f"{live_server.url}/ofc-runde/evenings/{classic_five.pk}"
    page.goto(f"{base}/rounds/1/")
    expect(page.locator("#seating-rule")).to_contain_text(RULE)

    _seat_next_table(page, base, 1)
    _seat_next_table(page, base, 2)
    page.goto(f"{base}/rounds/1/")
    expect(page.locator("[data-unseat]")).to_have_count(2)

    page.locator('[data-unseat="2"]').click()
    expect(page.locator(".message").first).to_contain_text("Table 2 is unseated")
    expect(page.locator("[data-unseat]")).to_have_count(1)
    assert list(RoundTable.objects.values_list("table", flat=True)) == [1]

    # The points page offers the round back as totals while no hand is recorded.
    page.goto(f"{base}/points/")
    expect(page.locator('[data-back-to-totals="1"]')).to_be_visible()
    page.locator('[data-back-to-totals="1"]').click()
    page.wait_for_url(f"{base}/points/")
    expect(page.locator(".message").first).to_contain_text("Round 1 is no longer seated")
    expect(page.locator('tr[data-round="1"] input[type=number]').first).to_be_editable()
    assert not RoundTable.objects.exists()

    # Seated again and a hand recorded: it stays hand by hand, and both pages say why.
    _seat_next_table(page, base, 1)
    table = RoundTable.objects.get(round_number=1, table=1)
    services.record_hand(
        table,
        number=1,
        client_id=uuid.uuid4(),
        entry="points",
        results=[
            ResultInput(seat=seat, points=value) for seat, value in [(1, 4), (2, -1), (3, -3)]
        ],
    )
    page.goto(f"{base}/rounds/1/")
    expect(page.locator("#stays-hand-by-hand")).to_contain_text("stays hand by hand")
    expect(page.locator('[data-unseat="1"]')).to_have_count(0)
    page.goto(f"{base}/points/")
    expect(page.locator("#seated-rounds")).to_contain_text(
        "Round 1 has 1 hand recorded on the pad, so it stays hand by hand."
    )
    expect(page.locator("[data-back-to-totals]")).to_have_count(0)
