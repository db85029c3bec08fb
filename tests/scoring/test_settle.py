"""Worked examples of whole hands: counts, ties, scoops, fouls, naturals, surrender."""

import pytest

from ofcleague.scoring import RULE_SETS, ScoringError, get_rule_set, score, score_rows

from .helpers import hand, points

ACCEPTANCE_A = hand("A", "5h 5d 5c", "3s 3h 3d 3c 2s", "Js Ts 9s 8s 7s")
# Valid, a full house in the back and no other royalty.
ACCEPTANCE_B = hand("B", "Qh Jd 2h", "Ac Ad 9h 8d 6c", "Kh Kd Kc 4h 4d")


def test_acceptance_example_a_receives_39_from_b():
    result = score([ACCEPTANCE_A, ACCEPTANCE_B], "house")
    pair = result.pairs[0]
    assert result.players[0].royalties.total == 13 + 16 + 10
    assert result.players[1].royalties.total == 6
    assert tuple(pair.rows) == (1, 1, 1)
    assert pair.scoop is True
    assert pair.royalties == 33
    assert pair.points == 39
    assert points(result) == {"A": 39, "B": -39}


def test_house_is_the_default_rule_set():
    assert score([ACCEPTANCE_A, ACCEPTANCE_B]).rules.key == "house"


def test_api_shape():
    data = score([ACCEPTANCE_A, ACCEPTANCE_B], "house").to_dict()
    assert data["rules"] == "house"
    assert data["options"] == {"surrender": False}
    assert data["players"][0] == {
        "name": "A",
        "fouled": False,
        "surrender": None,
        "surrendered": False,
        "surrender_void": False,
        "royalties": {"front": 13, "middle": 16, "back": 10, "total": 39},
        "natural": None,
        "unannounced_natural": None,
        "fantasyland": None,
        "points": 39,
    }
    assert data["pairs"] == [
        {
            "a": "A",
            "b": "B",
            "rows": {"front": 1, "middle": 1, "back": 1},
            "scoop": True,
            "royalties": 33,
            "points": 39,
        }
    ]


# Two hands without royalties: A wins the front and the back, B the middle.
TWO_ONE_A = hand("A", "As Kd 7h", "Qs Qh 5d 4c 3s", "Ah 9h 6h 4h 3h")
TWO_ONE_B = hand("B", "Kc Qd 2h", "Jh Jd Jc 6s 2d", "Ts 9s 8d 7c 6d")


@pytest.mark.parametrize(("rules", "expected"), [("house", 1 + 4 - 2), ("classic-2-4", 2)])
def test_two_rows_to_one(rules, expected):
    # Under house rules A's back flush (4) and B's back straight (2) also count.
    result = score([TWO_ONE_A, TWO_ONE_B], rules)
    assert tuple(result.pairs[0].rows) == (1, -1, 1)
    assert result.pairs[0].scoop is False
    assert points(result) == {"A": expected, "B": -expected}


def test_units_two_rows_to_one_is_one_unit():
    assert points(score([TWO_ONE_A, TWO_ONE_B], "classic-units")) == {"A": 1, "B": -1}


# A and B hold the same straight in the back: that row is tied.
TIE_A = hand("A", "Ah Kd 3c", "2s 2h 7d 8c 9s", "Ts 9h 8d 7s 6h")
TIE_B = hand("B", "Kh Qd 4c", "Js Jh 5d 4s 3h", "Tc 9c 8h 7c 6d")
TIE_C = hand("C", "Qh Jc 5c", "Jd Th 5s 5h 3d", "Td 9d 8s 7h 6c")


@pytest.mark.parametrize(
    ("rules", "a_vs_b", "b_vs_c"),
    [
        # A wins front, B wins middle, back tied; B beats C in front and middle.
        ("house", 0, 2),
        ("classic-2-4", 0, 3),
        ("classic-units", 0, 2),
        ("pineapple", 0, 2),
    ],
)
def test_tied_rows(rules, a_vs_b, b_vs_c):
    result = score([TIE_A, TIE_B, TIE_C], rules)
    assert tuple(result.pair(0, 1).rows) == (1, -1, 0)
    assert result.pair(0, 1).points == a_vs_b
    assert tuple(result.pair(1, 2).rows) == (1, 1, 0)
    assert result.pair(1, 2).points == b_vs_c


