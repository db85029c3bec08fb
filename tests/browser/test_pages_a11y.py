"""The points page, the evening's live page and the tables by keys alone (issue 38, WCAG 2.2 AA
beyond what axe sees), at phone sizes, at 200 % and 400 % zoom and with large text and WCAG
text spacing.

After every Tab the focused element is on screen and not covered (``elementFromPoint`` at the
centre of its visible part is the element or inside it) and the page does not scroll
sideways. On the points page a saved round, a round that does not add up and an entry that is
no number each leave focus where the next action is and say so in the page's live region.
The live page keeps focus while it updates, says who moved in one sentence and can be paused;
the menu closes on Escape and when focus leaves it; no control's or header's accessible name is
a bare symbol or abbreviation.
"""

import datetime
import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from ofcleague.league import services
from ofcleague.league.leagues import League
from ofcleague.league.models import EveningPlayer, Player, Variant
from ofcleague.table import services as tables
from ofcleague.table.services import ResultInput
from tests.factories import EveningFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEATS = ["Andreas", "Melanie", "Micha", "Swantje"]
LONG_NAME = "Donnerstagsrunde der Freundinnen und Freunde des gepflegten Pokerabends"
#: Twice the text size, and the WCAG 1.4.12 text-spacing bookmarklet's style on top.
LARGE_TEXT = (
    "html { font-size: 200% !important; }"
    " * { line-height: 1.5 !important; letter-spacing: 0.12em !important;"
    " word-spacing: 0.16em !important; }"
    " p { margin-bottom: 2em !important; }"
)
VIEWS = {
    "phone-360": ({"width": 360, "height": 740}, ""),
    "phone-390": ({"width": 390, "height": 844}, ""),
    "zoom-200": ({"width": 640, "height": 400}, ""),
    "zoom-400": ({"width": 320, "height": 256}, ""),
    "large-text": ({"width": 390, "height": 844}, LARGE_TEXT),
}

#: Where focus is, whether it can be seen, and whether the page scrolls sideways.
FOCUS_CHECK = """([width, height]) => {
  const element = document.activeElement;
  const wide = document.documentElement.scrollWidth - width;
  if (!element || element === document.body) { return { done: true, wide: wide }; }
  const label = (element.id ? '#' + element.id + ' ' : '') + element.tagName + ' '
    + (element.getAttribute('aria-label') || element.textContent || '').trim().slice(0, 40);
  // A link that wraps has a box per line: its middle may fall between them, so its largest.
  const rects = Array.from(element.getClientRects());
  const box = rects.length
    ? rects.reduce((best, one) => one.width * one.height > best.width * best.height ? one : best)
    : element.getBoundingClientRect();
  const left = Math.max(box.left, 0), right = Math.min(box.right, width);
  const top = Math.max(box.top, 0), bottom = Math.min(box.bottom, height);
  // Its centre on screen (or, for a box larger than the screen, some of it).
  const fits = box.width <= width && box.height <= height;
  const x = fits ? (box.left + box.right) / 2 : (left + right) / 2;
  const y = fits ? (box.top + box.bottom) / 2 : (top + bottom) / 2;
  const inside = right > left && bottom > top && x >= 0 && x <= width && y >= 0 && y <= height;
  if (!inside) {
    const where = [box.left, box.top, box.right, box.bottom].map(Math.round).join(',');
    return { label: label, problem: 'not on screen at ' + where, wide: wide };
  }
  const hit = document.elementFromPoint(x, y);
  if (!hit || !(hit === element || element.contains(hit))) {
    const by = hit ? hit.tagName + '.' + hit.className + ' ' + (hit.textContent || '').trim()
      .slice(0, 30) : 'nothing';
    return { label: label, problem: 'covered by ' + by, wide: wide };
  }
  return { label: label, wide: wide };
}"""


def results(points):
    return [ResultInput(seat, value) for seat, value in enumerate(points, 1)]


def save_hand(table, number, points):
    tables.record_hand(
        table, number=number, client_id=uuid.uuid4(), entry="points", results=results(points)
    )


