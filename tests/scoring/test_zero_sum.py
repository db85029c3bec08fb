"""The zero-sum rule, stated once (ofcleague/scoring/zero_sum.py), which the engine's money,
the league's invariants, the grid's and the pad's checks all ask."""

from decimal import Decimal

from ofcleague.scoring.zero_sum import adds_up, off_by, tables_off


def test_amounts_keep_the_rule_when_they_add_up_to_exactly_zero():
    assert adds_up([5, -2, -2, -1]) and adds_up([]) and adds_up([Decimal("1.50"), Decimal("-1.5")])
    assert not adds_up([5, -2, -2]) and not adds_up([Decimal("0.01")])
    assert off_by([5, -2, -2]) == 1 and off_by([-3, 1]) == -2 and off_by([]) == 0


def test_a_round_at_tables_adds_up_at_each_table():
    points = [(1, 4), (1, -4), (2, 3), (2, -2), (2, 0), (3, -5), (3, 4)]
    assert tables_off(points) == {2: 1, 3: -1}


def test_a_player_at_no_table_counts_at_none_in_a_round_at_tables():
    # He sat the round out; the rule that he has no points is another (invariants/evening.py).
    assert tables_off([(1, 2), (1, -2), (None, 7)]) == {}


def test_a_round_without_tables_adds_up_as_a_whole():
    assert tables_off([(None, 4), (None, -1), (None, -1)]) == {None: 2}
    assert tables_off([(None, 4), (None, -4)]) == {}