def test_two_four_count_table():
    table = {
        (won, tied, lost): pts for won, tied, lost, pts in RULE_SETS["classic-2-4"].count_table()
    }
    assert table[(3, 0, 0)] == 4
    assert table[(2, 0, 1)] == 2
    assert table[(2, 1, 0)] == 3
    assert table[(1, 1, 1)] == 0
    assert table[(1, 2, 0)] == 2
    assert table[(0, 3, 0)] == 0
    assert table[(0, 0, 3)] == -4


def test_ofc_count_table():
    table = {(won, tied, lost): pts for won, tied, lost, pts in RULE_SETS["house"].count_table()}
    assert table[(3, 0, 0)] == 6
    assert table[(2, 0, 1)] == 1
    assert table[(2, 1, 0)] == 2
    assert table[(1, 0, 2)] == -1
    assert table[(0, 0, 3)] == -6
    assert len(table) == 10


# The three pairings of the 2-4 source's worked example, one pair at a time.
def test_two_four_example_full_house_middle_loses_one():
    you = hand("You", "2s 3d 4h", "9s 9h 9d 5c 5d", "Ks Kh Kd 6c 6d")
    c = hand("C", "Qs Jh 8d", "Jc 8c 4c 3c 2c", "As Ah Ad 7c 7d")
    result = score([you, c], "classic-2-4")
    assert tuple(result.pairs[0].rows) == (-1, 1, -1)
    assert result.pairs[0].royalties == 1
    assert points(result) == {"You": -1, "C": 1}


def test_two_four_example_trips_against_royal_flush_loses_five():
    you = hand("You", "5s 5h 5d", "Ks Kh Kd 7c 2d", "As Ah Ad 3c 3d")
    d = hand("D", "Qs Jh 8d", "Qh Qd 6s 6h 2c", "Tc Jc Qc Kc Ac")
    result = score([you, d], "classic-2-4")
    assert tuple(result.pairs[0].rows) == (1, 1, -1)
    assert result.pairs[0].royalties == 3 - 10
    assert points(result) == {"You": -5, "D": 5}


def test_units_bonus_replaces_the_rows_unit():
    you = hand("You", "5s 5h 5d", "Ks Kh Kd 7c 2d", "As Ah Ad 3c 3d")
    d = hand("D", "Qs Jh 8d", "Qh Qd 6s 6h 2c", "Tc Jc Qc Kc Ac")
    pair = score([you, d], "classic-units").pairs[0]
    # Front won with trips: 3 (not 1 + 3); middle won: 1; back lost to a royal flush: -5.
    assert pair.royalties == 3 - 5
    assert pair.points == 3 + 1 - 5


def test_units_bonus_of_a_lost_row_is_not_paid():
    you = hand("You", "2s 3d 4h", "9s 9h 9d 5c 5d", "Ks Kh Kd 6c 6d")
    c = hand("C", "Qs Jh 8d", "Jc 8c 4c 3c 2c", "As Ah Ad 7c 7d")
    result = score([you, c], "classic-units")
    # You win the middle with a full house (2 units), lose front and back (1 each).
    assert result.pairs[0].points == 0
    assert result.players[0].royalties.middle == 2


# Fouls. QQ5 in front of QQ432 is a foul: the middle's kickers decide.
FOUL_KICKER = hand("F", "Qh Qd 5c", "Qs Qc 4d 3s 2h", "Kh Kd Ks 8c 8s")
LEGAL_EQUAL = hand("E", "Ah 4h 2c", "9s 8h 7d 6c 5s", "9h 8d 7c 6s 5h")


def test_front_stronger_than_middle_by_kicker_is_a_foul():
    result = score([FOUL_KICKER, LEGAL_EQUAL], "house")
    assert result.players[0].fouled is True
    assert result.players[1].fouled is False


