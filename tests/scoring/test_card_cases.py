"""The server's card parser on the cases the scripts' parser is checked against too
(tests/cases/cards.json; the scripts' side: tests/browser/test_script_cases.py)."""

import pytest

from ofcleague.scoring import ScoringError, format_card, parse_cards
from tests.cases import cases

CARDS = cases("cards")


@pytest.mark.parametrize("case", CARDS, ids=[case["name"] for case in CARDS])
def test_parse_cards_gives_every_shared_case(case):
    assert ("cards" in case) != ("refused" in case)
    if "cards" in case:
        assert [format_card(card) for card in parse_cards(case["text"])] == case["cards"]
        return
    with pytest.raises(ScoringError) as refusal:
        parse_cards(case["text"])
    assert refusal.value.params["token"] == case["refused"]


def test_the_cases_accept_and_refuse_rows():
    # A file of only good rows (or only bad ones) would let a parser through that takes all.
    assert sum("cards" in case for case in CARDS) >= 10
    assert sum("refused" in case for case in CARDS) >= 10
