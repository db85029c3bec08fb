"""Fantasyland at the table: entry from the rule set, the stay rule, no Fantasyland in the
house rules."""

from ofcleague.scoring import RULE_SETS, fantasyland, score_rows
from tests.table.boards import ENTERS, STAYS


def scored(boards, rules="pineapple"):
    hands = [
        {"name": str(index), "front": f, "middle": m, "back": b}
        for index, (f, m, b) in enumerate(boards)
    ]
    return score_rows(rules, hands).players


def test_queens_in_front_enter_with_14_cards_but_do_not_keep_a_player_there():
    anna = scored(ENTERS)[0]
    pineapple = RULE_SETS["pineapple"]
    assert fantasyland.next_cards(pineapple, anna, in_fantasyland=False) == 14
    assert fantasyland.next_cards(pineapple, anna, in_fantasyland=True) is None


def test_trips_in_front_keep_a_player_in_fantasyland_with_14_cards():
    anna = scored(STAYS)[0]
    pineapple = RULE_SETS["pineapple"]
    assert fantasyland.stays(anna)
    assert fantasyland.next_cards(pineapple, anna, in_fantasyland=True) == 14
    # Entering with trips gives the progressive count instead.
    assert fantasyland.next_cards(pineapple, anna, in_fantasyland=False) == 17


def test_a_fouled_board_never_stays():
    bert = scored(ENTERS)[1]
    assert bert.fouled and not fantasyland.stays(bert)


def test_the_house_rules_have_no_fantasyland():
    house = RULE_SETS["house"]
    anna = scored(ENTERS, "house")[0]
    assert fantasyland.next_cards(house, anna, in_fantasyland=False) is None
    assert fantasyland.allowed_cards(house) == set()
    assert fantasyland.allowed_cards(RULE_SETS["pineapple"]) == {14, 15, 16, 17}
