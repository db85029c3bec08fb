"""Pasted results text: the league's printed history, and whatever else people paste."""

import json
from datetime import date, time
from decimal import Decimal
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from ofcleague.imports.check import preview
from ofcleague.imports.paste import parse_text

ROOT = Path(__file__).resolve().parents[2]
# A copy of ../shared/seeds/000_8dec94fe12f348e7.txt, the results as the league printed them.
SEED = Path(__file__).with_name("printed_history.txt")
HISTORY = ROOT / "fixtures" / "history.json"


def history_evenings():
    objects = json.loads(HISTORY.read_text(encoding="utf-8"))
    players = {o["pk"]: o["fields"]["name"] for o in objects if o["model"] == "league.player"}
    evenings = {}
    for o in objects:
        if o["model"] == "league.evening":
            f = o["fields"]
            evenings[o["pk"]] = {
                "date": f["date"], "start_time": f["start_time"][:5],
                "buy_in": Decimal(f["buy_in"]),
                "rounds": f["rounds"], "hands_per_round": f["hands_per_round"],
                "variant": f["variant"], "places": [],
            }  # fmt: skip
    for o in objects:
        if o["model"] == "league.eveningplayer":
            f = o["fields"]
            evenings[f["evening"]]["places"].append((f["place"], players[f["player"]]))
    for evening in evenings.values():
        evening["places"].sort()
    return sorted(evenings.values(), key=lambda e: e["date"]), sorted(players.values())


def as_dicts(evenings):
    return [
        {
            "date": e.date.isoformat(), "start_time": e.start_time.strftime("%H:%M"),
            "buy_in": e.buy_in, "rounds": e.rounds, "hands_per_round": e.hands_per_round,
            "variant": e.variant, "places": [(p.place, p.player) for p in e.places],
        }
        for e in evenings
    ]  # fmt: skip


def test_the_printed_history_gives_exactly_the_six_evenings_of_the_fixture():
    expected, names = history_evenings()
    parsed = parse_text(SEED.read_text(encoding="utf-8"))
    assert parsed.problems == ()
    result = preview(parsed.rows, names, problems=parsed.problems)
    assert result.ok and result.problems == ()
    assert len(expected) == 6
    assert as_dicts(result.evenings) == expected


def test_tolerant_of_what_people_paste():
    text = (
        "\n\nFriday, 24.07.2020 19:00\n\n  Buyin 10€, 3 x 12 hands  \n"
        "1. Micha   2. Melanie\n\n24.7.21, Start 20.15 Uhr\nEinsatz: 5,50 €, 30 Hände\n1. Max\n"
    )
    parsed = parse_text(text)
    assert parsed.problems == ()
    first, second, third = parsed.rows
    assert (first.date, first.start_time, first.buy_in) == (date(2020, 7, 24), time(19), 10)
    assert (first.rounds, first.hands_per_round, second.player, second.place) == (
        3,
        12,
        "Melanie",
        2,
    )
    assert (third.date, third.start_time, third.buy_in) == (
        date(2021, 7, 24),
        time(20, 15),
        Decimal("5.50"),
    )
    assert (third.rounds, third.hands_per_round) == (1, 30)


def test_each_unreadable_line_is_a_problem_with_its_number():
    parsed = parse_text("1. Micha\nSamstag, 01.02.2020\nkaputt\n1. Micha\n31.02.2020\n1. Max")
    found = {(p.line, p.code) for p in parsed.problems}
    assert found == {(1, "before_evening"), (3, "unreadable"), (5, "bad_date")}
    assert [row.player for row in parsed.rows] == ["Micha", "Max"]
    assert parsed.rows[1].date is None


def test_rules_text_after_regeln_is_left_out():
    parsed = parse_text("01.02.2020\n1. Micha\nRegeln\n1. Nobody\nwhatever")
    assert [row.player for row in parsed.rows] == ["Micha"] and parsed.problems == ()


def test_nothing_found_is_one_problem():
    parsed = parse_text("hello")
    assert parsed.rows == () and [p.code for p in parsed.problems] == ["nothing_found"]


@given(st.text())
def test_arbitrary_text_never_raises(text):
    parsed = parse_text(text)
    assert isinstance(parsed.rows, tuple) and isinstance(parsed.problems, tuple)
    assert parsed.rows or parsed.problems
    preview(parsed.rows, ["Micha"], problems=parsed.problems)
