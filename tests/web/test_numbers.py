"""The tables' number printing: the fast way gives the exact decimal way's digits."""

from decimal import ROUND_HALF_UP, Decimal

from hypothesis import example, given
from hypothesis import strategies as st

from ofcleague.web.numbers import QUANTA, fixed


def half_up(value, digits):
    """The reference: half up of the float's shortest decimal, no minus before a zero."""
    rounded = Decimal(repr(value)).quantize(QUANTA[digits], ROUND_HALF_UP)
    return str(rounded if rounded else abs(rounded))


@given(
    st.one_of(
        st.floats(min_value=-1e9, max_value=1e9, allow_nan=False),
        # Quotients like the tables' averages, ties among them.
        st.builds(
            lambda a, b: a / b, st.integers(-(10**6), 10**6), st.sampled_from([4, 8, 40, 200])
        ),
    ),
    st.integers(min_value=0, max_value=3),
)
@example(2.675, 2)
@example(-0.004, 2)
@example(1e-05, 1)
@example(12345.675, 2)
def test_fixed_rounds_half_up_like_the_exact_decimal(value, digits):
    assert fixed(value, digits, ".") == half_up(value, digits)


def test_fixed_prints_the_languages_separator_and_no_minus_before_zero():
    assert fixed(3.846, 2, ",") == "3,85"
    assert fixed(-0.04, 1, ",") == "0,0"
    assert fixed(2.5, 0, ",") == "3"
