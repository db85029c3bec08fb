"""The number formatters of the one-pass tables print what the templates' filters print."""

import pytest
from django.template.defaultfilters import floatformat
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from ofcleague.web.numbers import fixed_formatter, signed_formatter
from ofcleague.web.templatetags.web import signed

NUMBERS = st.floats(allow_nan=False, allow_infinity=False) | st.integers(-(10**6), 10**6).map(
    lambda tenths: tenths / 20
)


@pytest.mark.parametrize("language", ["de", "en"])
@given(value=NUMBERS, digits=st.integers(1, 3))
def test_fixed_prints_what_floatformat_prints(language, value, digits):
    with translation.override(language):
        assert fixed_formatter(digits)(value) == floatformat(value, digits)


@pytest.mark.parametrize("language", ["de", "en"])
@given(value=NUMBERS)
def test_signed_prints_what_the_signed_filter_prints(language, value):
    with translation.override(language):
        assert signed_formatter(1)(value) == signed(value)


def test_halves_round_up_and_a_zero_has_no_minus():
    with translation.override("de"):
        fixed = fixed_formatter(1)
        assert [fixed(2.25), fixed(-2.25), fixed(-0.04), fixed(3)] == ["2,3", "-2,3", "0,0", "3,0"]
        assert signed_formatter(1)(-0.04) == "±0,0"
