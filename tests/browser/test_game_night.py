"""A round of a game night through the score pad, as issue 17 is done when it plays.

Six at Pineapple, two tables of three. Table 1 plays its 15 hands on one phone: by points and
by boards (typed into the row inputs), with a correction, an undo, a reload after a lost
answer and a reload while the phone has no connection. Table 2 plays beside it on another
phone, and a follower watches the evening's public page on a third. Every time the
follower's page changes, its numbers must add up: each total is the sum of its rounds, the
places follow the totals, each hand shown adds up to zero; and once it has caught up, the
live box and the places say the same.
"""

import uuid

import pytest
from playwright.sync_api import expect

from ofcleague.league.models import RoundScore, Variant
from ofcleague.scoring.table import dealer_of
from ofcleague.table.models import Hand, HandResult, RoundTable
from tests.browser.test_table import game_night, login, saved_rows, seat
from tests.table.boards import ENTERS, ENTERS_THREE_POINTS, STAYS, STAYS_THREE_POINTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HANDS = 15
SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}

# Run in the follower's page: the problems with the numbers it shows now (a list of texts).
CHECK = r"""
() => {
  const number = (text) => {
    const t = text.replace(/\u2212/g, "-").replace(/\s/g, "").replace(/^\+/, "");
    return /^-?\d+$/.test(t) ? parseInt(t, 10) : null;
  };
  const problems = [];
  document.querySelectorAll("table").forEach((table) => {
    const heads = Array.from(table.querySelectorAll("thead th")).map((th) => th.textContent.trim());
    const place = heads.findIndex((h) => /^(Platz|Place)$/.test(h));
    const total = heads.findIndex((h) => /^(Gesamt|Summe|Total|Punkte|Points)$/.test(h));
    const rounds = heads.map((h, i) => (/^R\d+$/.test(h) ? i : -1)).filter((i) => i >= 0);
    const rows = Array.from(table.querySelectorAll("tbody tr")).map((tr) =>
      Array.from(tr.children).map((cell) => cell.textContent.trim()));
    if (total < 0) {
      return;
    }
    rows.forEach((cells) => {
      const sum = number(cells[total]);
      if (rounds.length && sum !== null) {
        const parts = rounds.map((i) => number(cells[i]) || 0).reduce((a, b) => a + b, 0);
        if (parts !== sum) {
          problems.push("total " + cells.join("|") + " is not the sum of its rounds");
        }
      }
    });
    if (place >= 0) {
      rows.forEach((a) => rows.forEach((b) => {
        const [ta, tb] = [number(a[total]), number(b[total])];
        const ahead = parseInt(a[place], 10) < parseInt(b[place], 10);
        if (ta !== null && tb !== null && ta > tb && !ahead) {
          problems.push("places do not follow the totals: " + a.join("|") + " / " + b.join("|"));
        }
      }));
    }
  });
  // The live box and the places table are one swapped part: they agree at every change.
  document.querySelectorAll("#evening-now [data-live-player]").forEach((row) => {
    const name = row.getAttribute("data-live-player");
    const place = document.querySelector(
      '#evening-now tr[data-player="' + name + '"] [data-total]');
    const shown = number(row.querySelector("[data-live-total]").textContent);
    if (place && number(place.textContent) !== shown) {
      problems.push("live total of " + name + " is " + shown
        + ", the places say " + place.textContent);
    }
  });
  document.querySelectorAll(".last-hands li").forEach((item) => {
    const text = item.textContent.replace(/\s+/g, " ");
    const results = text.slice(text.indexOf(":") + 1).split(",");
    const sum = results
      .map((part) => number(part.trim().split(" ").pop()) || 0)
      .reduce((a, b) => a + b, 0);
    if (sum !== 0) {
      problems.push("hand does not add up to zero: " + text);
    }
  });
  return problems;
}
"""

# Run in the follower's page: check at every change of the page, count the checks.
WATCH = (
    """
() => {
  const check = """
    + CHECK
    + """;
  window.followerChecks = 0;
  window.followerProblems = [];
  const run = () => {
    window.followerChecks += 1;
    window.followerProblems.push(...check());
  };
  run();
  new MutationObserver(run).observe(document.body, { childList: true, subtree: true });
}
"""
)

# Run in the follower's page: the live box and the places table agree, player by player.
AGREE = r"""
() => {
  const number = (text) => parseInt(text.replace(/\u2212/g, "-").replace(/^\+/, ""), 10);
  const live = {};
  document.querySelectorAll("[data-live-player]").forEach((row) => {
    const cell = row.querySelector("[data-live-total]");
    live[row.getAttribute("data-live-player")] = number(cell.textContent.trim());
  });
  const rows = Array.from(document.querySelectorAll("#evening-now tr[data-player]"));
  if (!rows.length) {
    return false;
  }
  return rows.every((tr) => {
    const name = tr.getAttribute("data-player");
    const cell = tr.querySelector("[data-total]");
    return !(name in live) || (cell !== null && live[name] === number(cell.textContent.trim()));
  }) && Object.keys(live).length > 0;
}
"""


