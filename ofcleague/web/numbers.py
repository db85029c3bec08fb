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
    hundred of these, and ``floatformat`` looks the language's formats up for each.

    Half up of the shortest decimal that names the float (its ``repr``). Python's own
    formatting rounds the float's exact binary value, which gives the same digits unless
    that decimal ends in a 5 right after the digits kept (a tie: ``2.675`` is a little less
    in binary); only then, and for exponent forms, the slower exact decimal way.
    """
    text = repr(value)
    _whole, _dot, decimals = text.partition(".")
    if "e" in text or decimals[digits:] == "5" or not _dot:
        rounded = Decimal(text).quantize(QUANTA[digits], ROUND_HALF_UP)
        text = str(rounded if rounded else abs(rounded))
    else:
        text = f"{value:.{digits}f}"
        if text.startswith("-") and not text.strip("-0."):
            text = text[1:]
    # Digits and a sign need no escaping.
    return SafeString(text.replace(".", separator))


def decimal_or_none(value, digits):
    return None if value is None else round(value, digits)
