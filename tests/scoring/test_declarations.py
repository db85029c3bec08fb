"""What players declare at the table, as the classic sources have it: surrender and naturals.

The 2-4 source (seeds/002) knows an announced surrender (said during the hand) and a secret
one (a hand mis-set on purpose, declared at the showdown, void on a correctly set hand), and
pays a natural only when it is announced. The unit count (seeds/003) has no surrender.
"""

import pytest

from ofcleague.scoring import ScoringError, Surrender, get_rule_set, score

from .helpers import hand, points

# Set correctly (pair < trips < straight); C's rows are out of order (middle over back).
VALID = hand("V", "4c 4d Ks", "7h 7s 7d 2c 3h", "9s Th Jd Qc Kd")
OTHER = hand("O", "Ah Qd 2h", "Jh Jc 8d 6s 2d", "Ts 9c 8s 7c 6d")
MIS_SET = hand("M", "5h 5d 3c", "As Ad Ac Kh Kc", "Qs Qh 9d 8c 4s")
MIS_SET_SECRET = hand("M", "5h 5d 3c", "As Ad Ac Kh Kc", "Qs Qh 9d 8c 4s", surrender="secret")


def test_without_a_declaration_the_mis_set_hand_is_a_foul_and_loses_four():
    result = score([MIS_SET, VALID], "classic-2-4")
    assert result.players[0].fouled is True
    assert points(result) == {"M": -4, "V": 4}


def test_secret_surrender_on_a_mis_set_hand_pays_two_instead():
    result = score([MIS_SET_SECRET, VALID, OTHER], "classic-2-4")
    player = result.players[0]
    assert (player.surrendered, player.fouled, player.surrender_void) == (True, False, False)
    assert player.surrender is Surrender.SECRET
    assert result.pair(0, 1).points == -2
    assert result.pair(0, 2).points == -2


def test_secret_surrender_on_a_correctly_set_hand_is_void_and_the_hand_is_played():
    declared = hand("V", "4c 4d Ks", "7h 7s 7d 2c 3h", "9s Th Jd Qc Kd", surrender="secret")
    result = score([declared, OTHER], "classic-2-4")
    player = result.players[0]
    assert (player.surrendered, player.surrender_void) == (False, True)
    assert player.surrender is Surrender.SECRET
    # Exactly what the hand scores without the word.
    assert points(result) == {"V": points(score([VALID, OTHER], "classic-2-4"))["V"], "O": -4}


def test_true_on_a_set_hand_is_declared_at_the_showdown_so_it_is_secret():
    correct = hand("V", "4c 4d Ks", "7h 7s 7d 2c 3h", "9s Th Jd Qc Kd", surrender=True)
    mis_set = hand("M", "5h 5d 3c", "As Ad Ac Kh Kc", "Qs Qh 9d 8c 4s", surrender=True)
    assert correct.surrender_kind is Surrender.SECRET
    result = score([correct, mis_set, OTHER], "classic-2-4")
    assert result.players[0].surrender_void is True
    assert result.players[1].surrendered is True
    assert result.pair(1, 2).points == -2


def test_true_without_cards_is_the_announced_surrender():
    quitter = hand("S", "", "", "", surrender=True)
    assert quitter.surrender_kind is Surrender.ANNOUNCED
    result = score([quitter, VALID], "classic-2-4")
    assert result.players[0].surrendered is True
    assert points(result) == {"S": -2, "V": 2}


def test_announced_surrender_holds_whatever_cards_were_entered():
    correct = hand("V", "4c 4d Ks", "7h 7s 7d 2c 3h", "9s Th Jd Qc Kd", surrender="announced")
    result = score([correct, OTHER], "classic-2-4")
    assert result.players[0].surrendered is True
    assert result.players[0].surrender_void is False
    assert points(result) == {"V": -2, "O": 2}


def test_a_secret_surrender_needs_the_set_hand():
    with pytest.raises(ScoringError, match="secret surrender") as raised:
        score([hand("S", "", "", "", surrender="secret"), VALID], "classic-2-4")
    assert (raised.value.player, raised.value.field) == (0, "surrender")


def test_an_unknown_kind_of_surrender_is_refused():
    with pytest.raises(ScoringError, match="Unknown surrender “maybe”") as raised:
        score([hand("S", "", "", "", surrender="maybe"), VALID], "classic-2-4")
    assert raised.value.field == "surrender"