def enter_points(page, values):
    """A hand by points: every value but the last typed, the last one offered; saved."""
    for position, value in enumerate(values[:-1], 1):
        page.locator(f"#points-{position}").fill(str(value))
    expect(page.locator(f"#points-{len(values)}")).to_have_value(str(values[-1]))
    page.locator("#pad-save").click()


def enter_boards(page, boards):
    """A hand by boards, typed: each row's cards as codes without spaces (``AhKd7c``) into
    the row inputs, scored, saved. The one place that knows how boards are entered."""
    page.locator('input[name="entry"][value="boards"]').check()
    for position, rows in enumerate(boards, 1):
        for row, cards in zip(("front", "middle", "back"), rows, strict=True):
            page.locator(f"#{row}-{position}").fill(cards.replace(" ", ""))
    page.locator("#pad-score").click()
    expect(page.locator("#pad-preview")).to_be_visible()
    page.locator("#pad-save").click()
    page.locator('input[name="entry"][value="points"]').check()


def tap_boards(page, boards):
    """A hand by boards, tapped on the card picker in the order it asks for them; the last
    card scores the boards by itself; saved."""
    page.locator('input[name="entry"][value="boards"]').check()
    picker = page.locator("#card-picker")
    for rows in boards:
        for card in " ".join(rows).split():
            picker.locator(f'.picker-grid [data-card="{card}"]').tap()
    expect(page.locator("#pad-preview")).to_be_visible()
    page.locator("#pad-save").click()
    page.locator('input[name="entry"][value="points"]').check()


def status_says(page, number, table):
    """The pad's status line names hand ``number`` and its dealer."""
    dealer = table.chairs.get(position=dealer_of(table.first_dealer, number, 3))
    expect(page.locator("#pad-status")).to_contain_text(f"Hand {number} von {HANDS}")
    expect(page.locator("#pad-status")).to_contain_text(f"{dealer.evening_player.player.name} gibt")


def caught_up(follower, hands_at_table_1):
    """The follower shows table 1 at its next hand, and the live box agrees with the places."""
    if hands_at_table_1 < HANDS:
        expect(follower.locator("#live")).to_contain_text(
            f"Tisch 1 bei Hand {hands_at_table_1 + 1}", timeout=15000
        )
    follower.wait_for_function(AGREE, timeout=15000)