@pytest.fixture
def evenings(league):
    """A played-on-the-pad evening in progress (its live page) with two hands saved, and an
    evening of three rounds to enter on the points page."""
    players = [Player.objects.get(name=name) for name in SEATS]
    live = services.create_evening(
        players=players,
        date=datetime.date(2026, 12, 2),
        start_time=datetime.time(19, 0),
        rounds=1,
        hands_per_round=8,
        variant=Variant.OFC,
    )
    by_name = {seat.player.name: seat.pk for seat in live.seats.select_related("player")}
    table = tables.seat_table(live, 1, 1, [by_name[name] for name in SEATS])
    save_hand(table, 1, [3, -1, -1, -1])
    save_hand(table, 2, [-2, 4, -1, -1])
    points = EveningFactory(status="in_progress", rounds=3)
    for player in players:
        EveningPlayer.objects.create(evening=points, player=player)
    # A finished evening, so the tables have rows.
    done = EveningFactory(status="in_progress", rounds=1)
    seats = [EveningPlayer.objects.create(evening=done, player=player) for player in players]
    grid = {seat.pk: {1: value} for seat, value in zip(seats, (9, 3, -4, -8), strict=True)}
    services.save_points_grid(done, done.version, grid, finish=True)
    return live, table, points


@pytest.fixture
def keeper_session(league, live_server):
    """The scorekeeper's session cookie, for browser contexts of any size."""
    client = Client()
    client.force_login(league)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}


def open_context(browser, browser_context_args, cookie, view):
    size, style = VIEWS[view]
    # The site's Content-Security-Policy forbids inline styles: the test's own style (as a
    # reader's stylesheet or bookmarklet would add it) needs the policy bypassed.
    context = browser.new_context(**{**browser_context_args, "viewport": size, "bypass_csp": True})
    context.add_cookies([cookie])
    if style:
        # In before the page's scripts run (as a reader's own stylesheet is).
        context.add_init_script(
            "document.addEventListener('readystatechange', () => {"
            " if (document.readyState !== 'interactive') { return; }"
            " const s = document.createElement('style');"
            f" s.textContent = {style!r}; document.head.appendChild(s); }});"
        )
    return context


def from_the_top(page):
    """Start keyboard navigation at the top of the page, as a fresh page load does."""
    page.evaluate(
        "() => { window.scrollTo(0, 0); document.body.tabIndex = -1; document.body.focus();"
        " document.body.removeAttribute('tabindex'); }"
    )


def assert_in_view(page, where):
    size = page.viewport_size
    state = page.evaluate(FOCUS_CHECK, [size["width"], size["height"]])
    assert state["wide"] <= 0, f"{where}: the page scrolls sideways by {state['wide']} px"
    assert "problem" not in state, f"{where}: {state.get('label')}: {state.get('problem')}"
    return state


def walk(page, where, limit=120):
    """Tab from the top to the end of the page; every stop is seen, none is covered."""
    from_the_top(page)
    stops = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        state = assert_in_view(page, where)
        if state.get("done"):
            return stops
        stops.append(state["label"])
    raise AssertionError(f"{where}: Tab did not reach the end in {limit} steps")


def cell(page, name, number):
    return page.get_by_label(f"{name}, Runde {number}", exact=True)


def status_says(page, region, text):
    """``text`` is in the page's live region (role=status, polite)."""
    expect(page.locator(region)).to_have_attribute("role", "status")
    expect(page.locator(region)).to_contain_text(text)


