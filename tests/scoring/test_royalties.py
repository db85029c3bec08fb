"""A worked example for every royalty line of every rule set."""

import pytest

from ofcleague.scoring import RULE_SETS, Category, evaluate, parse_cards, score

from .helpers import hand

# One row per category for the middle and back; each is a valid five-card row.
FIVE_CARD_EXAMPLES = {
    Category.TRIPS: "7s 7h 7d Kc 2s",
    Category.STRAIGHT: "9h 8d 7c 6s 5h",
    Category.FLUSH: "Kh 9h 7h 4h 2h",
    Category.FULL_HOUSE: "8s 8h 8d 4c 4s",
    Category.QUADS: "Qs Qh Qd Qc 3s",
    Category.STRAIGHT_FLUSH: "9d 8d 7d 6d 5d",
    Category.ROYAL_FLUSH: "As Ks Qs Js Ts",
}
RANK_SYMBOL = "--23456789TJQKA"


def front_example(category, rank):
    """A front row for a front line: a pair (with a kicker) or trips of ``rank``."""
    symbol = RANK_SYMBOL[rank or 14]
    if category == Category.TRIPS:
        return f"{symbol}s {symbol}h {symbol}d"
    kicker = "3c" if symbol != "3" else "4c"
    return f"{symbol}s {symbol}h {kicker}"


def royalty_cases():
    for rules in RULE_SETS.values():
        for table in rules.royalties:
            for line in table:
                if table.row == "front":
                    cards = front_example(line.category, line.rank)
                else:
                    cards = FIVE_CARD_EXAMPLES[line.category]
                yield pytest.param(
                    rules.key, table.row, cards, line.points, id=f"{rules.key}-{table.row}-{cards}"
                )


@pytest.mark.parametrize(("rules", "row", "cards", "points"), list(royalty_cases()))
def test_royalty_line(rules, row, cards, points):
    table = RULE_SETS[rules].royalty_table(row)
    assert table.points(evaluate(parse_cards(cards))) == points


@pytest.mark.parametrize(
    ("rules", "row", "cards"),
    [
        ("house", "front", "5s 5h Kd"),  # pairs below 6s earn nothing
        ("house", "middle", "7s 7h 7d Kc 2s"),  # no middle trips in the league table
        ("house", "back", "Ah Ad Kc Ks 2h"),
        ("pineapple", "back", "7s 7h 7d Kc 2s"),
        ("classic-2-4", "front", "As Ah Kd"),
        ("classic-2-4", "middle", "Kh 9h 7h 4h 2h"),
        ("classic-2-4", "back", "8s 8h 8d 4c 4s"),  # a full house pays only in the middle
        ("classic-units", "back", "8s 8h 8d 4c 4s"),
    ],
)
def test_rows_without_royalty(rules, row, cards):
    assert RULE_SETS[rules].royalty_table(row).points(evaluate(parse_cards(cards))) == 0


def test_house_front_table_runs_from_66_to_aaa():
    front = RULE_SETS["house"].royalty_table("front")
    pairs = [line.points for line in front if line.category == Category.PAIR]
    trips = [line.points for line in front if line.category == Category.TRIPS]
    assert pairs == list(range(1, 10))
    assert trips == list(range(10, 23))


def test_house_and_pineapple_share_the_front_and_differ_behind():
    house, pineapple = RULE_SETS["house"], RULE_SETS["pineapple"]
    assert house.royalty_table("front") == pineapple.royalty_table("front")
    quads = evaluate(parse_cards(FIVE_CARD_EXAMPLES[Category.QUADS]))
    assert house.royalty_table("middle").points(quads) == 16
    assert pineapple.royalty_table("middle").points(quads) == 20


def test_royalties_in_a_whole_hand_are_reported_per_row():
    result = score(
        [
            hand("A", "Ts Th 2c", "9c 8d 7c 6s 5h", "Kh 9h 7h 4h 2h"),
            hand("B", "Ah Kd 3c", "As Ad Js 8c 4d", "Kc Ks 6d 6c 3h"),
        ],
        "house",
    )
    royalties = result.players[0].royalties
    assert (royalties.front, royalties.middle, royalties.back, royalties.total) == (5, 4, 4, 13)
    assert result.players[1].royalties.total == 0
