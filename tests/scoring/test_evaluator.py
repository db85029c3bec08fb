import random

import pytest
from pokerkit import StandardHighHand

from ofcleague.scoring import Category, evaluate, format_cards, parse_cards


def value(text):
    return evaluate(parse_cards(text))


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        ("Ah Kd 7c", Category.HIGH_CARD),
        ("Qh Qd 5c", Category.PAIR),
        ("5h 5d 5c", Category.TRIPS),
        ("Ah Kh Qh", Category.HIGH_CARD),  # no flushes in the front
        ("Qh Kd Ac", Category.HIGH_CARD),  # no straights in the front
        ("Ah Kd 9c 7s 2h", Category.HIGH_CARD),
        ("Ah Ad 9c 7s 2h", Category.PAIR),
        ("Ah Ad 9c 9s 2h", Category.TWO_PAIR),
        ("Ah Ad As 9s 2h", Category.TRIPS),
        ("5h 4d 3c 2s Ah", Category.STRAIGHT),
        ("Ah Kd Qc Js Th", Category.STRAIGHT),
        ("Ah 9h 7h 4h 2h", Category.FLUSH),
        ("Ah Ad As 9s 9h", Category.FULL_HOUSE),
        ("Ah Ad As Ac 9h", Category.QUADS),
        ("5h 4h 3h 2h Ah", Category.STRAIGHT_FLUSH),
        ("Ah Kh Qh Jh Th", Category.ROYAL_FLUSH),
    ],
)
def test_categories(cards, category):
    assert value(cards)[0] == category


def test_front_pair_with_higher_kicker_beats_middle_pair():
    # Q Q 5 against Q Q 4 3 2: the second kicker decides, so this front is stronger.
    assert value("Qh Qd 5c") > value("Qs Qc 4d 3s 2h")


def test_front_pair_with_equal_kicker_is_not_stronger():
    assert value("Qh Qd 5c") < value("Qs Qc 5d 3s 2h")


def test_front_trips_beat_middle_two_pair_and_lose_to_straight():
    assert value("2h 2d 2c") > value("As Ac Kd Ks Qh")
    assert value("Ah Ad Ac") < value("6s 5c 4d 3s 2h")


def test_front_high_card_against_middle_high_card():
    assert value("Ah Kd Qc") > value("Ac Kh Jd 9s 8h")
    assert value("Ah Kd Qc") < value("As Kc Qd 3s 2h")


def test_wheel_is_the_lowest_straight():
    assert value("5h 4d 3c 2s Ah") < value("6h 5d 4c 3s 2h")
    assert value("5h 4h 3h 2h Ah") < value("6d 5d 4d 3d 2d")


def test_same_five_ranks_in_other_suits_are_equal():
    assert value("9s 8h 7d 6c 5s") == value("9h 8d 7c 6s 5h")


def test_order_of_cards_does_not_matter():
    rng = random.Random(7)
    for _ in range(200):
        cards = rng.sample(range(52), 5)
        shuffled = cards[:]
        rng.shuffle(shuffled)
        assert evaluate(cards) == evaluate(shuffled)


def _sign(x, y):
    return (x > y) - (x < y)


def test_five_card_ordering_matches_pokerkit():
    rng = random.Random(20261130)
    hands = [rng.sample(range(52), 5) for _ in range(3000)]
    # Random deals rarely hold the strongest categories: add one of each.
    hands += [
        list(parse_cards(text))
        for text in (
            "Ah Kh Qh Jh Th",
            "9d 8d 7d 6d 5d",
            "5c 4c 3c 2c Ac",
            "Qs Qh Qd Qc 3s",
            "8s 8h 8d 4c 4s",
            "5h 4d 3c 2s Ah",
            "6h 5d 4c 3s 2h",
        )
    ]
    theirs = [StandardHighHand(format_cards(cards).replace(" ", "")) for cards in hands]
    ours = [evaluate(cards) for cards in hands]
    mismatches = [
        (format_cards(hands[i]), format_cards(hands[j]))
        for i in range(len(hands))
        for j in range(i + 1, min(i + 30, len(hands)))
        if _sign(ours[i], ours[j]) != _sign(theirs[i], theirs[j])
    ]
    assert mismatches == []
