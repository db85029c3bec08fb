"""Who pays whom on a phone (390x844): a finished evening of four players shows the fewest
transfers, one is marked paid; axe finds nothing serious on the evening's money and the cash."""

import datetime
import os
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import expect

from ofcleague.league.models import Player
from tests.league.builders import evening_from_points

from .axe import serious_findings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_settle_a_finished_evening_and_mark_one_paid(logged_in, live_server, shots):
    page = logged_in
    players = {player.name: player for player in Player.objects.all()}
    # Prize minus buy-in: Andreas +10, Melanie -10, Micha +5, Swantje -5: two transfers.
    evening = evening_from_points(
        {
            players["Andreas"]: [9, 3],
            players["Micha"]: [2, 1],
            players["Swantje"]: [-4, -1],
            players["Melanie"]: [-7, -3],
        },
        prizes={
            players["Andreas"]: Decimal("20"),
            players["Micha"]: Decimal("15"),
            players["Swantje"]: Decimal("5"),
            players["Melanie"]: Decimal("0"),
        },
        pot=Decimal("40"),
        date=datetime.date(2024, 5, 3),
    )
    page.goto(f"{live_server.url}/ofc-runde/evenings/{evening.pk}/")
    section = page.locator("section.evening-money")
    expect(section.locator("#money-title")).to_be_visible()
    section.locator("form[action$='/settle/'] button").click()
    transfers = page.locator("section.evening-money li[data-transfer]")
    expect(transfers).to_have_count(2)
    expect(transfers.nth(0)).to_contain_text("Melanie")
    expect(transfers.nth(0)).to_contain_text("Andreas")
    expect(transfers.nth(0)).to_contain_text("10,00 €")
    expect(transfers.nth(1)).to_contain_text("Swantje")
    expect(transfers.nth(1)).to_contain_text("5,00 €")
    assert serious_findings(page) == []
    if os.environ.get("SCREENSHOT_DIR"):  # the section alone, for the README
        Path(os.environ["SCREENSHOT_DIR"]).mkdir(parents=True, exist_ok=True)
        section.screenshot(path=str(Path(os.environ["SCREENSHOT_DIR"]) / "settle-evening.png"))
    transfers.nth(0).locator("button").click()
    expect(page.locator("section.evening-money li.is-paid")).to_have_count(1)
    expect(page.locator("section.evening-money li[data-transfer] button")).to_have_count(1)

    page.goto(f"{live_server.url}/ofc-runde/cash/")
    expect(page.locator("tr[data-balance]")).to_have_count(2)  # Micha gets, Swantje owes
    expect(page.locator("li[data-transfer]:not(.is-paid)")).to_have_count(1)
    assert serious_findings(page) == []
    shots(page, "cash")
