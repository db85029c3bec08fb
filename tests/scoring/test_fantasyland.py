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
    assert fantasyland.stays(anna, pineapple)
    assert fantasyland.next_cards(pineapple, anna, in_fantasyland=True) == 14
    # Entering with trips gives the progressive count instead.
    assert fantasyland.next_cards(pineapple, anna, in_fantasyland=False) == 17


def test_a_fouled_board_never_stays():
    bert = scored(ENTERS)[1]
    assert bert.fouled and not fantasyland.stays(bert, RULE_SETS["pineapple"])


def test_the_house_rules_have_no_fantasyland():
    house = RULE_SETS["house"]
    anna = scored(ENTERS, "house")[0]
    assert fantasyland.next_cards(house, anna, in_fantasyland=False) is None
    assert fantasyland.allowed_cards(house) == set()
    assert fantasyland.allowed_cards(RULE_SETS["pineapple"]) == {14, 15, 16, 17}


def test_each_stay_row_keeps_a_player_there_and_nothing_else_does():
    pineapple = RULE_SETS["pineapple"]
    boards = {
        # Trips in the front, a full house in the middle, quads in the back: each one stays.
        ("2h 2d 2c", "3h 3d 3c 4c 6d", "Ah Ad As Kd Ks"): 14,
        ("Qh Qd 4d", "3h 3d 3c 5c 5h", "Ah Ad As Kd Ks"): 14,
        ("Qh Qd 4d", "Kh Kd 4c 5c 6d", "Ah Ad As Ac 2d"): 14,
        # QQ in front, trips in the middle, a full house in the back: the player leaves.
        ("Qh Qd 4d", "3h 3d 3c 5c 6d", "Ah Ad As Kd Ks"): None,
    }
    other = ("4h 5d 7c", "6h 7h 8d 9s Jc", "Th Jh Qs Kc 2s")
    for board, cards in boards.items():
        player = scored([board, other])[0]
        assert not player.fouled, board
        assert fantasyland.next_cards(pineapple, player, in_fantasyland=True) == cards, board
    assert fantasyland.allowed_cards(pineapple, in_fantasyland=True) == {14}
    assert fantasyland.allowed_cards(pineapple, in_fantasyland=False) == {14, 15, 16, 17}
