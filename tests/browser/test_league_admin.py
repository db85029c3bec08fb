"""Running a league on a phone (390x844), light and dark: start a league, change a default of
new evenings, merge two players typed twice; axe finds nothing serious on any of the pages."""

import datetime
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import EveningPlayer, Player
from tests.factories import PlayerFactory, UserFactory
from tests.league.builders import evening_from_order

from .axe import serious_findings
from .conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, live_server, username, next_path):
    page.goto(f"{live_server.url}/login/?next={next_path}")
    page.get_by_label("E-Mail oder Benutzername").fill(username)
    page.get_by_label("Passwort").fill(PASSWORD)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(f"{live_server.url}{next_path}")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_start_a_league_change_a_default_merge_two_players(
    live_server, browser, browser_context_args, scheme
):
    UserFactory(username="gruenderin")
    context = browser.new_context(**browser_context_args, color_scheme=scheme)
    findings = {}
    try:
        page = context.new_page()
        log_in(page, live_server, "gruenderin", "/leagues/new/")
        findings["new"] = serious_findings(page)
        page.locator("#id_name").fill("Donnerstagsrunde")
        page.get_by_role("button", name="Liga gründen").click()
        page.wait_for_url(f"{live_server.url}/donnerstagsrunde/")
        expect(page.locator(".brand")).to_contain_text("Donnerstagsrunde")
        league = League.objects.get(slug="donnerstagsrunde")
        assert Membership.objects.get(league=league).role == Role.OWNER

        page.goto(f"{live_server.url}/donnerstagsrunde/settings/")
        findings["settings"] = serious_findings(page)
        page.locator("#id_buy_in").fill("7.50")
        page.get_by_role("button", name="Speichern").click()
        expect(page.locator(".message")).to_contain_text("gespeichert")
        assert League.objects.get(pk=league.pk).buy_in == Decimal("7.50")

        with using_league(league):
            keep, merge, carl = (PlayerFactory(name=n) for n in ("Micha", "Michi", "Carl"))
            evening_from_order([keep, carl], date=datetime.date(2024, 3, 1))
            evening_from_order([merge, carl], date=datetime.date(2024, 3, 8))
        page.goto(f"{live_server.url}/donnerstagsrunde/players/manage/")
        findings["players"] = serious_findings(page)
        page.locator("#id_merge-merge").select_option(label="Michi")
        page.locator("#id_merge-keep").select_option(label="Micha")
        page.get_by_role("button", name="Zeigen, was sich ändert").click()
        expect(page.locator("#merge-preview")).to_contain_text("08.03.2024")
        findings["merge-preview"] = serious_findings(page)
        page.get_by_role("button", name="Ja, zusammenführen").click()
        expect(page.locator(".message")).to_contain_text("Michi")
        assert not Player._base_manager.filter(pk=merge.pk).exists()
        assert EveningPlayer.objects.filter(player=keep).count() == 2

        page.goto(f"{live_server.url}/donnerstagsrunde/delete/")
        findings["delete"] = serious_findings(page)
    finally:
        context.close()
    assert findings == dict.fromkeys(["new", "settings", "players", "merge-preview", "delete"], [])