def test_equal_strength_rows_are_legal():
    result = score([LEGAL_EQUAL, FOUL_KICKER], "house")
    assert result.players[0].fouled is False
    # E's middle straight (4) and back straight (2) count; F fouled and pays 6 on top.
    assert result.players[0].royalties.total == 6
    assert points(result) == {"E": 12, "F": -12}


def test_middle_stronger_than_back_is_a_foul():
    fouled = hand("F", "2h 3d 4c", "As Ad Ac Ks Kd", "Qh Qc Tc 4s 3c")
    result = score([fouled, LEGAL_EQUAL], "pineapple")
    assert result.players[0].fouled is True


def test_fouled_hand_earns_no_royalties_and_pays_scoop_plus_opponents_royalties():
    fouled = hand("F", "As Ad Ac", "Ks Kh Kd Kc 2s", "Qs Qh 9d 8c 7h")
    result = score([fouled, LEGAL_EQUAL], "house")
    player = result.players[0]
    assert player.fouled is True
    assert player.royalties.total == 0
    pair = result.pairs[0]
    assert tuple(pair.rows) == (-1, -1, -1)
    assert pair.scoop is True
    assert pair.points == -(6 + 6)


def test_two_fouled_hands_settle_zero_and_both_pay_the_valid_hand():
    other_foul = hand("G", "Jh Jd 9c", "Js Jc 7h 3h 2d", "Ac Tc Td 4s 4c")
    result = score([FOUL_KICKER, other_foul, LEGAL_EQUAL], "house")
    assert result.players[1].fouled is True
    assert result.pair(0, 1).points == 0
    assert points(result) == {"F": -12, "G": -12, "E": 24}


def test_fouled_classic_hand_loses_four():
    result = score([FOUL_KICKER, LEGAL_EQUAL], "classic-2-4")
    assert points(result) == {"F": -4, "E": 4}


def test_fouled_units_hand_pays_the_winners_bonuses():
    quads_back = hand("Q", "Ah Jd 2c", "9s 8h 6d 6c 5s", "7s 7h 7c 7d 3h")
    result = score([FOUL_KICKER, quads_back], "classic-units")
    assert points(result) == {"F": -(1 + 1 + 4), "Q": 6}


# Naturals.
SIX_PAIRS = hand("N", "2s 2h Ac", "5s 5h 9c 9d 3s", "Ks Kh Kd Kc 3h")
THREE_FLUSHES = hand("N", "2s 7s Js", "3h 6h 8h Th Qh", "4d 5d 9d Kd 2d")
THREE_STRAIGHTS = hand("N", "2s 3h Ac", "9c Td Js Qh Kc", "3d 4s 5h 6c 7d")
DRAGON = hand("N", "2s 3h 4c", "5d 6s 7h 8c 9d", "Ts Jh Qc Kd As")
ROYAL_DRAGON = hand("N", "2s 3s 4s", "5s 6s 7s 8s 9s", "Ts Js Qs Ks As")
# Each natural with an opponent that shares none of its cards and holds no natural.
NATURALS = {
    "six-pairs": (SIX_PAIRS, hand("P", "Qh Qd 4c", "Jh Jd Jc 8h 7c", "6h 6c 6d Ts Td")),
    "three-flushes": (THREE_FLUSHES, hand("P", "Qs Qc 4c", "Jh Jd Jc 8c 7c", "6s 6c 6d Tc Ts")),
    "three-straights": (
        THREE_STRAIGHTS,
        hand("P", "Qs Qd 4c", "Jh Jd Jc 8h 7h", "9s 9h 9d Th Tc"),
    ),
    "dragon": (DRAGON, hand("P", "Qs Qd 4d", "Jc Jd Js 8h 7c", "6c 6d 6h Th Tc")),
    "royal-dragon": (ROYAL_DRAGON, hand("P", "Qh Qd 4d", "Jc Jd Jh 8h 7c", "6c 6d 6h Th Tc")),
}