def enter_points(page, view):
    """Round 1 saved by Return, round 2 that does not add up, round 3 with "5e"."""
    expect(cell(page, "Andreas", 1)).to_be_focused()
    for index, value in enumerate(["5", "-2", "-2", "-1"]):
        page.keyboard.type(value)
        if index < 3:
            page.keyboard.press("Enter")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    # Saved: focus on the next round's first cell, "round 1 saved" said in the live region.
    expect(cell(page, "Andreas", 2)).to_be_focused()
    status_says(page, "#points-status", "Runde 1 gespeichert")
    assert_in_view(page, f"{view} after saving")
    for value in ["10", "2", "1"]:
        page.keyboard.type(value)
        page.keyboard.press("Enter")
    page.keyboard.type("1")
    page.keyboard.press("Enter")
    # Refused: focus stays on the round's last cell, which is described by what is wrong.
    swantje = cell(page, "Swantje", 2)
    expect(swantje).to_be_focused()
    status_says(page, "#points-status", "Runde 2 ergibt +14, nicht 0")
    expect(swantje).to_have_accessible_description(re.compile("Runde 2 ergibt \\+14, nicht 0"))
    assert_in_view(page, f"{view} after a round that does not add up")
    # A cell that is no number keeps focus, marked invalid, its message its description.
    andreas = cell(page, "Andreas", 3)
    andreas.focus()
    page.keyboard.type("5e")
    page.keyboard.press("Enter")
    expect(andreas).to_be_focused()
    expect(andreas).to_have_attribute("aria-invalid", "true")
    expect(andreas).to_have_accessible_description("Nur ganze Zahlen.")
    status_says(page, "#points-status", "Andreas, Runde 3: Nur ganze Zahlen.")
    assert_in_view(page, f"{view} after 5e")


@pytest.mark.parametrize("view", list(VIEWS))
def test_points_live_page_and_tables_by_keys_alone(
    view, evenings, keeper_session, live_server, browser, browser_context_args
):
    live, _table, points = evenings
    League.objects.filter(pk=live.league_id).update(name=LONG_NAME)
    context = open_context(browser, browser_context_args, keeper_session, view)
    page = context.new_page()

    page.goto(live_server.url + reverse("results:evening_points", args=[points.pk]))
    assert len(walk(page, f"{view} points")) > 12
    page.reload()
    enter_points(page, view)

    page.goto(live_server.url + live.get_absolute_url())
    expect(page.locator("#live-pause")).to_be_visible()
    assert len(walk(page, f"{view} live")) > 8

    page.goto(live_server.url + reverse("standings:alltime"))
    stops = walk(page, f"{view} tables")
    assert any("Durchschnittlicher Platz" in stop for stop in stops)
    header = header_fit(page)
    assert header["brand"] > 0 and header["menu_seen"], f"{view}: {header}"
    assert header["cut"] == [], f"{view}: page links cut off: {header['cut']}"
    # The league's whole name is the link's name, however much of it shows.
    expect(page.locator(".brand")).to_have_accessible_name(re.compile(LONG_NAME))
    context.close()


def header_fit(page):
    """Whether the league's name shows (its height), the menu button is wholly on screen, and
    which page links are cut off at the screen's edge."""
    return page.evaluate(
        """width => {
      const brand = document.querySelector('.brand').getBoundingClientRect();
      const menu = document.querySelector('.account-menu summary').getBoundingClientRect();
      const cut = Array.from(document.querySelectorAll('.site-nav a'))
        .filter(link => link.getBoundingClientRect().right > width
          || link.scrollWidth > link.clientWidth)
        .map(link => link.textContent.trim());
      return { brand: Math.min(brand.height, brand.width),
               menu_seen: menu.left >= 0 && menu.right <= width, cut: cut };
    }""",
        page.viewport_size["width"],
    )


