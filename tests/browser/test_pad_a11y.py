"""The score pad with keys only, at phone sizes, zoomed, with large text and WCAG text spacing
(issue 38, points 1, 2, 8, 9, 10; issue 36, point 10).

Each size walks the pad by Tab in points mode and in boards mode and asserts after every Tab
that the focused element is on the screen and not covered (``elementFromPoint`` at its centre
is the element or inside it): the card picker pinned at the bottom never hides a field. A hand
is entered by keys in each mode; after every save and refusal focus is where the next action
is, a refusal marks its field invalid and described by its message, and each status is said in
the page's one live region.
"""

import json
import re

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from ofcleague.league.models import Variant
from ofcleague.table import services
from tests.browser.test_table import game_night
from tests.table.boards import ENTERS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Andreas", "Melanie", "Micha")
BOARDS = ENTERS[:3]
LIVE = "#live-status"
# The WCAG 1.4.12 text spacing, and text at twice its size.
TEXT_SPACING = (
    "* { line-height: 1.5 !important; letter-spacing: 0.12em !important;"
    " word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }"
)
VIEWS = {
    "360x740": (360, 740, None),
    "390x844": (390, 844, None),
    "640x400": (640, 400, None),
    "320x256": (320, 256, None),
    "390-large-text": (390, 844, "large"),
    "390-text-spacing": (390, 844, "spacing"),
}

# Why the focused element cannot be seen, or "" when it can.
FOCUS_PROBLEM = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) { return ""; }
  const name = el.id || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 30);
  // A link wrapped over two lines is two boxes: the centre of one of them must show it.
  const boxes = [...el.getClientRects()].filter((box) => box.width && box.height);
  if (!boxes.length) { return "no box: " + name; }
  let problem = "";
  for (const box of boxes) {
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) {
      problem = "off screen: " + name + " at " + Math.round(x) + "," + Math.round(y);
      continue;
    }
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) { return ""; }
    const by = hit ? (hit.id || hit.className || hit.tagName) : "nothing";
    problem = "covered: " + name + " by " + by;
  }
  return problem;
}"""

FOCUSED = """() => {
  const el = document.activeElement;
  return el === document.body ? "" : (el.id || el.getAttribute('data-card') || el.tagName);
}"""


def styled(page, extra):
    """Text at twice its size or the WCAG text spacing, set through the CSSOM (the page's
    Content Security Policy refuses inline styles, not these)."""
    if extra == "large":
        page.evaluate("document.documentElement.style.fontSize = '200%'")
    elif extra == "spacing":
        page.evaluate(
            """css => { const sheet = new CSSStyleSheet(); sheet.replaceSync(css);
            document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]; }""",
            TEXT_SPACING,
        )


def assert_focus_seen(page):
    try:
        page.wait_for_function(f"() => !({FOCUS_PROBLEM})()", timeout=3000)
    except PlaywrightError:
        problem = page.evaluate(FOCUS_PROBLEM)
        assert not problem, problem


def walk(page, limit=160):
    """Tab from the top of the page to its end; every focused element is seen. Returns the
    ids (or cards) focused, in order."""
    # Into the page's content by its skip link (the header is the menu's tests' part).
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("a.skip-link").focus()
    assert_focus_seen(page)
    page.keyboard.press("Enter")
    seen = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if not focused:
            break
        assert_focus_seen(page)
        seen.append(focused)
    return seen


def as_opened(page):
    """The style came after the page opened: focus goes to the first cell again, as the
    pad's script put it there when a page opens with that style."""
    page.evaluate("document.activeElement.blur(); document.getElementById('points-1').focus()")


def at_the_pad(page, live_server, size):
    width, height, extra = VIEWS[size]
    evening = game_night(NAMES, hands=3, variant=Variant.PINEAPPLE)
    seats = list(evening.seats.order_by("pk").values_list("pk", flat=True))
    services.seat_table(evening, 1, 1, seats)
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server.url}/ofc-runde/evenings/{evening.pk}/rounds/1/tables/1/")
    if extra:
        styled(page, extra)
        as_opened(page)
    return evening


def live(page):
    return expect(page.locator(LIVE))


def refused_at(page, selector, text):
    """Focus on the field at fault, marked invalid and described by the message said."""
    field = page.locator(selector)
    expect(field).to_be_focused()
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_attribute("aria-describedby", "pad-message")
    expect(page.locator("#pad-message")).to_contain_text(text)
    live(page).to_contain_text(text)
    assert_focus_seen(page)