@pytest.mark.parametrize(
    ("rules", "natural", "key", "value"),
    [
        ("classic-2-4", "six-pairs", "six-pairs", 6),
        ("classic-2-4", "three-flushes", "three-flushes", 3),
        ("classic-2-4", "three-straights", "three-straights", 3),
        ("classic-2-4", "dragon", "dragon", 13),
        ("classic-2-4", "royal-dragon", "royal-dragon", 50),
        ("classic-units", "six-pairs", "six-pairs", 3),
        ("classic-units", "three-flushes", "three-flushes", 3),
        ("classic-units", "three-straights", "three-straights", 3),
        ("classic-units", "dragon", "dragon", 13),
        # A 13-card straight in one suit is the units count's complete straight.
        ("classic-units", "royal-dragon", "dragon", 13),
    ],
)
def test_natural_is_paid_instead_of_rows(rules, natural, key, value):
    natural_hand, opponent = NATURALS[natural]
    result = score([natural_hand, opponent], rules)
    assert result.players[1].natural is None
    assert result.players[0].natural.key == key
    assert tuple(result.pairs[0].rows) == (0, 0, 0)
    assert points(result)["N"] == value


def test_natural_is_not_known_in_ofc():
    result = score(list(NATURALS["six-pairs"]), "house")
    assert result.players[0].natural is None


def test_natural_holder_still_pays_the_opponents_royalties():
    strong = hand("Q", "Jh Jd 4c", "Qs Qc Qd 3c 3s", "5c 6c 7c 8c 9c")
    result = score([THREE_FLUSHES, strong], "classic-2-4")
    # 3 for the natural, minus the full house in the middle (1) and the straight flush (4).
    assert result.pairs[0].royalties == -5
    assert points(result) == {"N": -2, "Q": 2}


def test_two_naturals_are_netted():
    other = hand("M", "Qh Qc 4c", "Jh Jc 7d 7h 8c", "6h 6c Td Tc 8d")
    result = score([SIX_PAIRS, other], "classic-2-4")
    assert result.players[1].natural.key == "six-pairs"
    assert points(result) == {"N": 0, "M": 0}
    three_straights = hand("M", "Th Jh Qc", "6h 7c 8d 9h Tc", "4d 5d 6d 7d 8h")
    assert points(score([SIX_PAIRS, three_straights], "classic-2-4")) == {"N": 3, "M": -3}


def test_natural_hand_is_not_a_foul():
    # Three straights set with the stronger straight in the middle: paid as a natural.
    result = score(list(NATURALS["three-straights"]), "classic-2-4")
    assert result.players[0].fouled is False
    assert result.players[0].natural.key == "three-straights"


def test_natural_against_a_fouled_hand():
    fouled = hand("F", "Kh Kc 3c", "Qh Qs Qd 8h 7c", "6h 6c 7d 2c 2d")
    result = score([DRAGON, fouled], "classic-2-4")
    assert result.players[1].fouled is True
    assert points(result) == {"N": 13, "F": -13}


# Surrender.
def test_surrender_pays_two_to_each_player_who_plays_on():
    quitter = hand("S", "", "", "", surrender=True)
    result = score([quitter, TIE_A, TIE_B], "classic-2-4")
    assert result.players[0].surrendered is True
    assert result.pair(0, 1).points == -2
    assert result.pair(0, 2).points == -2
    assert result.players[0].points == -4


def test_two_surrendered_players_settle_zero():
    one = hand("S", "", "", "", surrender=True)
    two = hand("T", "4c 3d 5h", "Qs Qh Qd Jc Jd", "Ks Kh Kc As Ad", surrender="announced")
    result = score([one, two, TIE_A], get_rule_set("classic-units").with_options(surrender=True))
    assert result.pair(0, 1).points == 0
    assert points(result) == {"S": -2, "T": -2, "A": 4}


def test_surrender_beats_nothing_even_against_a_natural():
    result = score([hand("S", "", "", "", surrender=True), DRAGON], "classic-2-4")
    assert points(result) == {"S": -2, "N": 2}


def test_ofc_rule_sets_have_no_surrender():
    with pytest.raises(ScoringError, match="no surrender"):
        score([hand("S", "", "", "", surrender=True), TIE_A], "house")


