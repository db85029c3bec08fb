"""The site without a connection: the service worker keeps the score pad and the pages last read.

A phone at the table opens the pad, loses its signal and reloads: the pad still opens from the
worker's copy, a hand entered waits on the phone and reaches the server once the signal is
back, with the token of the kept page. A reading page read before opens too, saying when it
was fetched. After logging out, the scorekeeper's pages are gone from the phone.
"""

import re

import pytest
from playwright.sync_api import Error, expect

from ofcleague.league.leagues import Membership, Role
from ofcleague.league.models import EveningPlayer, Player, Variant
from ofcleague.table.models import Hand
from ofcleague.table.services import seat_table
from tests.factories import EveningFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TABLE = ["Andreas", "Melanie", "Micha"]
#: The note on a kept page fetched today, in German: "Offline: Stand von heute, 14:03 Uhr."
NOTE = re.compile(r"^Offline: Stand von heute, \d\d:\d\d Uhr\.$")


def seated_evening():
    """An evening in progress with a Pineapple table of three seated for round 1."""
    evening = EveningFactory(
        status="in_progress", rounds=2, hands_per_round=5, variant=Variant.PINEAPPLE
    )
    seats = [
        EveningPlayer.objects.create(evening=evening, player=Player.objects.get(name=name)).pk
        for name in TABLE
    ]
    seat_table(evening, 1, 1, seats)
    return evening


#: Whether the worker's pages cache comes to hold this page (asked for a while).
KEPT = """async () => {
    for (let tries = 0; tries < 200; tries += 1) {
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            if (name.startsWith("ofc-pages-") && await cache.match(location.href)) {
                return true;
            }
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
}"""


def controlled(page):
    """Wait until the service worker has taken over the page (it claims it once installed),
    at most 20 s: waiting inside the page for its promise had no end, and a run of .ci/run
    hung there for 20 minutes when the worker never took over."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=20_000)


def test_the_pad_and_a_page_read_before_open_offline(
    logged_in, league, live_server, context, browser, browser_context_args, shots
):
    page = logged_in
    evening = seated_evening()
    pad = f"{live_server.url}/ofc-runde/evenings/{evening.pk}/rounds/1/tables/1/"
    # The scorekeeper owns the league: the player management is theirs to read.
    Membership.objects.filter(user=league).update(role=Role.OWNER)
    manage = f"{live_server.url}/ofc-runde/players/manage/"
    controlled(page)

    # Online: the pages come from the server, without the note.
    page.goto(f"{live_server.url}/ofc-runde/alltime/")
    expect(page.locator(".offline-note")).to_have_count(0)
    page.goto(manage)
    expect(page.locator("h1")).to_be_visible()
    page.goto(pad)
    expect(page.locator("#pad-status")).not_to_be_empty()
    expect(page.locator(".offline-note")).to_have_count(0)

    context.set_offline(True)
    page.reload()
    expect(page.locator(".offline-note")).to_have_text(NOTE)
    expect(page.locator("#pad-status")).not_to_be_empty()
    page.locator("#points-1").fill("4")
    page.locator("#points-2").fill("-1")
    expect(page.locator("#points-3")).to_have_value("-3")
    page.locator("#pad-save").click()
    expect(page.locator("#pad-hands tbody tr.waiting")).to_have_count(1)
    expect(page.locator("#pad-queue")).to_contain_text("1")
    assert Hand.objects.count() == 0
    shots(page, "offline-pad")

    # The all-time table read before opens from the phone too; one never read does not.
    page.goto(f"{live_server.url}/ofc-runde/alltime/")
    expect(page.locator(".offline-note")).to_have_text(NOTE)
    expect(page.locator("h1")).to_be_visible()
    shots(page, "offline-alltime")
    with pytest.raises(Error):
        page.goto(f"{live_server.url}/ofc-runde/seasons/")
    page.wait_for_url(re.compile("^chrome-error:"))
    # Nor the owner's player management, read online before: it is not on the allowlist.
    page.goto(f"{live_server.url}/ofc-runde/alltime/")
    expect(page.locator(".offline-note")).to_have_text(NOTE)
    with pytest.raises(Error):
        page.goto(manage)
    page.wait_for_url(re.compile("^chrome-error:"))

    # Back to the pad, still offline: the hand waits there. Then the signal comes back.
    page.goto(pad)
    expect(page.locator("#pad-hands tbody tr.waiting")).to_have_count(1)
    context.set_offline(False)
    expect(page.locator("#pad-queue")).to_be_hidden(timeout=15000)
    expect(page.locator("#pad-hands tbody tr:not(.waiting)")).to_have_count(1)
    page.reload()
    expect(page.locator(".offline-note")).to_have_count(0)
    expect(page.locator("#pad-hands tbody tr:not(.waiting)")).to_have_count(1)
    hand = Hand.objects.get()
    assert hand.number == 1
    assert sorted(hand.results.values_list("points", flat=True)) == [-3, -1, 4]

    # A pad that is the first page a browser opens (the same session on a phone without the
    # worker yet) came before the worker: once installed, the worker keeps it too.
    other = browser.new_context(**browser_context_args, storage_state=context.storage_state())
    try:
        phone = other.new_page()
        phone.goto(pad)
        controlled(phone)
        assert phone.evaluate(KEPT)
        other.set_offline(True)
        phone.reload()
        expect(phone.locator(".offline-note")).to_have_text(NOTE)
        expect(phone.locator("#pad-hands tbody tr:not(.waiting)")).to_have_count(1)
    finally:
        other.close()

    # Logging out drops the scorekeeper's pages: offline, the pad is no longer on the phone.
    page.locator(".account-menu summary").click()
    page.get_by_role("button", name="keeper abmelden").click()
    page.wait_for_url(f"{live_server.url}/ofc-runde/")
    context.set_offline(True)
    with pytest.raises(Error):
        page.goto(pad)
    context.set_offline(False)
