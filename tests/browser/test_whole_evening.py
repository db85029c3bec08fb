"""A whole evening on a phone (390x844), from the announcement to who pays whom.

The owner announces an evening of 6 seats (two rounds of two hands, Pineapple); eight players
answer by their personal links, two go on the waitlist, and when Micha cancels, Tobias moves up
by himself and is mailed that the seat is his. The forecast says the league knows too little
of the six yet, the chat message carries the evening's group link, the evening
starts in one tap at two tables of three, both tables play both rounds on the score pad
(round 2 seated like round 1, one tap a table), the evening is finished from the hands' points,
and the settlement lists the fewest transfers (the brute-force minimum). A pasted link of the
evening shows its result card. axe finds nothing serious on any page on the way.
"""

import datetime
import itertools
from decimal import Decimal

import pytest
from django.core import mail
from django.utils import timezone
from playwright.sync_api import expect

from ofcleague.league.models import Evening, EveningPlayer, PrizeShare, Status
from ofcleague.money.models import Transfer
from ofcleague.rsvp.group_link import group_token
from ofcleague.rsvp.models import PlayerLink
from ofcleague.table.models import RoundTable, TableSeat
from tests.factories import PlayerFactory, UserFactory, confirmed_claim, scorekeeper_of

from .test_game_night import enter_points
from .test_league_admin import log_in, serious_findings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Andreas", "Melanie", "Micha", "Swantje", "Jonas", "Lena", "Tobias", "Ute"]
#: The hands of each table, by seat: round 1, then round 2 at the same seats. Seat 1 of
#: table 2 ends on +8 and seat 1 of table 1 on +7: no two totals tie.
HANDS = {
    (1, 1): ([5, -2, -3], [1, 2, -3]),
    (1, 2): ([4, -1, -3], [0, 3, -3]),
    (2, 1): ([2, 1, -3], [-1, 4, -3]),
    (2, 2): ([6, -2, -4], [-2, 1, 1]),
}


def fewest_by_brute_force(balances):
    """The fewest transfers that settle ``balances`` (cents, summing to zero): n minus the
    most groups the players split into that each sum to zero."""
    players = [cents for cents in balances if cents]
    best = 0
    for labels in itertools.product(range(len(players)), repeat=len(players)):
        groups = {}
        for label, cents in zip(labels, players, strict=True):
            groups[label] = groups.get(label, 0) + cents
        if all(total == 0 for total in groups.values()):
            best = max(best, len(groups))
    return len(players) - best


def test_fewest_by_brute_force_counts_right():
    assert fewest_by_brute_force([3000, 1000, -1000, -1000, -1000, -1000]) == 4
    assert fewest_by_brute_force([500, -500, 700, -700]) == 2
    assert fewest_by_brute_force([]) == 0