def a_points_hand_by_keys(page):
    """Return moves on cell by cell; refusals name who and the right sign; saved: cell 1."""
    # The pad opens in the first cell.
    expect(page.locator("#points-1")).to_be_focused()
    page.keyboard.type("4")
    page.keyboard.press("Enter")
    expect(page.locator("#points-2")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#points-3")).to_be_focused()
    page.keyboard.press("Enter")
    # Return in the last cell saves: refused, two players have no points.
    refused_at(page, "#points-2", "Melanie, Micha")
    page.keyboard.type("-1")
    page.keyboard.press("Enter")
    expect(page.locator("#points-3")).to_be_focused()
    page.keyboard.type("5")
    page.keyboard.press("Enter")
    # The cells add up to +8: -8 is missing.
    refused_at(page, "#points-1", "hier sind es +8, es fehlen also -8")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    expect(page.locator("#points-3")).to_be_focused()
    page.keyboard.type("-3")
    page.keyboard.press("Enter")
    # Saved: the next hand starts in the first player's cell, and that is said.
    expect(page.locator("#pad-hands tbody tr:not(.waiting)")).to_have_count(1)
    expect(page.locator("#points-1")).to_be_focused()
    expect(page.locator("#points-1")).not_to_have_attribute("aria-invalid", "true")
    live(page).to_contain_text("Hand 1 gespeichert")
    live(page).to_contain_text("Hand 2 von 3")


def to_boards_by_keys(page):
    # From the first cell back to the mode's radios, then the arrow picks "boards".
    page.locator("#points-1").focus()
    page.keyboard.press("Shift+Tab")
    expect(page.locator('input[name="entry"][value="points"]')).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.locator('input[name="entry"][value="boards"]')).to_be_checked()