# The unit count: no surrender unless the league switches it on.
def test_the_unit_count_has_no_surrender_by_default():
    units = get_rule_set("classic-units")
    assert units.allows_surrender is False
    assert units.surrender_optional is True
    with pytest.raises(ScoringError, match="only when the league switches it on") as raised:
        score([hand("S", "", "", "", surrender=True), VALID], units)
    assert (raised.value.player, raised.value.field) == (0, "surrender")


def test_the_unit_count_with_surrender_switched_on_pays_two_units():
    units = get_rule_set("classic-units").with_options(surrender=True)
    assert units.allows_surrender is True
    result = score([MIS_SET_SECRET, VALID, OTHER], units)
    assert points(result)["M"] == -4
    # Switching it on changes nothing else.
    assert points(score([VALID, OTHER], units)) == points(score([VALID, OTHER], "classic-units"))


def test_ofc_has_no_surrender_to_switch_on():
    with pytest.raises(ScoringError, match="no surrender to switch on"):
        get_rule_set("house").with_options(surrender=True)
    assert get_rule_set("house").with_options(surrender=False) is get_rule_set("house")


def test_the_league_may_switch_surrender_off_in_the_two_four_count():
    two_four = get_rule_set("classic-2-4").with_options(surrender=False)
    with pytest.raises(ScoringError, match="only when the league switches it on"):
        score([MIS_SET_SECRET, VALID], two_four)


# Naturals are paid only when announced.
# Six pairs (AA KK QQ 99 99 33) set as a valid hand that scoops a weak one with quads in back.
SIX_PAIRS_STRONG = ("Ah Ad 2c", "Ks Kh Qs Qh 3s", "9s 9h 9d 9c 3h")
WEAK = hand("W", "Kc Jd 4c", "Jh Jc 7d 6s 5h", "Td Tc 8h 8s 2d")


def test_a_natural_is_announced_by_default():
    result = score([hand("N", *SIX_PAIRS_STRONG), WEAK], "classic-2-4")
    assert result.players[0].natural.key == "six-pairs"
    assert points(result) == {"N": 6, "W": -6}


def test_a_natural_kept_quiet_plays_the_rows_which_can_pay_more():
    quiet = hand("N", *SIX_PAIRS_STRONG, announce_natural=False)
    result = score([quiet, WEAK], "classic-2-4")
    player = result.players[0]
    assert player.natural is None
    assert player.unannounced_natural.key == "six-pairs"
    assert tuple(result.pairs[0].rows) == (1, 1, 1)
    # Scoop 4 and quads in the back 3: more than the 6 of the natural.
    assert points(result) == {"N": 7, "W": -7}


def test_an_unannounced_natural_set_out_of_order_is_a_foul():
    # Three straights with the stronger straight in the middle.
    straights = ("2s 3h Ac", "9c Td Js Qh Kc", "3d 4s 5h 6c 7d")
    opponent = hand("P", "Qs Qd 4c", "Jh Jd Jc 8h 7h", "9s 9h 9d Th Tc")
    announced = score([hand("N", *straights), opponent], "classic-2-4")
    assert announced.players[0].natural.key == "three-straights"
    quiet = score([hand("N", *straights, announce_natural=False), opponent], "classic-2-4")
    assert quiet.players[0].fouled is True
    assert points(quiet)["N"] == -4


def test_announcing_a_natural_and_surrendering_at_once_is_refused():
    both = hand("N", *SIX_PAIRS_STRONG, surrender="secret", announce_natural=True)
    with pytest.raises(ScoringError, match="cannot surrender and announce") as raised:
        score([both, WEAK], "classic-2-4")
    assert (raised.value.player, raised.value.field) == (0, "announce_natural")


def test_a_player_who_surrenders_does_not_announce_the_natural_by_default():
    # Declared secret on a valid six-pairs hand: not announced, correctly set, so void.
    declared = hand("N", *SIX_PAIRS_STRONG, surrender="secret")
    result = score([declared, WEAK], "classic-2-4")
    assert result.players[0].natural is None
    assert result.players[0].surrender_void is True
    assert points(result)["N"] == 7


def test_announce_natural_means_nothing_without_naturals():
    result = score([hand("N", *SIX_PAIRS_STRONG, announce_natural=True), WEAK], "house")
    assert result.players[0].natural is None
    assert result.players[0].unannounced_natural is None
