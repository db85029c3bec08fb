"""Euros the league's way, in one place: on pages ("10 €", "10,50 €"), in messages that
name an exact amount ("10,00 €") and in CSV exports (always two decimals, ``10.00``)."""

from decimal import ROUND_DOWN, Decimal

from django.utils.formats import get_format
from django.utils.translation import gettext

#: The smallest amount of money the league counts.
CENT = Decimal("0.01")


def cents(amount) -> Decimal:
    """Money for export: always two decimals, whichever way it was summed (an ``int`` 0 of
    an empty sum included)."""
    return Decimal(amount).quantize(CENT)


def money_formatter(*, exact: bool = False):
    """A function printing euros in the current language, its formats looked up once (a
    table prints hundreds of amounts): whole euros without decimals and others with two
    ("10 €", "10,50 €"), or with ``exact`` always two ("10,00 €").

    Decimals are cut, not rounded, and a zero has no minus, as Django's ``number_format``
    prints them; the site groups no thousands.
    """
    separator = get_format("DECIMAL_SEPARATOR")
    pattern = gettext("%(amount)s €")

    # ``value``: a table calls its cells' render functions with the value as keyword.
    def money(value) -> str:
        # A float (SQLite sums decimals as floats) as it prints: 0.29, not 0.28999...
        amount = Decimal(str(value) if isinstance(value, float) else value)
        whole = amount.to_integral_value()
        amount = whole if amount == whole and not exact else amount.quantize(CENT, ROUND_DOWN)
        # No minus before a zero (a cut -0.001 included).
        text = f"{amount if amount else abs(amount):f}"
        return pattern % {"amount": text.replace(".", separator)}

    return money


def money(amount, *, exact: bool = False) -> str:
    """One amount as :func:`money_formatter` prints it; nothing for ``None``."""
    if amount is None:
        return ""
    return money_formatter(exact=exact)(amount)
