"""Nothing lost at the table (issue 35), in Chromium at 390x844.

A phone enters two hands, loses its signal, enters a third, is reloaded without a connection
(the service worker shows its older copy of the pad, from before the first hand) and enters a
fourth: the pad still shows the right hand and dealer, and once the signal is back all four
hands are stored once, in order. And a hand the phone sends again under an entry id with
other results, or under a number another phone took, opens the conflict: both versions named
by hand and players, and the table's choice (keep, replace, both were played) does what it
says; axe finds nothing serious on it, light or dark.
"""

import json
import re
import uuid

import pytest
from playwright.sync_api import expect

from ofcleague.table.models import Hand, RoundTable
from ofcleague.table.services import ResultInput, record_hand
from tests.browser.test_offline import controlled, seated_evening

from .axe import serious_findings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: The table of ``seated_evening``, seat by seat; seat 1 deals hand 1.
SEATS = ["Andreas", "Melanie", "Micha"]
HANDS = [(4, -1, -3), (2, 1, -3), (5, -2, -3), (1, 0, -1)]


def dealer(number):
    return SEATS[(number - 1) % 3]


def enter(page, values):
    page.locator("#points-1").fill(str(values[0]))
    page.locator("#points-2").fill(str(values[1]))
    expect(page.locator("#points-3")).to_have_value(str(values[2]))
    page.locator("#pad-save").click()


def expect_next(page, number):
    status = page.locator("#pad-status")
    expect(status).to_contain_text(f"Hand {number} von 5")
    expect(status).to_contain_text(f"{dealer(number)} gibt")
    badge = page.locator(f'fieldset[data-seat="{(number - 1) % 3 + 1}"] [data-badges]')
    expect(badge).to_contain_text("Button")


#: The pad's hands API: a page controlled by the worker sends past the browser's offline mode
#: (the worker leaves POSTs alone), so offline also cuts these requests.
API = re.compile(r"/api/evenings/\d+/rounds/\d+/tables/\d+/hands/")


def offline(context, cut):
    context.set_offline(cut)
    if cut:
        context.route(API, lambda route: route.abort("internetdisconnected"))
    else:
        context.unroute(API)


def stored():
    return [
        (hand.number, tuple(r.points for r in hand.results.order_by("evening_player__pk")))
        for hand in Hand.objects.order_by("number").prefetch_related("results")
    ]


def test_a_reload_without_a_connection_loses_no_hand(logged_in, live_server, context, shots):
    page = logged_in
    evening = seated_evening()
    pad = f"{live_server.url}/ofc-runde/evenings/{evening.pk}/rounds/1/tables/1/"
    controlled(page)
    page.goto(pad)  # the worker keeps this copy: no hand saved yet
    expect_next(page, 1)
    for number, values in enumerate(HANDS[:2], 1):
        enter(page, values)
        expect(page.locator("#pad-hands tbody tr:not(.waiting)")).to_have_count(number)
    expect_next(page, 3)

    offline(context, True)
    enter(page, HANDS[2])
    expect(page.locator("#pad-hands tbody tr.waiting")).to_have_count(1)
    expect_next(page, 4)
    page.reload()
    expect(page.locator(".offline-note")).to_be_visible()
    # The copy's page lists no hand; the phone kept the two saved and the one waiting.
    expect(page.locator("#pad-hands tbody tr:not(.waiting)")).to_have_count(2)
    expect(page.locator("#pad-hands tbody tr.waiting")).to_have_count(1)
    expect_next(page, 4)
    enter(page, HANDS[3])
    expect(page.locator("#pad-hands tbody tr.waiting")).to_have_count(2)
    expect(page.locator("#pad-queue")).to_have_text("2 Hände warten aufs Senden")
    expect_next(page, 5)
    shots(page, "pad-reloaded-offline")
    # Chromium's emulated offline sometimes lets hand 3's request through and drops only its
    # answer: the hand is saved, the phone never heard (a lost answer, as on a real phone in a
    # dead spot). Either way hand 4 has not been sent; what counts is the end: every hand once.
    assert len(stored()) in (2, 3)
    assert [number for number, _values in stored()] == list(range(1, len(stored()) + 1))

    offline(context, False)
    expect(page.locator("#pad-queue")).to_be_hidden(timeout=15000)
    expect(page.locator("#pad-hands tbody tr:not(.waiting)")).to_have_count(4)
    expect(page.locator("#pad-message")).not_to_contain_text("anderen Handy")
    expect_next(page, 5)
    assert stored() == [(number, values) for number, values in enumerate(HANDS, 1)]
    page.reload()
    expect(page.locator(".offline-note")).to_have_count(0)
    expect(page.locator("#pad-hands tbody tr:not(.waiting)")).to_have_count(4)
    expect_next(page, 5)