def test_the_live_page_keeps_focus_says_who_moved_and_pauses(evenings, live_server, page):
    live, table, _points = evenings
    asked = []
    page.on("request", lambda request: asked.append(request.url) if "/now/" in request.url else 0)
    page.goto(live_server.url + live.get_absolute_url())
    melanie = page.locator("#evening-now .live-standings a", has_text="Melanie")
    melanie.focus()
    # Andreas jumps from second to first; Melanie's link keeps focus though her row moves.
    save_hand(table, 3, [12, -4, -4, -4])
    status_says(page, "#live-news", "Andreas jetzt auf Platz 1, +12")
    expect(page.locator("#live-news")).to_contain_text("Melanie jetzt auf Platz 2, -4")
    expect(melanie).to_be_focused()
    expect(page.locator(".live-standings tbody tr").first).to_contain_text("Andreas")

    pause = page.locator("#live-pause")
    for _ in range(30):
        if pause.evaluate("element => element === document.activeElement"):
            break
        page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    expect(pause).to_have_text("Aktualisierung fortsetzen")
    expect(page.locator("[data-live-paused]")).to_be_visible()
    total = page.locator('[data-live-player="Andreas"] [data-live-total]')
    before = total.text_content()
    asked.clear()
    save_hand(table, 4, [-20, 10, 5, 5])
    page.wait_for_timeout(4000)  # longer than the page's interval: nothing may be asked
    assert asked == []
    expect(total).to_have_text(before)
    page.keyboard.press("Enter")
    expect(pause).to_have_text("Aktualisierung anhalten")
    expect(total).to_have_text(str(int(before) - 20))
    expect(pause).to_be_focused()
    status_says(page, "#live-news", "Melanie jetzt auf Platz 1, +10")


def test_the_menu_closes_on_escape_and_when_focus_leaves_it(keeper_session, live_server, page):
    page.context.add_cookies([keeper_session])
    page.goto(live_server.url + reverse("standings:history"))
    menu = page.locator("details.account-menu")
    button = menu.locator("summary")
    for _ in range(10):
        if button.evaluate("element => element === document.activeElement"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(menu).to_have_attribute("open", "")
    page.keyboard.press("Tab")
    page.keyboard.press("Escape")
    expect(menu).not_to_have_attribute("open", "")
    expect(button).to_be_focused()
    # Open again and Tab past its last entry: it closes, the next link is not covered.
    page.keyboard.press("Enter")
    for _ in range(20):
        page.keyboard.press("Tab")
        if not menu.evaluate("element => element.contains(document.activeElement)"):
            break
    expect(menu).not_to_have_attribute("open", "")
    assert_in_view(page, "after the menu")


def test_after_an_undo_focus_is_on_what_happened_not_on_the_next_undo(
    evenings, keeper_session, live_server, page
):
    live, table, _points = evenings
    page.context.add_cookies([keeper_session])
    page.goto(live_server.url + reverse("table:pad", args=[live.pk, 1, 1]))
    undo = page.locator("#pad-undo")
    expect(undo).to_have_text(re.compile("2"))
    page.once("dialog", lambda dialog: dialog.accept())
    undo.focus()
    page.keyboard.press("Enter")
    # Focus goes to the first field of the hand to enter again, not to the next undo button,
    # and what happened is said in the page's one live region.
    expect(page.locator("#live-status")).to_contain_text("Hand 2")
    expect(undo).not_to_be_focused()
    expect(page.locator("#calc-form input:focus")).to_have_count(1)


#: Accessible names that are a bare symbol, number or abbreviation ("Σ", "1.", "Rd.", "R1",
#: "Ø Platz") or upper-cased text a screen reader spells out ("PLATZ").
BARE = re.compile(r"^(?:[^A-Za-zÄÖÜäöüß]*|[A-Za-zÄÖÜäöüß]{1,3}\.|R\d+|.*Ø.*|[A-ZÄÖÜ ]{2,})$")
CONTROLS = "link|button|textbox|spinbutton|combobox|checkbox|radio|columnheader|rowheader"
NAMED = re.compile(rf'^\s*- ({CONTROLS}) "((?:[^"\\]|\\.)*)"', re.M)


def bare_names(page):
    snapshot = page.locator("body").aria_snapshot()
    return [(role, name) for role, name in NAMED.findall(snapshot) if BARE.match(name.strip())]


def test_no_control_or_header_is_named_by_a_bare_symbol_or_abbreviation(
    evenings, keeper_session, live_server, page
):
    live, _table, points = evenings
    page.context.add_cookies([keeper_session])
    for path in (
        reverse("results:evening_points", args=[points.pk]),
        live.get_absolute_url(),
        reverse("standings:alltime"),
    ):
        page.goto(live_server.url + path)
        page.locator("details").evaluate_all("all => all.forEach(d => { d.open = true; })")
        assert bare_names(page) == [], path