def a_board_hand_by_keys(page):
    """Typed rows move on by themselves; a card twice is refused at its row; saved: front 1."""
    page.locator("#front-1").focus()
    rows = [list(board) for board in BOARDS]
    # Micha's back row takes Andreas's queen of hearts: a card in two rows.
    rows[2][2] = "Jc Qc Kc 8c Qh"
    for board in rows:
        for row in board:
            page.keyboard.type(row)
    expect(page.locator("#back-3")).to_have_value("Jc Qc Kc 8c Qh")
    expect(page.locator("#back-3")).to_have_attribute("aria-invalid", "true")
    # Return with every row full: the hand is refused at the row holding the card twice.
    page.locator("#back-3").focus()
    page.keyboard.press("Enter")
    refused_at(page, "#back-3", "Herz-Dame")
    page.keyboard.press("Control+A")
    page.keyboard.type(BOARDS[2][2])
    preview = page.locator("#pad-preview")
    expect(preview).to_be_visible()
    # The preview is a list, a player an item, his rows in a list; only a summary is said.
    expect(preview.locator(":scope > ul > li")).to_have_count(3)
    expect(preview.locator(".preview-rows > li")).to_have_count(9)
    expect(preview).not_to_have_attribute("aria-live", "polite")
    live(page).to_contain_text("Boards gewertet: Andreas +11")
    expect(page.locator("#back-3")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#pad-hands tbody tr:not(.waiting)")).to_have_count(2)
    expect(page.locator("#front-1")).to_be_focused()
    live(page).to_contain_text("Hand 2 gespeichert")
    assert_focus_seen(page)


def the_picker_leaves_room(page, size):
    picker = page.locator("#card-picker")
    height = page.viewport_size["height"]
    pinned = page.evaluate(
        "p => getComputedStyle(p).position === 'sticky'", picker.element_handle()
    )
    if pinned:
        assert picker.bounding_box()["height"] <= 0.45 * height
    if size in ("640x400", "320x256", "390-large-text"):
        # Short or sideways screens, large text: the picker lies in the page.
        assert not pinned
    # Card buttons at least 24 px wide from 360 px on, and at 320 (400 % zoom) too.
    widths = picker.locator(".pick-card").evaluate_all(
        "cards => cards.map(card => card.getBoundingClientRect().width)"
    )
    assert len(widths) == 52
    assert min(widths) >= 24, min(widths)


@pytest.mark.parametrize("size", list(VIEWS))
def test_the_pad_by_keys_keeps_focus_in_sight(logged_in, live_server, size):
    page = logged_in
    at_the_pad(page, live_server, size)
    # The pad opens with focus in the first cell, in sight.
    expect(page.locator("#points-1")).to_be_focused()
    assert_focus_seen(page)
    seen = walk(page)
    assert "points-1" in seen and "pad-save" in seen
    page.locator("#points-1").focus()
    a_points_hand_by_keys(page)

    to_boards_by_keys(page)
    the_picker_leaves_room(page, size)
    seen = walk(page, limit=200)
    assert {"front-1", "back-3", "pad-save"} <= set(seen)
    assert "As" in seen and "2c" in seen, seen
    a_board_hand_by_keys(page)


def control_names(snapshot):
    """(role, name) of every control in an aria snapshot (YAML lines "- role "name"")."""
    controls = []
    roles = "button|link|textbox|spinbutton|radio|checkbox|combobox"
    for line in snapshot.splitlines():
        match = re.match(rf'\s*- ({roles})(?: "((?:[^"\\]|\\.)*)")?', line)
        if match:
            controls.append((match.group(1), match.group(2) or ""))
    return controls


def is_bare(name):
    """A symbol, number or abbreviation alone ("⌫", "#", "A♠", "FL", "Rd."): no word of three
    letters."""
    return not re.search(r"[^\W\d_]{3,}", name)


def conflict_for(evening):
    key = f"{evening.pk}/1/1"
    mine = [{"seat": seat, "points": points} for seat, points in ((1, 5), (2, -5), (3, 0))]
    saved = [{"seat": seat, "points": points} for seat, points in ((1, 4), (2, -4), (3, 0))]
    return [
        {
            "key": key,
            "url": "",
            "body": {"id": "mine", "number": 1, "entry": "points", "results": mine},
            "saved": {"id": "saved", "number": 1, "entry": "points", "results": saved},
            "code": "hand_taken",
            "message": "Another phone saved hand 1 meanwhile.",
        }
    ]


def test_every_control_of_the_pad_has_a_spoken_name(logged_in, live_server):
    page = logged_in
    evening = at_the_pad(page, live_server, "390x844")
    page.locator('input[name="entry"][value="boards"]').check()
    page.locator("#front-1").focus()
    picker = page.locator("#card-picker")
    picker.locator('[data-card="Ah"]').focus()
    page.keyboard.press("Enter")
    expect(page.locator("#front-1")).to_have_value("Ah")
    # Placing a card is said: which card, whose row.
    live(page).to_have_text("Herz-Ass zu Andreas, Vorne.")
    # Tabbing into another row says where the next card goes.
    page.locator("#middle-2").focus()
    live(page).to_contain_text("Melanie, Mitte")
    expect(picker.locator('[data-card="As"]')).to_have_attribute("aria-label", "Pik-Ass")
    expect(picker.locator('[data-card="Td"]')).to_have_attribute("aria-label", "Karo-10")
    controls = control_names(page.locator(".pad").aria_snapshot())
    assert len(controls) > 60
    bare = [control for control in controls if is_bare(control[1])]
    assert not bare, bare
    # "Back" the row and the button that takes the last card back have different names.
    names = [name for role, name in controls if role == "button"]
    assert "Hinten" in names and "Letzte Karte zurücknehmen" in names
    # One live region on the pad.
    assert page.locator(".pad [aria-live], .pad [role=status], .pad [role=alert]").count() == 1

    # A conflict kept on the phone: every radio names its hand and players.
    page.evaluate(
        "items => localStorage.setItem('ofc-pad-conflicts', items)",
        json.dumps(conflict_for(evening)),
    )
    page.reload()
    radios = page.locator("#pad-conflict").get_by_role("radio")
    expect(radios).to_have_count(3)
    # "Apply" without a choice: the first radio takes focus, described by the message.
    page.locator("#pad-conflict button[type=submit]").focus()
    page.keyboard.press("Enter")
    expect(radios.first).to_be_focused()
    expect(radios.first).to_have_attribute("aria-describedby", "pad-message")
    live(page).to_have_text("Wähle zuerst eine der Antworten.")
    for name in [
        role_name
        for role, role_name in control_names(page.locator("#pad-conflict").aria_snapshot())
        if role == "radio"
    ]:
        assert "Hand" in name and "Andreas" in name and "Micha" in name, name
    # Keep the stored hand: the box goes, focus goes on to the next hand's first cell.
    radios.first.focus()
    page.keyboard.press("Space")
    page.locator("#pad-conflict button[type=submit]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#pad-conflict")).to_be_hidden()
    expect(page.locator("#points-1")).to_be_focused()
    live(page).to_contain_text("Hand 1 bleibt")


def test_corrections_and_undo_keep_focus_in_the_form(logged_in, live_server):
    page = logged_in
    at_the_pad(page, live_server, "390x844")
    for value in ("2", "-2"):
        page.keyboard.type(value)
        page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    live(page).to_contain_text("Hand 1 gespeichert")
    # The hand's number opens its correction: focus in its first cell, and said so.
    page.get_by_role("button", name="Hand 1 korrigieren", exact=True).focus()
    page.keyboard.press("Enter")
    expect(page.locator("#points-1")).to_be_focused()
    live(page).to_have_text("Du korrigierst Hand 1")
    page.locator("#pad-cancel").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#points-1")).to_be_focused()
    live(page).to_contain_text("Hand 2 von 3")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#pad-undo").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#points-1")).to_be_focused()
    live(page).to_contain_text("Hand 1 zurückgenommen. Hand 1 von 3")
