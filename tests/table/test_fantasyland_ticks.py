"""A 15-17 tick is an entry: never for a player already in Fantasyland, whether the hand is
new, corrected, or put in Fantasyland by a correction of the hand before it."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from ofcleague.league.invariants import league_problems
from ofcleague.table import services
from ofcleague.table.models import HandResult
from ofcleague.table.services import ResultInput
from tests.table.conftest import points_hand


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def ticks():
    return list(
        HandResult.objects.order_by("hand__number", "evening_player__player__name").values_list(
            "hand__number", "evening_player__player__name", "fantasyland", "fantasyland_next"
        )
    )


@pytest.mark.parametrize("cards", [15, 16, 17])
def test_a_new_hand_refuses_an_entry_tick_in_fantasyland(pineapple, pineapple_table, cards):
    points_hand(pineapple_table, 1, [0, 0, 0], fantasyland={1: 14})
    with pytest.raises(ValidationError, match="plays Fantasyland now: staying gets 14 cards"):
        points_hand(pineapple_table, 2, [0, 0, 0], fantasyland={1: cards})
    assert pineapple_table.hands.count() == 1


def test_a_correction_refuses_an_entry_tick_in_fantasyland(pineapple, pineapple_table):
    points_hand(pineapple_table, 1, [0, 0, 0], fantasyland={1: 14})
    points_hand(pineapple_table, 2, [0, 0, 0])
    before = ticks()
    with pytest.raises(ValidationError, match="staying gets 14"):
        services.correct_hand(
            pineapple_table,
            2,
            entry="points",
            results=[ResultInput(seat=1, points=0, fantasyland_next=16)]
            + [ResultInput(seat=s, points=0) for s in (2, 3)],
        )
    assert ticks() == before


def test_a_correction_that_puts_the_next_hand_in_fantasyland_keeps_no_entry_tick(
    pineapple, pineapple_table
):
    points_hand(pineapple_table, 1, [0, 0, 0])
    points_hand(pineapple_table, 2, [2, -1, -1], fantasyland={1: 15})
    points_hand(pineapple_table, 3, [0, 0, 0], fantasyland={1: 14})  # Anna's 15, then a stay
    before = ticks()
    # Hand 1 corrected to a QQ entry: hand 2 would be in Fantasyland with an entry tick of 15.
    with pytest.raises(ValidationError, match="plays hand 2 in Fantasyland, where 15 cards"):
        services.correct_hand(
            pineapple_table,
            1,
            entry="points",
            results=[ResultInput(seat=1, points=0, fantasyland_next=14)]
            + [ResultInput(seat=s, points=0) for s in (2, 3)],
        )
    assert ticks() == before
    assert league_problems() == []
    # Hand 2 first (a stay tick is no entry), then hand 1: accepted, and the chain holds.
    services.correct_hand(
        pineapple_table,
        2,
        entry="points",
        results=[ResultInput(seat=1, points=2, fantasyland_next=14)]
        + [ResultInput(seat=s, points=-1) for s in (2, 3)],
    )
    services.correct_hand(
        pineapple_table,
        1,
        entry="points",
        results=[ResultInput(seat=1, points=0, fantasyland_next=14)]
        + [ResultInput(seat=s, points=0) for s in (2, 3)],
    )
    anna = [row for row in ticks() if row[1] == "Anna"]
    assert anna == [(1, "Anna", None, 14), (2, "Anna", 14, 14), (3, "Anna", 14, 14)]
    assert league_problems() == []


def test_the_invariants_name_an_entry_tick_in_fantasyland(pineapple, pineapple_table):
    points_hand(pineapple_table, 1, [0, 0, 0], fantasyland={1: 14})
    points_hand(pineapple_table, 2, [0, 0, 0], fantasyland={1: 14})
    assert league_problems() == []
    # Written past the services (as a bad import or a hand edit would).
    HandResult.objects.filter(hand__number=2, fantasyland=14).update(fantasyland_next=16)
    problems = [problem.rule for problem in league_problems()]
    assert any("Fantasyland" in rule for rule in problems), problems