def queue_on_phone(page, evening, body):
    """A hand waiting in the phone's queue, as the pad queues it."""
    item = {
        "key": f"{evening.pk}/1/1",
        "url": f"/ofc-runde/api/evenings/{evening.pk}/rounds/1/tables/1/hands/",
        "body": {
            "entry": "points",
            "results": [{"seat": s, "points": p} for s, p in enumerate(body.pop("points"), 1)],
            **body,
        },
    }
    page.evaluate(
        "item => localStorage.setItem('ofc-pad-queue', JSON.stringify([item]))",
        json.loads(json.dumps(item)),
    )


def choose(page, name):
    page.locator("#pad-conflict").get_by_role("radio", name=name).check()
    page.get_by_role("button", name="Auswahl übernehmen").click()


def test_a_conflict_is_shown_and_the_table_chooses(logged_in, live_server, shots):
    page = logged_in
    evening = seated_evening()
    pad = f"{live_server.url}/ofc-runde/evenings/{evening.pk}/rounds/1/tables/1/"
    page.goto(pad)
    enter(page, HANDS[0])
    expect(page.locator("#pad-hands tbody tr:not(.waiting)")).to_have_count(1)
    first = str(Hand.objects.get().client_id)
    conflict = page.locator("#pad-conflict")

    # The phone sends hand 1 again under its entry id, with other points: 409, nothing changes.
    queue_on_phone(page, evening, {"id": first, "number": 1, "after": None, "points": [6, -3, -3]})
    page.reload()
    expect(conflict).to_be_visible()
    expect(conflict).to_contain_text("Auf diesem Handy: Hand 1: Andreas +6, Melanie -3, Micha -3")
    expect(conflict).to_contain_text("Gespeichert: Hand 1: Andreas +4, Melanie -1, Micha -3")
    expect(conflict.get_by_role("radio")).to_have_count(2)
    assert stored() == [(1, HANDS[0])]
    shots(page, "pad-conflict")
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        assert serious_findings(page) == [], scheme
    # Nothing chosen yet: the table is asked to.
    page.get_by_role("button", name="Auswahl übernehmen").click()
    expect(page.locator("#pad-message")).to_have_text("Wähle zuerst eine der Antworten.")
    choose(page, "Hand 1 durch die von diesem Handy ersetzen: Andreas +6, Melanie -3, Micha -3")
    expect(conflict).to_be_hidden()
    expect(page.locator("#pad-message")).to_contain_text("Hand 1 hat jetzt die Ergebnisse")
    assert stored() == [(1, (6, -3, -3))]

    # Again with other points, and this time the stored hand is right.
    queue_on_phone(page, evening, {"id": first, "number": 1, "after": None, "points": [0, 0, 0]})
    page.reload()
    expect(conflict).to_be_visible()
    choose(page, "Gespeicherte Hand 1 behalten: Andreas +6, Melanie -3, Micha -3")
    expect(conflict).to_be_hidden()
    expect(page.locator("#pad-hands tbody tr.waiting")).to_have_count(0)
    assert stored() == [(1, (6, -3, -3))]

    # Another phone saved hand 2 while this one had its own hand 2 waiting: both were played.
    queue_on_phone(
        page,
        evening,
        {"id": str(uuid.uuid4()), "number": 2, "after": first, "points": list(HANDS[3])},
    )
    record_hand(
        RoundTable.objects.get(evening=evening),
        number=2,
        client_id=uuid.uuid4(),
        entry="points",
        results=[ResultInput(seat=s, points=p) for s, p in enumerate(HANDS[1], 1)],
        after=uuid.UUID(first),
        chained=True,
    )
    page.reload()
    expect(conflict).to_be_visible()
    expect(conflict.get_by_role("radio")).to_have_count(3)
    choose(page, re.compile("^Beide wurden gespielt"))
    expect(conflict).to_be_hidden()
    expect(page.locator("#pad-hands tbody tr:not(.waiting)")).to_have_count(3, timeout=15000)
    assert stored() == [(1, (6, -3, -3)), (2, HANDS[1]), (3, HANDS[3])]
    expect_next(page, 4)
