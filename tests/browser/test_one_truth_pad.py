"""One truth after a hand corrected on the score pad, on a phone (390x844), English and German.

The sibling of ``test_one_truth``: a classic league of five at 5 € plays its first round on
the score pad (two tables, 3 + 2, every hand typed on the pad), its second by round totals,
finishes, settles and marks a transfer paid; then a hand of round 1 is corrected on the pad.
After that correction the cash, the evening and the players' pages agree (the open transfers
settle the balances, Net adds up to zero, pot and prizes follow the buy-ins), the paid
transfer that no longer fits is flagged, and every page speaks the league's language only
(issue 36, points 1 and the "Done when").
"""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from ofcleague.league.current import using_league
from ofcleague.league.models import Evening, RoundScore, Status
from ofcleague.table.models import HandResult
from tests.browser.test_one_truth import (
    classic_five,
    enter_round,
    logged_in,
    one_truth,
    speaks_only,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: Round 1 on the pad, two hands a table, by points in seat order (the last value is offered).
TABLE_HANDS = {1: [(4, -1, -3), (-2, 5, -3)], 2: [(2, -2), (6, -6)]}
#: Round 2 by totals, in the points grid's order (the players' names).
ROUND_TWO = (3, 1, -2, 3, -5)
#: Hand 1 at table 1 corrected: its first seat scored 14, not 4.
CORRECTED_HAND = (14, -11, -3)


@pytest.fixture(params=["en", "de"])
def pad_phone(request, page, live_server, transactional_db):
    """The owner's phone (no language cookie: the league decides) and an evening of five."""
    language = request.param
    name = "Classic Pad" if language == "en" else "Klassik-Block"
    owner, league, evening = classic_five(f"pad-owner-{language}", name, language, 2)
    logged_in(page, live_server, owner)
    with using_league(league):  # the test reads its own league's rows
        yield page, f"{live_server.url}/{league.slug}", language, evening


def seat_next_table(page, base, evening, table):
    page.goto(f"{base}/evenings/{evening.pk}/rounds/1/")
    page.locator("#id_table").select_option(str(table))
    page.locator(".seat-form button[type=submit]").click()
    page.wait_for_url(f"**/rounds/1/tables/{table}/")
    expect(page.locator("#pad-status")).not_to_be_empty()


def type_hand(page, values):
    """A hand by points on the pad: every seat but the last typed, the last one offered."""
    for position, value in enumerate(values[:-1], 1):
        page.locator(f"#points-{position}").fill(str(value))
    expect(page.locator(f"#points-{len(values)}")).to_have_value(str(values[-1]))
    page.locator("#pad-save").click()


def saved_hands(page, count):
    expect(page.locator("#pad-hands tbody tr:not(.waiting)")).to_have_count(count)


def play_round_one_on_the_pad(page, base, evening):
    for table, hands in TABLE_HANDS.items():
        seat_next_table(page, base, evening, table)
        speaks_only(page, page.evaluate("document.documentElement.lang")[:2])
        expect(page.locator("fieldset[data-seat]")).to_have_count(len(hands[0]))
        for count, values in enumerate(hands, 1):
            type_hand(page, values)
            saved_hands(page, count)
        expect(page.locator("#pad-closed")).to_be_visible()


def test_one_truth_after_a_hand_corrected_on_the_pad(pad_phone):
    page, base, language, evening = pad_phone
    play_round_one_on_the_pad(page, base, evening)
    speaks_only(page, language)

    # Round 2 by totals on the points page, and the evening finished from there.
    page.goto(f"{base}/evenings/{evening.pk}/points/")
    speaks_only(page, language)
    enter_round(page, 2, ROUND_TWO)
    page.locator("#main-action").click()
    page.wait_for_url(re.compile(rf"/evenings/{evening.pk}/$"))
    assert Evening.objects.get(pk=evening.pk).status == Status.FINISHED
    one_truth(page, base, language, evening, Decimal("5"), settled=False)

    # Settled, and the first transfer marked paid.
    page.goto(f"{base}/evenings/{evening.pk}/")
    page.locator("section.evening-money form[action$='/settle/'] button").click()
    expect(page.locator("section.evening-money li[data-transfer]").first).to_be_visible()
    page.locator("section.evening-money li[data-transfer]").first.locator("button").click()
    expect(page.locator("section.evening-money li.is-paid")).to_have_count(1)
    one_truth(page, base, language, evening, Decimal("5"))

    # Hand 1 at table 1 corrected on the pad: 4 → 14 for its first seat.
    page.goto(f"{base}/evenings/{evening.pk}/rounds/1/tables/1/")
    saved_hands(page, 2)
    speaks_only(page, language)
    page.locator('#pad-hands th button[data-hand="1"]').click()
    for position, value in enumerate(CORRECTED_HAND, 1):
        page.locator(f"#points-{position}").fill(str(value))
    page.locator("#pad-save").click()
    expect(page.locator("#pad-hands tbody tr").first).to_contain_text("+14")
    first_seat = HandResult.objects.get(
        hand__round_table__table=1, hand__number=1, points=CORRECTED_HAND[0]
    ).evening_player
    hands_sum = sum(
        HandResult.objects.filter(
            evening_player=first_seat, hand__round_table__round_number=1
        ).values_list("points", flat=True)
    )
    assert RoundScore.objects.get(evening_player=first_seat, round_number=1).points == hands_sum

    # Every page tells the same story after the correction; the stale paid mark is flagged.
    one_truth(page, base, language, evening, Decimal("5"))
    page.goto(f"{base}/evenings/{evening.pk}/")
    expect(page.locator("section.evening-money [data-misfit]")).to_have_count(1)
    # The hands the pad recorded, not rounds times hands per round (issue 36, point 3).
    expect(page.locator("dd[data-recorded-hands]")).to_have_text(re.compile(r"^4\D"))
