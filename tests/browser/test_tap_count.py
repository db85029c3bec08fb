"""The reference evening entered on a phone, counting what the scorekeeper has to do.

Reference evening: 4 players (3 regulars and one new), 3 rounds saved one by one as they end,
finished with the league's default prizes, starting from the home page. The scorekeeper
follows the page: "next" on the keyboard where the page offers it, otherwise a tap into the
next cell; after every page load one tap into the cell to bring the phone's keyboard back.
Typing the numbers and the new name is not counted; taps and the other keys (Enter/"next",
Tab, Space) are.
"""

import re

import pytest
from playwright.sync_api import expect

from ofcleague.league.models import Evening, Status

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MAX_TAPS = 10
KNOWN = ("Micha", "Melanie", "Andreas")
NEW = "Erik"
# The players in name order, as the points page lists them, and the points per round.
NAMES = ["Andreas", "Erik", "Melanie", "Micha"]
ROUNDS = {1: [10, -4, -1, -5], 2: [-6, 8, 1, -3], 3: [4, 0, -7, 3]}
PLACES = {"Andreas": 1, "Erik": 2, "Micha": 3, "Melanie": 4}


class Scorekeeper:
    """Drives the page like a person at the table and counts taps and keys."""

    def __init__(self, page):
        self.page, self.taps, self.keys = page, 0, 0

    def tap(self, locator, navigates=False):
        self.taps += 1
        if navigates:
            with self.page.expect_navigation():
                locator.tap()
        else:
            locator.tap()

    def press(self, key, navigates=False):
        self.keys += 1
        if navigates:
            with self.page.expect_navigation():
                self.page.keyboard.press(key)
        else:
            self.page.keyboard.press(key)

    def type(self, text):
        self.page.keyboard.type(text)

    def on_points_page(self):
        return "/points/" in self.page.url


def enter_round(keeper, number):
    """One round as it ends: the first cell takes a tap (a fresh page has no keyboard open)."""
    page = keeper.page
    for index, (name, value) in enumerate(zip(NAMES, ROUNDS[number], strict=True)):
        cell = page.get_by_label(f"{name}, Runde {number}", exact=True)
        if index == 0 or not cell.evaluate("element => element === document.activeElement"):
            keeper.tap(cell)
        keeper.type(str(value))
        last = index == len(NAMES) - 1
        if cell.get_attribute("enterkeyhint"):
            keeper.press("Enter", navigates=last)
        elif last:
            keeper.tap(page.locator("form.points-form button.primary"), navigates=True)


def test_the_reference_evening_takes_at_most_ten_taps(logged_in, live_server, capsys):
    page = logged_in
    keeper = Scorekeeper(page)
    keeper.tap(page.get_by_role("link", name="Neuer Abend"), navigates=True)
    for name in KNOWN:
        keeper.tap(page.get_by_label(name, exact=True))
    keeper.tap(page.get_by_label("Neue Spieler"))
    keeper.type(NEW)
    keeper.press("Enter", navigates=True)
    expect(page).to_have_url(re.compile(r"/points/$"))

    for number in ROUNDS:
        if not keeper.on_points_page():
            keeper.tap(page.get_by_role("link", name="Punkte eintragen"), navigates=True)
        enter_round(keeper, number)

    evening = Evening.objects.get(seats__player__name=NEW)
    if evening.status != Status.FINISHED:
        # The old trap: the evening is still running, only the secondary button finishes it.
        if not keeper.on_points_page():
            keeper.tap(page.get_by_role("link", name="Punkte eintragen"), navigates=True)
        keeper.tap(page.get_by_role("button", name="Speichern und Abend beenden"), navigates=True)
    if "/prizes/" in page.url:
        keeper.tap(page.get_by_role("button", name="Preisgeld speichern"), navigates=True)

    evening.refresh_from_db()
    assert evening.status == Status.FINISHED
    seats = {seat.player.name: seat for seat in evening.seats.select_related("player")}
    assert {name: seat.place for name, seat in seats.items()} == PLACES
    assert evening.pot == 40
    assert seats["Andreas"].prize > 0
    with capsys.disabled():
        print(f"\nReference evening: {keeper.taps} taps, {keeper.keys} keys (numbers aside)")
    assert keeper.taps <= MAX_TAPS
