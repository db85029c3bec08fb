"""The points page round by round, by keyboard and by touch, in real Chromium at 390x844."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from ofcleague.league import services
from ofcleague.league.models import Evening, EveningPlayer, Player, Status
from tests.browser.test_tap_count import KNOWN, NAMES, NEW, PLACES, ROUNDS
from tests.factories import EveningFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def focused(page):
    """A short description of the element that has focus."""
    return page.evaluate(
        "() => { const e = document.activeElement;"
        " return (e.getAttribute('aria-label') || e.labels?.[0]?.textContent || e.textContent"
        " || '').trim(); }"
    )


class Keyboard:
    """Keys only: Tab, Shift+Tab, Enter, Space and typing; counts every key but the typing."""

    def __init__(self, page):
        self.page, self.keys = page, 0

    def press(self, key):
        self.page.keyboard.press(key)
        self.keys += 1

    def tab_to(self, locator, limit=80):
        for _ in range(limit):
            if locator.evaluate("element => element === document.activeElement"):
                return
            self.press("Tab")
        raise AssertionError(f"Tab never reached {locator}")

    def submit(self, key="Enter"):
        with self.page.expect_navigation():
            self.press(key)


def test_the_reference_evening_by_keyboard_alone(logged_in, live_server, capsys):
    page = logged_in
    keys = Keyboard(page)
    keys.tab_to(page.get_by_role("link", name="Neuer Abend"))
    keys.submit()
    for name in KNOWN:
        keys.tab_to(page.get_by_label(name, exact=True))
        keys.press("Space")
    keys.tab_to(page.get_by_label("Neue Spieler"))
    page.keyboard.type(NEW)
    keys.submit()
    expect(page).to_have_url(re.compile(r"/points/$"))
    for number, values in ROUNDS.items():
        expect(page.get_by_label(f"{NAMES[0]}, Runde {number}", exact=True)).to_be_focused()
        for index, value in enumerate(values):
            page.keyboard.type(str(value))
            if index < len(values) - 1:
                keys.press("Enter")
        # Return at the end of a complete round that adds up saves it; after the last
        # round it is the main button's job: finish.
        keys.submit()
    evening = Evening.objects.get(seats__player__name=NEW)
    assert evening.status == Status.FINISHED
    assert evening.pot == 40
    places = dict(evening.seats.values_list("player__name", "place"))
    assert places == PLACES
    with capsys.disabled():
        print(f"\nReference evening by keyboard: {keys.keys} keys, no taps")


@pytest.fixture
def running(logged_in, live_server):
    """The points page of a 3-round evening of the four regulars, nothing entered yet."""
    evening = EveningFactory(status="in_progress", rounds=3)
    for player in Player.objects.filter(name__in=["Andreas", "Melanie", "Micha", "Swantje"]):
        EveningPlayer.objects.create(evening=evening, player=player)
    logged_in.goto(live_server.url + reverse("results:evening_points", args=[evening.pk]))
    return logged_in, evening


def cell(page, name, number):
    return page.get_by_label(f"{name}, Runde {number}", exact=True)


def test_next_runs_down_the_round_and_return_never_submits_it_half_done(running):
    page, evening = running
    order = []
    expect(cell(page, "Andreas", 1)).to_be_focused()
    for _ in range(5):
        order.append(focused(page))
        page.keyboard.press("Enter")
    assert order == [
        "Andreas, Runde 1",
        "Melanie, Runde 1",
        "Micha, Runde 1",
        "Swantje, Runde 1",
        "Andreas, Runde 2",
    ]
    # Tab takes the same way as "next".
    cell(page, "Micha", 2).focus()
    page.keyboard.press("Tab")
    expect(cell(page, "Swantje", 2)).to_be_focused()
    cell(page, "Andreas", 1).fill("5")
    cell(page, "Andreas", 1).press("Enter")
    page.wait_for_timeout(300)
    assert "/points/" in page.url and not page.locator(".messages").count()
    assert not evening.seats.filter(scores__isnull=False).exists()


def test_the_last_empty_cell_offers_the_value_that_makes_zero(running, shots):
    page, evening = running
    for name, value in zip(("Andreas", "Melanie", "Micha"), (10, -4, 6), strict=True):
        cell(page, name, 1).fill(str(value))
    offer = page.locator(".zero-offer")
    expect(offer).to_have_count(1)
    expect(offer).to_have_text("= -12")
    offer.tap()
    expect(cell(page, "Swantje", 1)).to_have_value("-12")
    expect(page.locator('[data-sum-round="1"]')).to_have_text("0")
    expect(page.locator('[data-sum-round="1"]')).to_have_class(re.compile(r"\bok\b"))
    expect(offer).to_have_count(0)


def test_empty_is_empty_and_non_numbers_are_kept_and_answered(running):
    page, evening = running
    cell(page, "Andreas", 1).fill("3")
    cell(page, "Melanie", 1).fill("-3")
    total = page.locator('[data-sum-round="1"]')
    # Two players still missing: the sum is not a green zero, and they get no place.
    expect(total).to_have_text("0")
    expect(total).not_to_have_class(re.compile(r"\bok\b"))
    places = page.locator("[data-place][data-seat]")
    expect(places).to_have_text(["1", "2", "", ""])
    micha = cell(page, "Micha", 1)
    micha.focus()
    page.keyboard.type("5e")
    expect(page.locator(".cell-error")).to_have_text("Nur ganze Zahlen.")
    expect(micha).to_have_attribute("aria-invalid", "true")
    page.locator("#main-action").click()
    page.wait_for_timeout(300)
    # Not sent: the text is still in the field as typed, the field has focus.
    expect(micha).to_be_focused()
    assert micha.evaluate("element => element.validity.badInput")
    assert not evening.seats.filter(scores__isnull=False).exists()


def test_the_error_summary_takes_focus_and_its_links_lead_to_the_fields(running, shots):
    page, evening = running
    for name, value in zip(("Andreas", "Melanie", "Micha"), (10, -4, 6), strict=True):
        cell(page, name, 1).fill(str(value))
    cell(page, "Andreas", 2).fill("4")
    page.locator("#main-action").click()
    summary = page.locator("#form-errors")
    expect(summary).to_be_focused()
    # Round 1 and round 2 are incomplete, four cells are missing: each its own link.
    links = summary.get_by_role("link")
    expect(links).to_have_count(6)
    shots(page, "points-error-summary")
    summary.get_by_role("link", name=re.compile("Swantje, Runde 1")).click()
    expect(cell(page, "Swantje", 1)).to_be_focused()


def test_saved_meanwhile_is_merged_and_a_choice_is_asked_where_both_changed(running, shots):
    page, evening = running
    seats = {seat.player.name: seat.pk for seat in evening.seats.select_related("player")}
    rows = {"Andreas": 5, "Melanie": -3, "Micha": 0, "Swantje": -2}
    for name, value in rows.items():
        cell(page, name, 1).fill(str(value))
    page.locator("#main-action").click()
    expect(cell(page, "Andreas", 2)).to_be_focused()
    # Another phone corrects round 1 (Andreas and Melanie) while this one enters round 2.
    evening.refresh_from_db()
    other = {seats[name]: {1: value} for name, value in rows.items()}
    other[seats["Andreas"]][1], other[seats["Melanie"]][1] = 6, -4
    services.save_points_grid(evening, evening.version, other)
    cell(page, "Andreas", 1).fill("7")
    cell(page, "Micha", 1).fill("-1")
    for name, value in zip(("Andreas", "Melanie", "Micha", "Swantje"), (1, -1, 2, -2), strict=True):
        cell(page, name, 2).fill(str(value))
    page.locator("#main-action").click()

    expect(page.locator("#form-errors")).to_be_focused()
    # Melanie was changed only by the other phone: its value comes in.
    expect(cell(page, "Melanie", 1)).to_have_value("-4")
    # Andreas was changed by both: the page shows both and keeps this phone's value till asked.
    expect(cell(page, "Andreas", 1)).to_have_value("7")
    choice = page.locator(".merge-box")
    expect(choice).to_contain_text("6")
    expect(choice).to_contain_text("7")
    expect(cell(page, "Micha", 2)).to_have_value("2")
    shots(page, "points-merge")
    choice.get_by_label(re.compile("6")).check()
    expect(cell(page, "Andreas", 1)).to_have_value("6")
    cell(page, "Micha", 1).fill("0")
    page.locator("#main-action").click()
    expect(page.locator(".messages")).to_be_visible()
    saved = dict(
        evening.seats.filter(scores__round_number=1).values_list("player__name", "scores__points")
    )
    assert saved == {"Andreas": 6, "Melanie": -4, "Micha": 0, "Swantje": -2}


def test_calculator_result_is_focused_and_in_view(page, live_server):
    page.goto(f"{live_server.url}/ofc-runde/calculator/")
    page.fill("#id_p0_front", "5h 5d 5c")
    page.fill("#id_p0_middle", "3s 3h 3d 3c 2s")
    page.fill("#id_p0_back", "Js Ts 9s 8s 7s")
    page.fill("#id_p1_front", "Qh Jd 2h")
    page.fill("#id_p1_middle", "Ac Ad 9h 8d 6c")
    page.fill("#id_p1_back", "Kh Kd Kc 4h 4d")
    page.locator(".calc-actions button.primary").click()
    result = page.locator("#result")
    expect(result).to_be_focused()
    expect(result).to_be_in_viewport()
    # Tapping a row opens no keyboard over the picker.
    expect(page.locator("#id_p0_front")).to_have_attribute("inputmode", "none")
    page.locator("#id_p0_front").focus()
    expect(page.locator("#card-picker")).to_be_in_viewport()
