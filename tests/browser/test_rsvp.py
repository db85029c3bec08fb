"""Before the evening on a phone (390x844): the owner announces an evening with 6 seats, eight
players answer by their personal links (two wait, one moves up when another cancels), the
forecast shows for the six, and the evening starts in one tap at two tables of three; axe finds
nothing serious on the announce, RSVP and evening pages."""

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from ofcleague.league.models import Evening, EveningPlayer, PlayerLink, Status
from ofcleague.table.models import RoundTable, TableSeat
from tests.factories import PlayerFactory, UserFactory, scorekeeper_of

from .test_league_admin import log_in, serious_findings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Andreas", "Melanie", "Micha", "Swantje", "Jonas", "Lena", "Tobias", "Ute"]


def test_announce_answer_by_links_waitlist_forecast_start(
    live_server, browser, browser_context_args, shots
):
    owner = UserFactory(username="gastgeber")
    scorekeeper_of(owner, role="owner")
    players = [PlayerFactory(name=name) for name in NAMES]
    findings = {}
    owner_context = browser.new_context(**browser_context_args)
    guest_context = browser.new_context(**browser_context_args)
    try:
        page = owner_context.new_page()
        log_in(page, live_server, "gastgeber", "/ofc-runde/evenings/announce/")
        findings["announce"] = serious_findings(page)
        day = timezone.localdate() + datetime.timedelta(days=5)
        page.locator("#id_date").fill(day.isoformat())
        page.locator("#id_start_time").fill("19:30")
        page.locator("#id_location").fill("Bei Micha")
        page.locator("#id_variant").select_option("pineapple")
        page.locator("#id_most_seats").fill("6")
        page.locator("form.form button[type=submit]").click()
        evening = Evening.objects.get()
        page.wait_for_url(f"{live_server.url}/ofc-runde/evenings/{evening.pk}/")
        assert evening.status == Status.PLANNED and evening.most_seats == 6

        page.goto(f"{live_server.url}/ofc-runde/rsvp/links/")
        page.locator("main form button[type=submit]").first.click()
        expect(page.locator(f"#link-{players[0].pk}")).to_be_visible()
        links = {link.player_id: link.token for link in PlayerLink.objects.all()}
        assert len(links) == 8

        guest = guest_context.new_page()

        def answer(player, value):
            guest.goto(f"{live_server.url}/ofc-runde/rsvp/{links[player.pk]}/")
            guest.locator(f"button[name=answer][value={value}]").click()
            guest.wait_for_url(f"{live_server.url}/ofc-runde/rsvp/{links[player.pk]}/")

        guest.goto(f"{live_server.url}/ofc-runde/rsvp/{links[players[0].pk]}/")
        findings["rsvp"] = serious_findings(guest)
        for player in players:
            answer(player, "yes")
        expect(guest.locator(".rsvp-mine")).to_have_attribute("data-answer", "waiting")
        shots(guest, "rsvp-waiting")

        page.goto(f"{live_server.url}{evening.get_absolute_url()}")
        expect(page.locator("#rsvp-coming li")).to_have_count(6)
        expect(page.locator("#rsvp-waiting li")).to_have_count(2)

        # Micha cannot come: Tobias, first on the waitlist, moves up by himself.
        answer(players[2], "no")
        guest.goto(f"{live_server.url}/ofc-runde/rsvp/{links[players[6].pk]}/")
        expect(guest.locator(".rsvp-mine")).to_have_attribute("data-answer", "yes")

        page.reload()
        expect(page.locator("#rsvp-coming li")).to_have_count(6)
        expect(page.locator("#rsvp-waiting li")).to_have_count(1)
        expect(page.locator("#rsvp-forecast tbody tr")).to_have_count(6)
        expect(page.locator("#chat-message")).to_contain_text("Bei Micha")
        findings["evening"] = serious_findings(page)
        shots(page, "rsvp-evening")

        page.locator("form[action$='/start/'] button[type=submit]").click()
        page.wait_for_url(f"{live_server.url}{evening.get_absolute_url()}")
        evening.refresh_from_db()
        assert evening.status == Status.IN_PROGRESS
        seated = EveningPlayer.objects.filter(evening=evening)
        assert sorted(seat.player.name for seat in seated) == sorted(NAMES[:2] + NAMES[3:7])
        tables = RoundTable.objects.filter(evening=evening, round_number=1)
        assert sorted(TableSeat.objects.filter(round_table=t).count() for t in tables) == [3, 3]
    finally:
        owner_context.close()
        guest_context.close()
    assert findings == {"announce": [], "rsvp": [], "evening": []}
