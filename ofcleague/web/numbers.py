"""How the tables and charts print numbers and dates: once per table, not per cell."""

from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

from django.utils.formats import date_format
from django.utils.safestring import SafeString
from django.utils.translation import get_language

#: The steps ``fixed`` rounds to, by number of decimals.
QUANTA = {digits: Decimal(1).scaleb(-digits) for digits in range(4)}


def date_formatter():
    """A function printing dates in the current language's short format; the language is
    looked up once, each date formatted once per language (a player's page prints each
    evening's date several times)."""
    language = get_language()
    return lambda value: _short_date(value, language)


@lru_cache(maxsize=16384)
def _short_date(value, _language):
    return date_format(value, "SHORT_DATE_FORMAT")


def fixed(value, digits, separator):
    """``value`` rounded half up to ``digits`` decimals, as Django's ``floatformat`` prints it
    (no minus before a rounded zero), with the given decimal separator: a table prints a few
    hundred of these, and ``floatformat`` looks the language's formats up for each."""
    rounded = Decimal(repr(value)).quantize(QUANTA[digits], ROUND_HALF_UP)
    if not rounded:
        rounded = abs(rounded)
    # A quantized value never prints in exponent form; digits and a sign need no escaping.
    return SafeString(str(rounded).replace(".", separator))


def decimal_or_none(value, digits):
    return None if value is None else round(value, digits)
