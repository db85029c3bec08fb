"""The league's invariants as pure rules: each one fires on the evening that breaks it."""

import dataclasses
import datetime
from decimal import Decimal

import pytest
from django.utils import translation

from ofcleague.league.invariants import (
    EveningFacts,
    ScoreFacts,
    SeatFacts,
    evening_problems,
    league_problems,
)

TODAY = datetime.date(2026, 12, 1)


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def sound_evening(**changes) -> EveningFacts:
    """Three players, two rounds from points, finished, 30 € paid 20/10."""
    seats = (
        SeatFacts(1, place=1, total=5, tie_break=None, prize=Decimal("20")),
        SeatFacts(2, place=2, total=-1, tie_break=None, prize=Decimal("10")),
        SeatFacts(3, place=3, total=-4, tie_break=None, prize=Decimal("0")),
    )
    scores = (
        ScoreFacts(1, 1, 3, None),
        ScoreFacts(2, 1, -1, None),
        ScoreFacts(3, 1, -2, None),
        ScoreFacts(1, 2, 2, None),
        ScoreFacts(2, 2, 0, None),
        ScoreFacts(3, 2, -2, None),
    )
    evening = EveningFacts(
        id=7,
        date=datetime.date(2026, 11, 27),
        status="finished",
        places_source="points",
        rounds=2,
        hands_per_round=15,
        buy_in=Decimal("10"),
        pot=Decimal("30"),
        seats=seats,
        scores=scores,
    )
    return dataclasses.replace(evening, **changes)


def with_seat(evening, index, **changes):
    seats = list(evening.seats)
    seats[index] = dataclasses.replace(seats[index], **changes)
    return dataclasses.replace(evening, seats=tuple(seats))


def test_a_sound_evening_breaks_no_rule():
    assert evening_problems(sound_evening(), TODAY) == []


@pytest.mark.parametrize(
    ("evening", "expected"),
    [
        (sound_evening(buy_in=Decimal("1000.01")), "buy-in"),
        (sound_evening(rounds=21), "rounds are outside"),
        (sound_evening(hands_per_round=101), "hands per round"),
        (sound_evening(date=datetime.date(1999, 12, 31)), "date lies outside"),
        (sound_evening(date=datetime.date(2028, 1, 1)), "date lies outside"),
        (sound_evening(date=datetime.date(2026, 12, 2)), "finished but lies in the future"),
        (sound_evening(pot=Decimal("100000.01")), "pot is outside"),
        (sound_evening(scores=(ScoreFacts(1, 1, 10001, None),)), "round points are outside"),
        (sound_evening(scores=sound_evening().scores + (ScoreFacts(1, 3, 0, None),)), "beyond"),
        (sound_evening(seats=sound_evening().seats[:1]), "fewer than 2 players"),
    ],
)
def test_values_beyond_the_limits(evening, expected):
    assert any(expected in problem for problem in evening_problems(evening, TODAY))


def test_a_round_must_add_up_to_zero_per_table():
    unbalanced = sound_evening().scores[:-1] + (ScoreFacts(3, 2, 493, None),)
    problems = evening_problems(sound_evening(scores=unbalanced), TODAY)
    assert "round 2 adds up to +495, not zero." in problems
    tables = tuple(
        dataclasses.replace(score, table=1 if score.seat == 1 else 2)
        for score in sound_evening().scores
    )
    problems = evening_problems(sound_evening(scores=tables), TODAY)
    assert "round 1, table 1 adds up to +3, not zero." in problems


def test_totals_are_the_sum_of_the_round_points():
    problems = evening_problems(with_seat(sound_evening(), 0, total=6), TODAY)
    assert problems == ["a total differs from the sum of its round points."]


def test_places_follow_the_totals():
    swapped = with_seat(with_seat(sound_evening(), 0, place=2), 1, place=1)
    assert "its places do not follow from the totals." in evening_problems(swapped, TODAY)


def test_a_place_never_exceeds_the_field():
    problems = evening_problems(with_seat(sound_evening(), 2, place=7), TODAY)
    assert problems == ["a place lies outside 1 to 3."]


def test_a_finished_evening_is_complete():
    missing = sound_evening(scores=sound_evening().scores[:3])
    missing = with_seat(with_seat(with_seat(missing, 0, total=3), 1, total=-1), 2, total=-2)
    assert "it is finished but a round is incomplete." in evening_problems(missing, TODAY)
    assert evening_problems(dataclasses.replace(missing, status="in_progress"), TODAY) == []


def test_tie_breaks_order_a_whole_tied_group_only():
    tied = sound_evening(
        scores=(ScoreFacts(1, 1, 2, None), ScoreFacts(2, 1, -1, None), ScoreFacts(3, 1, -1, None)),
        rounds=1,
        pot=None,
    )
    seats = (
        SeatFacts(1, 1, 2, None, None),
        SeatFacts(2, 2, -1, 1, None),
        SeatFacts(3, 3, -1, 2, None),
    )
    assert evening_problems(dataclasses.replace(tied, seats=seats), TODAY) == []
    half = (seats[0], seats[1], dataclasses.replace(seats[2], tie_break=None, place=2))
    half = (half[0], dataclasses.replace(half[1], place=2), half[2])
    assert "a tie-break does not order its whole tied group." in evening_problems(
        dataclasses.replace(tied, seats=half), TODAY
    )
    lonely = with_seat(sound_evening(), 0, tie_break=1)
    assert "a player who is not tied has a tie-break." in evening_problems(lonely, TODAY)


def test_an_entered_finishing_order_is_valid():
    entered = sound_evening(places_source="entered", scores=(), pot=None)
    entered = dataclasses.replace(
        entered,
        seats=tuple(dataclasses.replace(seat, total=None, prize=None) for seat in entered.seats),
    )
    assert evening_problems(entered, TODAY) == []
    gap = with_seat(entered, 2, place=4)
    assert any(
        "finishing order" in problem or "outside" in problem
        for problem in evening_problems(gap, TODAY)
    )
    skipped = with_seat(with_seat(entered, 1, place=3), 2, place=3)
    assert "its places are not a valid finishing order." in evening_problems(skipped, TODAY)


def test_prizes_add_up_to_the_pot_and_ties_share_equally():
    assert "its prizes do not add up to the pot." in evening_problems(
        sound_evening(pot=Decimal("31")), TODAY
    )
    assert "it has prizes but no pot." in evening_problems(sound_evening(pot=None), TODAY)
    assert "it has a pot but not every player has a prize." in evening_problems(
        with_seat(sound_evening(), 2, prize=None), TODAY
    )


def test_the_league_history_breaks_no_rule(history):
    assert league_problems() == []