def test_a_whole_evening_from_the_announcement_to_who_pays_whom(
    live_server, browser, browser_context_args, shots
):
    for place, weight in {1: 2, 2: 1}.items():
        PrizeShare.objects.get_or_create(place=place, defaults={"weight": weight})
    owner = UserFactory(username="gastgeber")
    scorekeeper_of(owner, role="owner")
    players = [PlayerFactory(name=name) for name in NAMES]
    tobias = players[6]
    confirmed_claim(UserFactory(username="tobias", email="tobias@example.org"), tobias)
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
        page.locator("#id_rounds").fill("2")
        page.locator("#id_hands_per_round").fill("2")
        page.locator("#id_most_seats").fill("6")
        page.locator("form.form button[type=submit]").click()
        evening = Evening.objects.get()
        evening_url = f"{live_server.url}{evening.get_absolute_url()}"
        page.wait_for_url(evening_url)
        assert evening.status == Status.PLANNED and evening.most_seats == 6
        assert (evening.rounds, evening.hands_per_round) == (2, 2)

        page.goto(f"{live_server.url}/ofc-runde/rsvp/links/")
        page.locator("main form button[type=submit]").first.click()
        expect(page.locator(f"#link-{players[0].pk}")).to_be_visible()
        findings["links"] = serious_findings(page)
        links = {link.player_id: link.token for link in PlayerLink.objects.all()}
        assert len(links) == 8

        # Each player opens their link and answers with one tap.
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

        page.goto(evening_url)
        expect(page.locator("#rsvp-coming li")).to_have_count(6)
        expect(page.locator("#rsvp-waiting li")).to_have_count(2)
        assert mail.outbox == []

        # Micha cannot come: Tobias, first on the waitlist, moves up and is told so.
        answer(players[2], "no")
        guest.goto(f"{live_server.url}/ofc-runde/rsvp/{links[tobias.pk]}/")
        expect(guest.locator(".rsvp-mine")).to_have_attribute("data-answer", "yes")
        assert [message.to for message in mail.outbox] == [["tobias@example.org"]]
        assert f"/ofc-runde/rsvp/{links[tobias.pk]}/" in mail.outbox[0].body

        page.reload()
        expect(page.locator("#rsvp-coming li")).to_have_count(6)
        expect(page.locator("#rsvp-waiting li")).to_have_count(1)
        # Eight players new to the league: the forecast says so instead of numbers.
        expect(page.locator("#rsvp-forecast-too-early")).to_be_visible()
        message = page.locator("#chat-message")
        expect(message).to_contain_text("Bei Micha")
        expect(message).to_contain_text("Tobias")
        # The chat's link is the evening's answer page (the group link), not the evening page.
        expect(message).to_contain_text(f"/ofc-runde/rsvp/evening/{group_token(evening)}/")
        findings["evening"] = serious_findings(page)
        shots(page, "rsvp-evening")
        shots.element(page.locator("#tell-group"), "chat-message")

        # One tap (the seating left as drawn at random) starts it at two tables of three.
        page.locator("form[action$='/start/'] button[type=submit]").click()
        page.wait_for_url(evening_url)
        evening.refresh_from_db()
        assert evening.status == Status.IN_PROGRESS
        # Announced for a later day and started tonight, it is tonight's evening.
        assert evening.date == timezone.localdate()
        expect(page.locator(".messages")).to_contain_text("heute")
        seated = EveningPlayer.objects.filter(evening=evening)
        assert sorted(seat.player.name for seat in seated) == sorted(NAMES[:2] + NAMES[3:7])
        tables = RoundTable.objects.filter(evening=evening, round_number=1)
        assert sorted(TableSeat.objects.filter(round_table=t).count() for t in tables) == [3, 3]

        # Both tables play both rounds on the pad; round 2 is seated like round 1.
        pad = f"{live_server.url}/ofc-runde/evenings/{evening.pk}/rounds"
        for round_number in (1, 2):
            for table in (1, 2):
                if round_number == 1:
                    page.goto(f"{pad}/1/tables/{table}/")
                else:
                    page.goto(f"{pad}/2/")
                    with page.expect_navigation():
                        page.locator(f'[data-same-table="{table}"]').tap()
                for values in HANDS[(round_number, table)]:
                    enter_points(page, values)
                expect(page.locator("#pad-closed")).to_be_visible()
                expect(page.locator("#pad-queue")).to_be_hidden()
        findings["pad"] = serious_findings(page)

        # Finished from the hands' points; the pot goes 2:1 to the first two.
        page.goto(f"{live_server.url}/ofc-runde/evenings/{evening.pk}/points/")
        expect(page.locator("#main-action")).to_have_attribute("name", "finish")
        with page.expect_navigation():
            page.locator("#main-action").click()
        evening.refresh_from_db()
        assert evening.status == Status.FINISHED
        seats = {seat.player_id: seat for seat in EveningPlayer.objects.filter(evening=evening)}
        assert sorted(seat.total for seat in seats.values()) == [-12, -9, 1, 5, 7, 8]
        assert sorted(seat.prize for seat in seats.values()) == [0, 0, 0, 0, 20, 40]

        page.goto(evening_url)
        section = page.locator("section.evening-money")
        section.locator("form[action$='/settle/'] button").click()
        listed = page.locator("section.evening-money li[data-transfer]")
        balances = [int((seat.prize - evening.buy_in) * 100) for seat in seats.values()]
        fewest = fewest_by_brute_force(balances)
        assert fewest == 4
        expect(listed).to_have_count(fewest)
        transfers = list(Transfer.objects.filter(evening=evening))
        assert len(transfers) == fewest <= len([cents for cents in balances if cents]) - 1
        settled = {player: Decimal(0) for player in seats}
        for transfer in transfers:
            settled[transfer.payer_id] -= transfer.amount
            settled[transfer.payee_id] += transfer.amount
        assert settled == {player: seat.prize - evening.buy_in for player, seat in seats.items()}
        expect(listed.first).to_contain_text("10,00 €")
        findings["settle"] = serious_findings(page)
        shots.element(section, "settle-evening-played")

        # The evening's link pasted into a chat: its Open Graph image is the result card.
        guest.goto(evening_url)
        image = guest.locator('meta[property="og:image"]').get_attribute("content")
        assert image == f"{evening_url}card.png"
        card = guest.request.get(image)
        assert card.status == 200 and card.headers["content-type"] == "image/png"
        again = guest.request.get(image, headers={"If-None-Match": card.headers["etag"]})
        assert again.status == 304
        findings["finished"] = serious_findings(guest)
    finally:
        owner_context.close()
        guest_context.close()
    assert findings == {
        name: [] for name in ("announce", "links", "rsvp", "evening", "pad", "settle", "finished")
    }