def test_a_round_of_a_game_night(logged_in, live_server, browser, browser_context_args):
    evening = game_night(guests=2, hands=HANDS, variant=Variant.PINEAPPLE)
    pad = logged_in
    seat(pad, live_server, evening, table=1)
    table1 = RoundTable.objects.get(evening=evening, round_number=1, table=1)
    other_context = browser.new_context(**browser_context_args)
    other = other_context.new_page()
    login(other, live_server)
    seat(other, live_server, evening, table=2)
    follower_context = browser.new_context(**browser_context_args)
    follower = follower_context.new_page()
    follower.goto(f"{live_server.url}{evening.get_absolute_url()}")
    follower.evaluate(WATCH)
    table2_hands = [[4, -4, 0], [-2, 1, 1], [0, 3, -3], [5, -1, -4]]

    # Hands 1-4 by points; table 2 plays its first hand.
    for values in ([2, -1, -1], [6, -2, -4], [1, 0, -1], [-3, 5, -2]):
        enter_points(pad, values)
    saved_rows(pad, 4)
    enter_points(other, table2_hands[0])
    saved_rows(other, 1)
    caught_up(follower, 4)

    # Hands 5 and 6 by boards, typed and tapped: seat 1 enters Fantasyland and stays.
    enter_boards(pad, ENTERS[:3])
    saved_rows(pad, 5)
    tap_boards(pad, STAYS[:3])
    saved_rows(pad, 6)
    expect(pad.locator('fieldset[data-seat="1"] [data-badges]')).to_contain_text("14")

    # A correction: hand 2's seat 1 had +11, not +6; seat 3 gives the difference.
    row = pad.locator("#pad-hands tbody tr").nth(1)
    row.locator('button[data-seat="1"]').tap()
    pad.keyboard.type("11")
    pad.locator("#points-3").tap()
    expect(pad.locator("#points-3")).to_have_value("-9")
    pad.locator("#pad-save").tap()
    expect(row).to_contain_text("+11")

    # Hand 7 entered wrongly and undone, then entered again.
    enter_points(pad, [9, -9, 0])
    saved_rows(pad, 7)
    pad.once("dialog", lambda dialog: dialog.accept())
    pad.locator("#pad-undo").click()
    saved_rows(pad, 6)
    enter_points(pad, [1, 1, -2])
    saved_rows(pad, 7)
    enter_points(other, table2_hands[1])
    caught_up(follower, 7)

    # Hand 8: the server saves it, the answer is lost; reloaded while nothing gets through.
    lost = []

    def lose_answer(route):
        # Counted only once the answer is dropped, so the next route is never set mid-way.
        status = route.fetch().status
        route.abort()
        lost.append(status)

    pad.route("**/hands/", lose_answer)
    enter_points(pad, [3, -1, -2])
    while not lost:
        pad.wait_for_timeout(50)
    pad.unroute("**/hands/")
    pad.route("**/hands/", lambda route: route.abort())
    pad.reload()
    expect(pad.locator("#pad-hands tbody tr")).to_have_count(8)
    expect(pad.locator("#pad-hands tbody tr.waiting")).to_have_count(0)
    status_says(pad, 9, table1)
    pad.unroute("**/hands/")

    # Hands 9-11 offline: they wait on the phone, the button moves on over them.
    pad.context.set_offline(True)
    enter_points(pad, [2, -2, 0])
    enter_points(pad, [0, 2, -2])
    expect(pad.locator("#pad-hands tbody tr.waiting")).to_have_count(2)
    status_says(pad, 11, table1)
    controlled = pad.evaluate(
        "Boolean(navigator.serviceWorker && navigator.serviceWorker.controller)"
    )
    if controlled:
        # The page's own copy opens without a connection; the hands still wait.
        pad.reload()
    else:
        # No copy of the page on the phone yet: reloaded as the connection comes back, before
        # anything gets through.
        pad.route("**/hands/", lambda route: route.abort())
        pad.context.set_offline(False)
        pad.reload()
    expect(pad.locator("#pad-hands tbody tr.waiting")).to_have_count(2)
    expect(pad.locator("#pad-queue")).to_contain_text("2")
    status_says(pad, 11, table1)
    enter_points(pad, [-1, -1, 2])
    expect(pad.locator("#pad-hands tbody tr.waiting")).to_have_count(3)
    if controlled:
        pad.context.set_offline(False)
    else:
        pad.unroute("**/hands/")
    expect(pad.locator("#pad-queue")).to_be_hidden(timeout=15000)
    saved_rows(pad, 11)
    enter_points(other, table2_hands[2])
    caught_up(follower, 11)

    # Hands 12-15; the round closes.
    for values in ([4, -2, -2], [-1, 0, 1], [2, 2, -4], [0, 1, -1]):
        enter_points(pad, values)
    saved_rows(pad, HANDS)
    expect(pad.locator("#pad-closed")).to_be_visible()
    enter_points(other, table2_hands[3])
    caught_up(follower, HANDS)

    checks = follower.evaluate("window.followerChecks")
    problems = follower.evaluate("window.followerProblems")
    # The check reads the page's tables: a total off by one would be found.
    follower.evaluate(
        "() => { const cell = document.querySelector('#evening-now tr[data-player] [data-total]');"
        " cell.textContent = String(parseInt(cell.textContent, 10) + 1); }"
    )
    assert follower.evaluate(CHECK) != []
    other_context.close()
    follower_context.close()
    assert problems == []
    assert checks > 4

    # The change log speaks in hands: one save a hand, the correction and the undo named.
    pad.goto(f"{live_server.url}{evening.get_absolute_url()}")
    log = " ".join(pad.locator("details.changes").text_content().split())
    seat1 = table1.chairs.get(position=1).evening_player.player.name
    assert f"Hand 2, Tisch 1 (Runde 1): korrigiert {seat1} +6 → +11" in log
    assert "Hand 7, Tisch 1 (Runde 1): zurückgenommen" in log
    assert "Hand 15, Tisch 1 (Runde 1): gespeichert" in log
    assert "Runde 1: hinzugefügt" not in log
    assert "nicht angezeigt" not in log

    hands = Hand.objects.filter(round_table=table1)
    assert sorted(hands.values_list("number", flat=True)) == list(range(1, HANDS + 1))
    assert len(set(hands.values_list("client_id", flat=True))) == HANDS
    assert all(isinstance(value, uuid.UUID) for value in hands.values_list("client_id", flat=True))
    by_seat = {
        (
            result.hand.number,
            result.hand.round_table.chairs.get(evening_player=result.evening_player).position,
        ): result.points
        for result in HandResult.objects.filter(hand__round_table=table1).select_related("hand")
    }
    assert [by_seat[(2, seat)] for seat in (1, 2, 3)] == [11, -2, -9]
    assert [by_seat[(5, seat)] for seat in (1, 2, 3)] == ENTERS_THREE_POINTS
    assert [by_seat[(6, seat)] for seat in (1, 2, 3)] == STAYS_THREE_POINTS
    assert [by_seat[(7, seat)] for seat in (1, 2, 3)] == [1, 1, -2]
    for score in RoundScore.objects.filter(evening_player__evening=evening, round_number=1):
        results = HandResult.objects.filter(evening_player=score.evening_player)
        assert score.points == sum(results.values_list("points", flat=True))
