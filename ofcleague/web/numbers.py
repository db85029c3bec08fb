"""Numbers with a fixed count of decimals, as Django's ``floatformat`` prints them, for the
views that make a table's text in one pass (``floatformat`` costs tens of microseconds a
number: it sets up a precision and formats through ``number_format``).

A formatter equals ``floatformat(value, digits)`` for a finite number and a positive
``digits`` (tests/test_numbers.py): the number's shortest decimal form rounded half up, no
minus before a zero, the current language's decimal separator, no grouping (the site groups
no thousands).
"""

from decimal import ROUND_HALF_UP, Context, Decimal, InvalidOperation

from django.utils.formats import get_format

# floatformat prints a number with more digits and exponent than this as it comes.
LONGEST = 200
# Enough digits for any rating or share; a larger number gets the precision it needs.
_CONTEXT = Context(prec=60)


def fixed_formatter(digits: int = 1):
    """A function printing numbers with ``digits`` decimals in the current language ("1,5" in
    German, "1.5" in English), the language's separator looked up once."""
    separator = get_format("DECIMAL_SEPARATOR")
    step = Decimal(1).scaleb(-digits)

    def fixed(value) -> str:
        text = str(value)
        number = Decimal(text)
        _sign, figures, exponent = number.as_tuple()
        if len(figures) + abs(exponent) > LONGEST:
            return text  # as floatformat does
        try:
            rounded = number.quantize(step, ROUND_HALF_UP, _CONTEXT)
        except InvalidOperation:
            wide = Context(prec=digits + len(number.as_tuple().digits) + number.adjusted() + 2)
            rounded = number.quantize(step, ROUND_HALF_UP, wide)
        if not rounded:
            rounded = abs(rounded)
        return f"{rounded:f}".replace(".", separator)

    return fixed


def signed_formatter(digits: int = 1):
    """A function printing a change with its sign and ``digits`` decimals: "+1,2", "−0,4",
    "±0,0" (the templates' ``signed`` filter)."""
    fixed = fixed_formatter(digits)

    def signed(value) -> str:
        text = fixed(abs(value))
        if text.strip("0,.") == "":
            return f"±{text}"
        return f"+{text}" if value > 0 else f"−{text}"

    return signed
