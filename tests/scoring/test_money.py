"""Who pays whom: the balances of an evening and the fewest transfers, against a brute force."""

from decimal import Decimal
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ofcleague.scoring.money import EXACT_LIMIT, balances, fewest_transfers, pair

NAMES = ["Andreas", "Melanie", "Micha", "Michael", "Michi", "Max", "Swantje", "Sven", "Tommy"]


def _as_cents(values):
    return {name: Decimal(value) / 100 for name, value in values.items()}


@st.composite
def zero_sum_cents(draw, low=1, high=8):
    """Up to ``high`` players' balances in cents adding up to zero (zeros and equal amounts
    drawn often, so zero-sum groups turn up)."""
    size = draw(st.integers(low, high))
    names = NAMES[:size]
    amount = st.one_of(st.sampled_from([0, 500, -500, 1250, -1250]), st.integers(-5000, 5000))
    values = [draw(amount) for _ in names[1:]]
    return dict(zip(names, [-sum(values), *values], strict=True))


def brute_force_minimum(cents):
    """The fewest transfers by trying every order of the players: settling along an order
    (each pays the running sum on to the next) takes one transfer per step whose running sum
    is not zero; the best order finds the most zero-sum groups."""
    values = [value for value in cents.values() if value]
    if not values:
        return 0
    best = len(values) - 1
    for order in permutations(values):
        running, zeros = 0, 0
        for value in order[:-1]:
            running += value
            zeros += running == 0
        best = min(best, len(values) - 1 - zeros)
    return best


def _settled(cents, transfers):
    left = dict(cents)
    for payer, payee, amount in transfers:
        left[payer] += int(amount * 100)
        left[payee] -= int(amount * 100)
    return left


@settings(max_examples=150, deadline=None)
@given(zero_sum_cents())
def test_fewest_transfers_match_the_brute_force_minimum(cents):
    transfers = fewest_transfers(_as_cents(cents))
    assert len(transfers) == brute_force_minimum(cents)
    nonzero = sum(1 for value in cents.values() if value)
    assert len(transfers) <= max(nonzero - 1, 0)
    assert all(amount > 0 and payer != payee for payer, payee, amount in transfers)
    assert set(_settled(cents, transfers).values()) <= {0}
    assert transfers == sorted(transfers, key=lambda transfer: transfer[:2])


@st.composite
def zero_sum_cents_many(draw):
    size = draw(st.integers(EXACT_LIMIT + 1, EXACT_LIMIT + 6))
    values = [draw(st.integers(-5000, 5000)) for _ in range(size - 1)]
    return {f"P{index:02d}": value for index, value in enumerate([-sum(values), *values])}


@settings(max_examples=20, deadline=None)
@given(zero_sum_cents_many())
def test_greedy_above_the_exact_limit_settles_everything(cents):
    transfers = fewest_transfers(_as_cents(cents))
    assert len(transfers) <= max(sum(1 for value in cents.values() if value) - 1, 0)
    assert set(_settled(cents, transfers).values()) <= {0}


def test_the_same_balances_give_the_same_transfers_in_any_order():
    cents = {"Micha": -1250, "Andreas": 1250, "Melanie": -300, "Swantje": 300}
    reordered = dict(reversed(list(cents.items())))
    assert fewest_transfers(_as_cents(cents)) == fewest_transfers(_as_cents(reordered))
    assert fewest_transfers(_as_cents(cents)) == [
        ("Melanie", "Swantje", Decimal("3.00")),
        ("Micha", "Andreas", Decimal("12.50")),
    ]


def test_balances_that_do_not_add_up_are_refused():
    with pytest.raises(ValueError):
        fewest_transfers({"Micha": Decimal("-1"), "Andreas": Decimal("2")})
    with pytest.raises(ValueError):
        fewest_transfers({"Micha": Decimal("-0.005"), "Andreas": Decimal("0.005")})


def test_one_stake_is_points_times_stake_plus_prize_money():
    base = {"A": Decimal("20"), "B": Decimal("0"), "C": Decimal("-10"), "D": Decimal("-10")}
    tables = [{"A": 12, "B": -2, "C": -4, "D": -6}, {"A": -3, "B": 5, "C": 1, "D": -3}]
    result = balances(base, tables, Decimal("0.10"))
    assert result == {
        "A": Decimal("20.90"),
        "B": Decimal("0.30"),
        "C": Decimal("-10.30"),
        "D": Decimal("-10.90"),
    }


def test_a_pair_stake_counts_for_that_pair_only():
    tables = [{"A": 6, "B": 0, "C": -6}]
    base = dict.fromkeys("ABC", Decimal(0))
    # Pairs: A-B (6-0)/3 = 2, A-C 4, B-C 2; A-C plays for 1 € a point, the rest for none.
    result = balances(base, tables, None, {pair("A", "C"): Decimal("1")})
    assert result == {"A": Decimal("4.00"), "B": Decimal("0.00"), "C": Decimal("-4.00")}


def test_cents_left_over_go_by_the_largest_remainder_and_add_up_to_zero():
    base = dict.fromkeys("ABC", Decimal(0))
    # Pair A-B: (1 - 0)/3 points at 0.10 €: 0.0333... for A.
    result = balances(base, [{"A": 1, "B": 0, "C": -1}], None, {pair("A", "B"): Decimal("0.10")})
    assert sum(result.values()) == 0
    assert result == {"A": Decimal("0.03"), "B": Decimal("-0.03"), "C": Decimal("0.00")}


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(-40, 40), min_size=2, max_size=4),
    st.decimals(min_value=Decimal("0.01"), max_value=Decimal("5"), places=2),
    st.decimals(min_value=Decimal("0.01"), max_value=Decimal("5"), places=2),
)
def test_balances_always_add_up_to_zero_in_whole_cents(points, stake, other):
    names = NAMES[: len(points) + 1]
    table = dict(zip(names, [*points, -sum(points)], strict=True))
    base = dict.fromkeys(names, Decimal(0))
    result = balances(base, [table], stake, {pair(names[0], names[1]): other})
    assert sum(result.values()) == 0
    assert all(value == value.quantize(Decimal("0.01")) for value in result.values())
    # Far from the exact amounts by less than a cent each.
    plain = balances(base, [table], stake)
    assert plain == {name: stake * table[name] for name in names}


def test_points_that_do_not_add_up_are_refused():
    with pytest.raises(ValueError):
        balances({"A": Decimal(0), "B": Decimal(0)}, [{"A": 1, "B": 0}], Decimal(1))


def test_points_known_per_pair_are_used_as_they_are():
    base = dict.fromkeys("ABC", Decimal(0))
    # A won 6 from B and lost 1 to C; C beat B by 2. A-B play for 1 €, the rest for 0,10 €.
    known = [{("A", "B"): 6, ("A", "C"): -1, ("B", "C"): -2}]
    result = balances(base, [], Decimal("0.10"), {pair("A", "B"): Decimal("1")}, pairs=known)
    assert result == {"A": Decimal("5.90"), "B": Decimal("-6.20"), "C": Decimal("0.30")}
