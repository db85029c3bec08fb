"""The engine's side of tests/cases/hands.json (the score pad script's side:
tests/browser/test_script_cases.py): the file holds what the engine says today."""

import json

from tests.cases.hands import PATH, as_text, hand_cases


def test_the_hand_cases_are_what_the_engine_says():
    # On a difference: the engine changed (or the inputs in tests/cases/hands.py did); after
    # checking the change is meant, write the file again: python -m tests.cases.hands.
    assert json.loads(PATH.read_text(encoding="utf-8")) == hand_cases()


def test_the_file_is_written_as_the_maker_writes_it():
    assert PATH.read_text(encoding="utf-8") == as_text(hand_cases())


def test_the_hand_cases_hold_fouls_and_fantasyland_both_ways():
    content = hand_cases()
    assert {case["fouled"] for case in content["boards"]} == {True, False}
    assert {case["value"][0] for case in content["rows"]} == set(range(10))
    earned = [case["fantasyland"] for case in content["fantasyland"]]
    assert None in earned and {14, 15, 16, 17} <= set(earned)
