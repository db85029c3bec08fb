"""Bringing the league's history in on a phone (390x844): the owner of a new, empty league
pastes the results as the league printed them and gets exactly the six evenings of
fixtures/history.json; axe finds nothing serious on the import pages."""

import pytest
from playwright.sync_api import expect

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Evening, Player, Status
from tests.factories import UserFactory
from tests.imports.test_paste import SEED, history_evenings

from .axe import serious_findings
from .test_league_admin import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def stored_evenings(league):
    with using_league(league):
        result = []
        for evening in Evening.objects.order_by("date").prefetch_related("seats__player"):
            assert evening.status == Status.FINISHED
            seats = sorted(evening.seats.all(), key=lambda seat: seat.place)
            assert all(seat.total is None and seat.prize is None for seat in seats)
            result.append(
                {
                    "date": evening.date.isoformat(),
                    "start_time": evening.start_time.strftime("%H:%M"),
                    "buy_in": evening.buy_in,
                    "rounds": evening.rounds,
                    "hands_per_round": evening.hands_per_round,
                    "variant": evening.variant,
                    "places": [(seat.place, seat.player.name) for seat in seats],
                }
            )
        return result


def test_the_owner_pastes_the_printed_history(live_server, browser, browser_context_args, shots):
    owner = UserFactory(username="gruender")
    league = League.objects.create(name="Neue Runde", slug="neue-runde")
    Membership.objects.create(league=league, user=owner, role=Role.OWNER)
    context = browser.new_context(**browser_context_args)
    findings = {}
    try:
        page = context.new_page()
        log_in(page, live_server, "gruender", "/neue-runde/import/")
        findings["start"] = serious_findings(page)
        page.locator("#id_text").fill(SEED.read_text(encoding="utf-8"))
        page.locator("#import-read").click()
        page.wait_for_url(f"{live_server.url}/neue-runde/import/preview/")
        expect(page.locator(".import-evening")).to_have_count(6)
        expect(page.locator(".import-evening").first).to_contain_text("23.11.2016")
        findings["preview"] = serious_findings(page)
        shots(page, "import-preview")
        assert not Evening._base_manager.filter(league=league).exists()
        page.locator("#import-confirm").click()
        expect(page.locator("#import-undo")).to_be_visible()
        findings["done"] = serious_findings(page)
        shots(page, "import-done")
        page.goto(f"{live_server.url}/neue-runde/import/")
        findings["list"] = serious_findings(page)
        shots(page, "import-list")
        page.goto(f"{live_server.url}/neue-runde/export/")
        findings["export"] = serious_findings(page)
    finally:
        context.close()
    expected, names = history_evenings()
    assert stored_evenings(league) == expected
    with using_league(league):
        assert sorted(Player.objects.values_list("name", flat=True)) == names
    assert findings == dict.fromkeys(["start", "preview", "done", "list", "export"], [])


def test_columns_and_did_you_mean(live_server, browser, browser_context_args, tmp_path, shots):
    owner = UserFactory(username="gruender")
    league = League.objects.create(name="Neue Runde", slug="neue-runde")
    Membership.objects.create(league=league, user=owner, role=Role.OWNER)
    with using_league(league):
        Player.objects.create(name="Michael", name_key="michael", slug="michael")
    upload = tmp_path / "alt.csv"
    upload.write_text("Wann;Wer;Rang\n01.03.2024;Micheal;1\n01.03.2024;Anna;2\n")
    context = browser.new_context(**browser_context_args)
    findings = {}
    try:
        page = context.new_page()
        log_in(page, live_server, "gruender", "/neue-runde/import/")
        page.locator("#id_file").set_input_files(str(upload))
        page.locator("#import-read").click()
        page.wait_for_url(f"{live_server.url}/neue-runde/import/columns/")
        findings["columns"] = serious_findings(page)
        shots(page, "import-columns")
        page.locator("#id_col_0").select_option("date")
        page.locator("#id_col_1").select_option("player")
        page.locator("#id_col_2").select_option("place")
        page.locator("#columns-apply").click()
        page.wait_for_url(f"{live_server.url}/neue-runde/import/preview/")
        expect(page.locator("#import-names")).to_contain_text("Micheal")
        findings["preview"] = serious_findings(page)
        shots(page, "import-did-you-mean")
        page.locator("#id_name_0").select_option("Michael")
        page.locator("#import-confirm").click()
        expect(page.locator("#import-undo")).to_be_visible()
    finally:
        context.close()
    with using_league(league):
        assert sorted(Player.objects.values_list("name", flat=True)) == ["Anna", "Michael"]
        assert Evening.objects.get().seats.get(place=1).player.name == "Michael"
    assert findings == {"columns": [], "preview": []}
