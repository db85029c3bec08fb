"""Properties of the settlement on random deals from one deck, for every rule set."""

from hypothesis import event, given, settings
from hypothesis import strategies as st

from ofcleague.scoring import RULE_SETS, Hand, score


@st.composite
def deals(draw):
    """A rule set and 2 to 4 hands dealt from one shuffled deck.

    Hands set in dealing order are mostly fouled, so half the hands are set by rank
    (lowest cards in front), which is mostly valid. Where surrender exists (switched on
    for the unit count), some players surrender, announced or secret, and some keep a
    natural quiet.
    """
    rules = RULE_SETS[draw(st.sampled_from(sorted(RULE_SETS)))]
    if rules.surrender_optional and draw(st.booleans()):
        rules = rules.with_options(surrender=True)
    count = draw(st.integers(min_value=2, max_value=4))
    deck = draw(st.permutations(range(52)))
    hands = []
    for index in range(count):
        cards = tuple(deck[index * 13 : index * 13 + 13])
        if draw(st.booleans()):
            cards = tuple(sorted(cards))
        surrender = False
        if rules.allows_surrender and draw(st.integers(0, 3)) == 0:
            surrender = draw(st.sampled_from([True, "announced", "secret"]))
        announce = None if surrender else draw(st.sampled_from([None, None, False, True]))
        hands.append(Hand(f"P{index}", cards[:3], cards[3:8], cards[8:], surrender, announce))
    return rules, hands


@settings(max_examples=300, deadline=None)
@given(deals())
def test_settlement_is_zero_sum_and_totals_are_sums_of_pairs(deal):
    rules, hands = deal
    result = score(hands, rules)
    assert sum(player.points for player in result.players) == 0
    for index, player in enumerate(result.players):
        from_pairs = sum(
            pair.points if pair.a == index else -pair.points
            for pair in result.pairs
            if index in (pair.a, pair.b)
        )
        assert player.points == from_pairs


@settings(max_examples=200, deadline=None)
@given(deals())
def test_swapping_a_pair_negates_its_points(deal):
    rules, hands = deal
    forward = score(hands[:2], rules).pairs[0]
    backward = score(hands[1::-1], rules).pairs[0]
    assert backward.points == -forward.points
    assert backward.royalties == -forward.royalties
    assert tuple(backward.rows) == tuple(-outcome for outcome in forward.rows)


@settings(max_examples=200, deadline=None)
@given(deals(), st.randoms(use_true_random=False))
def test_permuting_the_players_changes_no_total(deal, rng):
    rules, hands = deal
    shuffled = hands[:]
    rng.shuffle(shuffled)
    before = {player.name: player.points for player in score(hands, rules).players}
    after = {player.name: player.points for player in score(shuffled, rules).players}
    assert before == after


@settings(max_examples=300, deadline=None)
@given(deals())
def test_fouled_hand_never_earns_royalties(deal):
    rules, hands = deal
    result = score(hands, rules)
    event("fouled" if any(player.fouled for player in result.players) else "no foul")
    for index, player in enumerate(result.players):
        if player.fouled:
            assert player.royalties.total == 0
            assert player.fantasyland is None
            for pair in result.pairs:
                if index in (pair.a, pair.b):
                    # What the fouled player receives on royalties is never positive.
                    received = pair.royalties if pair.a == index else -pair.royalties
                    assert received <= 0
