"""The follower's phone: an anonymous visitor keeps the evening's page open at 390x844 while
the scorekeeper saves hands, corrects one and finishes the evening.

The page never reloads. Every time the phone swaps in a new answer, a small recorder in the
page (added before the page's own script) adds up what the page shows: each player's rounds
against their total, the running totals' last sum and the places-so-far table against the
same total. None of them may disagree at any poll.
"""

import datetime
import re
import uuid

import pytest
from playwright.sync_api import expect

from ofcleague.league import services
from ofcleague.league.models import Player, RoundScore, Variant
from ofcleague.table import services as tables
from ofcleague.table.services import ResultInput

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH, PHONE_HEIGHT = 390, 844
#: The four regulars of the ``league`` fixture, in seat order at table 1.
SEATS = ["Andreas", "Melanie", "Micha", "Swantje"]
#: Points of each hand by seat; every hand adds up to zero.
HANDS = [[3, -1, -1, -1], [10, -5, -5, 0], [-6, 2, 2, 2], [1, 1, -4, 2], [0, 7, -3, -4]]
#: The scorekeeper's correction of hand 2.
CORRECTED = [4, -2, -2, 0]

RECORDER = """
window.__polls = [];
function __check() {
  const part = document.getElementById('evening-now');
  if (!part) { return; }
  const number = text => {
    text = text.trim().replace('\\u2212', '-');
    return text === '' || text === '\\u2013' ? 0 : parseInt(text, 10);
  };
  const problems = [];
  const totals = {};
  part.querySelectorAll('tr[data-player]').forEach(row => {
    const name = row.dataset.player;
    const total = number(row.querySelector('[data-total]').textContent);
    const rounds = [...row.querySelectorAll('[data-round]')]
      .reduce((sum, cell) => sum + number(cell.textContent), 0);
    totals[name] = total;
    if (rounds !== total) { problems.push(`${name}: rounds ${rounds}, total ${total}`); }
  });
  part.querySelectorAll('tr[data-running]').forEach(row => {
    const cells = row.querySelectorAll('td');
    const last = cells.length ? number(cells[cells.length - 1].textContent) : 0;
    const name = row.dataset.running;
    if (last !== totals[name]) {
      problems.push(`${name}: running ${last}, total ${totals[name]}`);
    }
  });
  part.querySelectorAll('tr[data-live-player]').forEach(row => {
    const shown = number(row.querySelector('[data-live-total]').textContent);
    const name = row.dataset.livePlayer;
    if (shown !== totals[name]) {
      problems.push(`${name}: so far ${shown}, total ${totals[name]}`);
    }
  });
  window.__polls.push({
    state: part.dataset.state, problems: problems,
    players: Object.keys(totals).length, totals: totals,
  });
}
document.addEventListener('DOMContentLoaded', () => {
  __check();
  new MutationObserver(records => {
    // live.js puts in the pieces of the part that changed (or the whole part).
    if (records.some(record => record.target.id === 'evening-now'
        || [...record.addedNodes].some(node => node.id === 'evening-now'))) {
      __check();
    }
  }).observe(document.querySelector('main'), { childList: true, subtree: true });
});
"""


def results(points):
    return [ResultInput(seat, value) for seat, value in enumerate(points, 1)]


def sums(hands):
    return {name: sum(hand[seat] for hand in hands) for seat, name in enumerate(SEATS)}


@pytest.fixture
def evening(league):
    """An evening of one round of eight hands, the four regulars at table 1, one hand saved."""
    players = [Player.objects.get(name=name) for name in SEATS]
    evening = services.create_evening(
        players=players,
        date=datetime.date(2026, 12, 2),
        start_time=datetime.time(19, 0),
        rounds=1,
        hands_per_round=8,
        variant=Variant.OFC,
    )
    by_name = {seat.player.name: seat.pk for seat in evening.seats.select_related("player")}
    table = tables.seat_table(evening, 1, 1, [by_name[name] for name in SEATS])
    save(table, 1, HANDS[0])
    return evening, table


def save(table, number, points):
    tables.record_hand(
        table, number=number, client_id=uuid.uuid4(), entry="points", results=results(points)
    )


def finish(evening):
    evening.refresh_from_db()
    stored = RoundScore.objects.filter(evening_player__evening=evening)
    points = {score.evening_player_id: {1: score.points} for score in stored}
    return services.save_points_grid(
        evening, evening.version, points, {seat: {1: 1} for seat in points}, finish=True
    )


def test_the_follower_sees_the_places_first_and_every_number_adds_up_at_every_poll(
    evening, live_server, browser, browser_context_args, shots
):
    evening, table = evening
    context = browser.new_context(**browser_context_args)
    context.add_init_script(RECORDER)
    page = context.new_page()
    page.goto(f"{live_server.url}{evening.get_absolute_url()}")

    # The first screen: every place and total of the evening so far, none cut off.
    rows = page.locator("#evening-now .live-standings tbody tr")
    expect(rows).to_have_count(4)
    for row in rows.all():
        box = row.bounding_box()
        assert box["y"] + box["height"] <= PHONE_HEIGHT
        assert box["x"] + box["width"] <= PHONE_WIDTH
    updated = page.locator("[data-live-updated]")
    expect(updated).to_have_text(re.compile(r"^\d\d:\d\d:\d\d$"))
    expect(page.locator("#evening-now")).to_contain_text("Wird gespielt")
    shots(page, "follower-first-screen")
    page.emulate_media(color_scheme="dark")
    shots(page, "follower-first-screen-dark")

    def swapped(count):
        """Wait until the page swapped in its ``count``-th answer (the first load is one)."""
        page.wait_for_function("count => window.__polls.length >= count", arg=count, timeout=10_000)

    andreas = page.locator('[data-live-player="Andreas"] [data-live-total]')
    played = [HANDS[0]]
    for number, points in enumerate(HANDS[1:], 2):
        save(table, number, points)
        played.append(points)
        swapped(number)
        expect(andreas).to_have_text(str(sums(played)["Andreas"]))

    tables.correct_hand(table, 2, entry="points", results=results(CORRECTED))
    played[1] = CORRECTED
    swapped(len(HANDS) + 1)
    expect(andreas).to_have_text(str(sums(played)["Andreas"]))

    finish(evening)
    part = page.locator("#evening-now")
    expect(part).to_have_attribute("data-state", "finished", timeout=10_000)
    # Nothing of the running evening stays behind: no "being played", no live section.
    expect(part).not_to_contain_text("Wird gespielt")
    expect(page.locator("#live")).to_have_count(0)
    expect(page.locator("[data-live-status]")).to_have_text("beendet")
    shots(page, "follower-finished")

    polls = page.evaluate("window.__polls")
    # The first load, each of the four saves, the correction and the finish.
    assert len(polls) >= 7
    assert all(poll["players"] == 4 for poll in polls)
    assert [poll["problems"] for poll in polls if poll["problems"]] == []
    assert polls[-1]["state"] == "finished"
    assert polls[-1]["totals"] == sums(played)
    context.close()
