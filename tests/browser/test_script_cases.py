"""The page scripts' copies of the league's rules, run in Chromium on the cases the Python
tests assert too (tests/cases/)."""

import json

import pytest
from django.templatetags.static import static

from tests.cases import cases
from tests.cases.hands import PATH

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each case's totals and tie-breaks become the lists the script takes, its places an object again.
RUN_PLACES = """async ([url, cases]) => {
  const { places } = await import(url);
  return cases.map((found) => {
    const keys = Object.keys(found.totals);
    const breaks = found.tie_breaks || {};
    const totals = keys.map((key) => found.totals[key]);
    const result = places(totals, keys.map((key) => breaks[key] ?? null));
    return Object.fromEntries(keys.map((key, index) => [key, result[index]]));
  });
}"""


def test_the_points_pages_places_give_every_shared_case(page, live_server):
    # Any page of the site: the module loads from it as the points page loads it (same CSP).
    page.goto(f"{live_server.url}/login/")
    shared = cases("places")
    results = page.evaluate(RUN_PLACES, [static("js/places.js"), shared])
    for case, result in zip(shared, results, strict=True):
        assert result == case["places"], case["name"]


# Each case's row read by the scripts' one card parser: its cards, or the piece it refuses.
RUN_CARDS = """async ([url, cases]) => {
  const { read, hasJunk } = await import(url);
  return cases.map((found) => ({ read: read(found.text), junk: hasJunk(found.text) }));
}"""


def test_the_scripts_card_parser_reads_every_shared_case(page, live_server):
    page.goto(f"{live_server.url}/login/")
    shared = cases("cards")
    results = page.evaluate(RUN_CARDS, [static("js/cards/cards.js"), shared])
    for case, result in zip(shared, results, strict=True):
        expected = {"cards": case["cards"]} if "cards" in case else {"refused": case["refused"]}
        assert result["read"] == expected, case["name"]
        # The picker marks as a typo exactly the rows the server refuses.
        assert result["junk"] == ("refused" in case), case["name"]


# The pad's judgement of boards waiting offline: rows valued, fouls, Fantasyland earned.
RUN_HANDS = """async ([url, hands]) => {
  const { boardValues, fouled, nextCards, parseRow, rowValue } = await import(url);
  return {
    rows: hands.rows.map((found) => rowValue(parseRow(found.text))),
    boards: hands.boards.map((found) => fouled(boardValues(found))),
    fantasyland: hands.fantasyland.map(
      (found) => nextCards(found.rules_data, found, found.dealt)
    )
  };
}"""


def test_the_pads_hand_rules_give_every_case_of_the_engine(page, live_server):
    page.goto(f"{live_server.url}/login/")
    hands = json.loads(PATH.read_text(encoding="utf-8"))
    results = page.evaluate(RUN_HANDS, [static("js/pad/fantasyland.js"), hands])
    assert results["rows"] == [case["value"] for case in hands["rows"]]
    assert results["boards"] == [case["fouled"] for case in hands["boards"]]
    assert results["fantasyland"] == [case["fantasyland"] for case in hands["fantasyland"]]