# Fantasyland.
@pytest.mark.parametrize(
    ("front", "cards"),
    [
        ("8s 8h 4c", None),
        ("Qh Qs 4c", 14),
        ("Kh Kd 4c", 15),
        ("Ah Ad 4c", 16),
        ("7s 7h 7d", 17),
        ("Ah Ad Ac", 17),
    ],
)
def test_fantasyland_cards(front, cards):
    player = hand("F", front, "9c 9h 9d 5c 5d", "3s 3h 3d 3c 4s")
    result = score([player, TWO_ONE_B], "pineapple")
    assert result.players[0].fantasyland == cards


def test_fouled_hand_gets_no_fantasyland():
    player = hand("F", "Ah Ad 4c", "Ks Kh Kd 5c 3d", "9c 9h 9d 4h 4s")
    result = score([player, TWO_ONE_B], "pineapple")
    assert result.players[0].fantasyland == 16
    fouled = hand("F", "Ah Ad 4c", "Ks Kh Kd 5c 3d", "Qs Qh 9d 4h 4s")
    result = score([fouled, TWO_ONE_B], "pineapple")
    assert result.players[0].fouled is True
    assert result.players[0].fantasyland is None


def test_house_rules_have_no_fantasyland():
    player = hand("F", "Ah Ad 4c", "9c 9h 9d 5c 5d", "3s 3h 3d 3c 4s")
    assert score([player, TWO_ONE_B], "house").players[0].fantasyland is None


# Input errors.
def test_duplicate_card_across_players():
    with pytest.raises(ScoringError, match="Ah is used more than once") as caught:
        score([TWO_ONE_A, hand("B", "Ah Qd 2h", "Jh Jd Jc 6s 2d", "Ts 9s 8d 7c 6d")])
    assert caught.value.player == 1
    assert caught.value.row == "front"


def test_duplicate_card_within_a_row():
    with pytest.raises(ScoringError, match="used more than once"):
        score([TWO_ONE_A, hand("B", "2h 2h 3c", "Jh Jd Jc 6s 2d", "Ts 9s 8d 7c 6d")])


@pytest.mark.parametrize(
    ("front", "middle", "back", "row"),
    [
        ("Kc Qd", "Jh Jd Jc 6s 2d", "Ts 9s 8d 7c 6d", "front"),
        ("Kc Qd 2h", "Jh Jd Jc 6s", "Ts 9s 8d 7c 6d", "middle"),
        ("Kc Qd 2h", "Jh Jd Jc 6s 2d", "Ts 9s 8d 7c 6d 5d", "back"),
    ],
)
def test_wrong_row_length(front, middle, back, row):
    with pytest.raises(ScoringError, match="B, .*: .* cards needed") as caught:
        score([TWO_ONE_A, hand("B", front, middle, back)])
    assert caught.value.row == row


@pytest.mark.parametrize("count", [1, 5])
def test_two_to_four_players(count):
    hands = [hand(f"P{i}", "", "", "") for i in range(count)]
    with pytest.raises(ScoringError, match=f"not {count}"):
        score(hands)


def test_unknown_rule_set():
    with pytest.raises(ScoringError, match="Unknown rule set “poker”"):
        score([TWO_ONE_A, TWO_ONE_B], "poker")


def test_duplicate_names():
    with pytest.raises(ScoringError, match="called “A”"):
        score([TWO_ONE_A, hand("A", "Kc Qd 2h", "Jh Jd Jc 6s 2d", "Ts 9s 8d 7c 6d")])


def test_score_rows_names_player_and_row_of_a_bad_card():
    with pytest.raises(ScoringError) as caught:
        score_rows(
            "house",
            [
                {"name": "A", "front": "Ah Kd 7c", "middle": "", "back": ""},
                {"name": "B", "front": "Qh Jd 2h", "middle": "Ac Zd 9h 8d 6c", "back": ""},
            ],
        )
    assert (caught.value.player, caught.value.row) == (1, "middle")
    assert "“Zd”" in str(caught.value)


def test_a_long_unknown_rule_set_is_named_in_20_characters():
    with pytest.raises(ScoringError) as raised:
        get_rule_set("x" * 1000)
    assert raised.value.params["key"] == "x" * 19 + "…"
