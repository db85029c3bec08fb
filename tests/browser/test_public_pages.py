"""The league's real history on a phone, as a visitor sees it (and the README shows it)."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits_the_phone(page):
    return page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_visitor_reads_the_history_tables_player_and_rules(page, live_server, shots):
    call_command("load_history", verbosity=0)

    page.goto(f"{live_server.url}/ofc-runde/history/")
    dates = page.locator(".evening-heading a")
    expect(dates).to_have_count(6)
    expect(page.get_by_role("heading", level=2, name="Freitag, 24.07.2020")).to_be_visible()
    assert fits_the_phone(page)
    shots(page, "history")

    page.get_by_role("link", name="Ewige Tabelle").click()
    # Counts start with the most: the first tap on "Abende" sorts descending.
    page.get_by_role("link", name="Abende", exact=True).click()
    expect(page).to_have_url(re.compile(r"sort=-evenings"))
    expect(page.locator("table.alltime tbody tr").first.locator("td").nth(1)).to_have_text("6")
    page.get_by_role("link", name="Siege", exact=True).click()
    expect(page).to_have_url(re.compile(r"sort=-wins"))
    assert fits_the_phone(page)
    shots(page, "alltime")

    page.goto(f"{live_server.url}/ofc-runde/players/micha/")
    expect(page.locator(".place-chart a")).to_have_count(6)
    assert fits_the_phone(page)
    shots(page, "player")

    page.get_by_role("link", name="Regeln").click()
    expect(page.locator(".table-scroll[tabindex='0']").first).to_be_visible()
    assert fits_the_phone(page)
    shots(page, "rules")
