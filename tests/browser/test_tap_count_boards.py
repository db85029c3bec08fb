"""A board hand at a table of three on a phone, by taps and by keys, counting what it takes.

The hand is the first three boards of tests/table/boards.py (seat 1 makes Fantasyland, seat 2
fouls). The scorekeeper follows the page: boards mode, then the cards in the order the
picker asks for them; the last card scores the boards by itself, and "Save hand" saves. Every
tap and every key counts (typing too); a person's time is estimated at 1 s a tap and 0.35 s
a key. The limits are issue 17's.
"""

import pytest
from playwright.sync_api import expect

from ofcleague.league.models import Variant
from ofcleague.table.models import Hand
from tests.browser.test_table import PINEAPPLE_TABLE, game_night, login, saved_rows, seat
from tests.table.boards import ENTERS, ENTERS_THREE_POINTS

from .axe import serious_findings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MAX_TAPS = 45
MAX_KEYS_PER_PLAYER = 50
MAX_SECONDS_PER_PLAYER = 20
TAP_SECONDS, KEY_SECONDS = 1.0, 0.35
BOARDS = ENTERS[:3]
SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


class Keeper:
    """Drives the page like a person at the table and counts taps and keys."""

    def __init__(self, page):
        self.page, self.taps, self.keys = page, 0, 0

    def tap(self, locator):
        self.taps += 1
        locator.tap()

    def type(self, text):
        self.keys += len(text)
        self.page.keyboard.type(text)

    def seconds(self):
        return self.taps * TAP_SECONDS + self.keys * KEY_SECONDS


def in_view_together(page, *locators):
    for locator in locators:
        expect(locator).to_be_in_viewport()


def the_hand_is_scored_in_view_and_saved(page, keeper):
    """The result shows without scrolling (rows, royalties, foul, Fantasyland), then saved."""
    preview = page.locator("#pad-preview")
    expect(preview).to_be_visible()
    expect(preview).to_contain_text("Fantasyland 14")
    expect(preview).to_contain_text("gefoult")
    expect(preview.locator(".preview-row")).to_have_count(9)
    expect(preview.locator(".card-face.suit-h").first).to_be_visible()
    in_view_together(page, preview, page.locator("#pad-save"))
    for position, points in enumerate(ENTERS_THREE_POINTS, 1):
        expect(page.locator(f"#points-{position}")).to_have_value(str(points))
    keeper.tap(page.locator("#pad-save"))
    saved_rows(page, 1)
    hand = Hand.objects.get()
    assert list(hand.results.order_by("pk").values_list("points", flat=True)) == (
        ENTERS_THREE_POINTS
    )
    assert hand.results.get(evening_player__player__name="Andreas").front == "Qh Qd 2c"


def a_clean_deck_for_the_next_hand(page):
    picker = page.locator("#card-picker")
    expect(picker.locator(".pick-card.used")).to_have_count(0)
    expect(picker.locator(".pick-card")).to_have_count(52)
    expect(page.locator("#front-1")).to_have_class("cards-input is-target")
    expect(picker.locator(".picker-row.is-target .picker-row-name")).to_have_text("Vorne")
    expect(picker.locator('.picker-seat[aria-pressed="true"]')).to_contain_text("Andreas")


def at_the_table(page, live_server):
    evening = game_night(PINEAPPLE_TABLE, hands=5, variant=Variant.PINEAPPLE)
    seat(page, live_server, evening)
    return Keeper(page)


def test_a_board_hand_of_three_by_taps(logged_in, live_server, capsys, shots):
    page = logged_in
    keeper = at_the_table(page, live_server)
    keeper.tap(page.locator('input[name="entry"][value="boards"]'))
    picker = page.locator("#card-picker")
    # The picker leaves most of the screen to the page.
    share = picker.bounding_box()["height"] / page.viewport_size["height"]
    assert share < 0.5
    for position, board in enumerate(BOARDS, 1):
        for row in board:
            for card in row.split():
                button = picker.locator(f'.picker-grid [data-card="{card}"]')
                # The row being filled and the deck are on the screen together.
                in_view_together(page, picker.locator(".picker-row.is-target"), button)
                keeper.tap(button)
        if position == 1:
            shots(page, "boards-picker")
        expect(page.locator(f"#back-{position}")).to_have_value(board[2])
    shots(page, "boards-scored")
    the_hand_is_scored_in_view_and_saved(page, keeper)
    a_clean_deck_for_the_next_hand(page)

    per_player = keeper.seconds() / len(BOARDS)
    with capsys.disabled():
        print(
            f"\nBoard hand of three by taps: {keeper.taps} taps, ~{per_player:.1f} s a player;"
            f" the picker takes {share:.0%} of the screen"
        )
    assert keeper.taps <= MAX_TAPS
    assert per_player < MAX_SECONDS_PER_PLAYER


