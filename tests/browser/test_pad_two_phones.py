"""Two phones correct one hand (issue 36, point 17): the later correction, made on a phone
that still shows the old hand, is a conflict the table decides, never a silent overwrite."""

import pytest
from playwright.sync_api import expect

from ofcleague.table.models import HandResult
from tests.browser.test_table import game_night, login, points, saved_rows, seat

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _correct(page, values):
    for position, value in enumerate(values, 1):
        page.locator(f"#points-{position}").fill(str(value))
    page.locator("#pad-save").click()


def _stored():
    return list(HandResult.objects.order_by("pk").values_list("points", flat=True))


def test_a_correction_from_a_phone_showing_the_old_hand_is_a_conflict(
    logged_in, live_server, league, browser, browser_context_args
):
    evening = game_night(hands=5)
    seat(logged_in, live_server, evening)
    points(logged_in, [3, -1, -1, -1])
    saved_rows(logged_in, 1)
    other_context = browser.new_context(**browser_context_args)
    other = other_context.new_page()
    login(other, live_server)
    other.goto(logged_in.url)
    saved_rows(other, 1)
    # Both phones open hand 1 (+3, -1, -1, -1) for a correction.
    logged_in.locator('#pad-hands th button[data-hand="1"]').click()
    other.locator('#pad-hands th button[data-hand="1"]').click()

    _correct(logged_in, [13, -11, -1, -1])
    expect(logged_in.locator("#pad-hands tbody")).to_contain_text("+13")
    _correct(other, [1, 1, -1, -1])

    conflict = other.locator("#pad-conflict")
    expect(conflict).to_be_visible()
    expect(conflict).to_contain_text("+13")
    expect(conflict.get_by_role("radio")).to_have_count(2)
    assert _stored() == [13, -11, -1, -1]
    # The table keeps this phone's hand: it replaces the one stored now.
    conflict.get_by_role("radio").nth(1).check()
    conflict.locator("button[type=submit]").click()
    expect(conflict).to_be_hidden()
    expect(other.locator("#pad-hands tbody")).not_to_contain_text("+13")
    assert _stored() == [1, 1, -1, -1]
    other_context.close()