# Three ways of typing the same cards: packed, lower case with commas and spaces, symbols and 10.
TYPED = [
    ("QhQd2c", "KhKd3c4c5c", "AhAd6c7c9c"),
    ("as, ks, jh", "2d 3d 4h 6h 8h", "th td ts 4s 5s"),
    ("2♠3♠4d", "5h6s7s8s9d", "Jc Qc Kc 8c 10c"),
]


def test_a_board_hand_of_three_by_keys(logged_in, live_server, capsys):
    page = logged_in
    keeper = at_the_table(page, live_server)
    keeper.tap(page.locator('input[name="entry"][value="boards"]'))
    keyboard = page.get_by_role("button", name="Tastatur")
    keeper.tap(keyboard)
    expect(keyboard).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#front-1")).to_be_focused()
    keys = []
    for position, rows in enumerate(TYPED, 1):
        before = keeper.keys
        for row in rows:
            keeper.type(row)
        keys.append(keeper.keys - before)
        # The rows moved on by themselves, and read as the league writes cards.
        for name, cards in zip(("front", "middle", "back"), BOARDS[position - 1], strict=True):
            expect(page.locator(f"#{name}-{position}")).to_have_value(cards)
    the_hand_is_scored_in_view_and_saved(page, keeper)
    a_clean_deck_for_the_next_hand(page)

    per_player = keeper.seconds() / len(BOARDS)
    with capsys.disabled():
        print(
            f"\nBoard hand of three by keys: {keys} keys a player, {keeper.taps} taps,"
            f" ~{per_player:.1f} s a player"
        )
    assert max(keys) <= MAX_KEYS_PER_PLAYER
    assert per_player < MAX_SECONDS_PER_PLAYER


def test_a_wrong_card_comes_out_in_one_tap(logged_in, live_server):
    page = logged_in
    at_the_table(page, live_server)
    page.locator('input[name="entry"][value="boards"]').tap()
    picker = page.locator("#card-picker")
    grid = picker.locator(".picker-grid")
    for card in ("Qh", "Qd", "2c", "Kh"):
        grid.locator(f'[data-card="{card}"]').tap()
    expect(page.locator("#front-1")).to_have_value("Qh Qd 2c")
    expect(page.locator("#middle-1")).to_have_value("Kh")
    # A placed card taps out of its row; "back" takes the last one.
    picker.locator(".slot-card", has_text="Q♦").tap()
    expect(page.locator("#front-1")).to_have_value("Qh 2c")
    picker.get_by_role("button", name="Zurück").tap()
    expect(page.locator("#front-1")).to_have_value("Qh")
    expect(page.locator("#middle-1")).to_have_value("Kh")
    # The next card fills the gap first.
    grid.locator('[data-card="Qd"]').tap()
    expect(page.locator("#front-1")).to_have_value("Qh Qd")
    # Another player's card changes nothing: the picker says where it lies.
    picker.locator(".picker-seat", has_text="Melanie").tap()
    grid.locator('[data-card="Qh"]').tap(force=True)
    expect(page.locator("#front-1")).to_have_value("Qh Qd")
    expect(page.locator("#front-2")).to_have_value("")
    expect(picker.locator(".picker-target")).to_contain_text("Andreas")
    # A pasted board flows over into the following rows.
    page.locator("#front-2").fill("As Ks Jh 2d 3d 4h 6h 8h Th Td Ts 4s 5s")
    expect(page.locator("#front-2")).to_have_value("As Ks Jh")
    expect(page.locator("#middle-2")).to_have_value("2d 3d 4h 6h 8h")
    expect(page.locator("#back-2")).to_have_value("Th Td Ts 4s 5s")
    # Enter in an unfinished row goes on to the next open row; it saves nothing.
    page.locator("#front-3").fill("2s 3s")
    page.keyboard.press("Enter")
    expect(page.locator("#middle-3")).to_be_focused()
    assert Hand.objects.count() == 0


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_picker_has_no_serious_axe_findings(
    live_server, league, browser, browser_context_args, scheme
):
    context = browser.new_context(**browser_context_args, color_scheme=scheme)
    try:
        page = context.new_page()
        login(page, live_server)
        at_the_table(page, live_server)
        page.locator('input[name="entry"][value="boards"]').tap()
        grid = page.locator(".picker-grid")
        for card in ("Qh", "Qd", "2c", "Kh"):
            grid.locator(f'[data-card="{card}"]').tap()
        page.get_by_role("button", name="4 Farben").tap()
        assert serious_findings(page) == []
        page.goto(f"{live_server.url}/ofc-runde/calculator/")
        page.locator("#id_p0_front").tap()
        page.locator('.picker-grid [data-card="As"]').tap()
        assert serious_findings(page) == []
    finally:
        context.close()
