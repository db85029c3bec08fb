"""Reading one value (a date, a time, a number, a variant) from text or a spreadsheet cell."""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from decimal import Decimal, InvalidOperation

from ofcleague.web.export import undefuse

_DMY = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$")
_ISO = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_TIME = re.compile(r"^(\d{1,2})[.:](\d{2})(?::\d{2})?\s*(?:uhr|h)?$", re.IGNORECASE)
_EXCEL_EPOCH = date(1899, 12, 30)


def parse_text(value) -> str:
    """A text cell (a name) as written: the ``'`` an export puts before text that would start a
    formula (``'=1+1``) is taken off again, so an exported name comes back the same."""
    return undefuse(str(value))


def parse_date(value) -> date | None:
    """24.07.2020, 24.7.20, 2020-07-24, a date cell or an Excel serial number; else None."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return _EXCEL_EPOCH + timedelta(days=int(value)) if 1 <= value < 2958466 else None
    text = str(value or "").strip().rstrip(",")
    if text.endswith(" 00:00:00"):
        text = text[:-9]
    if match := _DMY.match(text):
        day, month, year = (int(part) for part in match.groups())
        if len(match.group(3)) == 2:
            year += 2000 if year < 70 else 1900
    elif match := _ISO.match(text):
        year, month, day = (int(part) for part in match.groups())
    else:
        return None
    try:
        return date(year, month, day)
    except ValueError:
        return None


def parse_time(value) -> time | None:
    if isinstance(value, datetime):
        return value.time().replace(second=0, microsecond=0)
    if isinstance(value, time):
        return value.replace(second=0, microsecond=0)
    match = _TIME.match(str(value or "").strip())
    if not match:
        return None
    hour, minute = int(match.group(1)), int(match.group(2))
    return time(hour, minute) if hour < 24 and minute < 60 else None


def parse_decimal(value) -> Decimal | None:
    """10, 10,50, 1.234,50, 10 €, 10.5; else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | Decimal):
        return Decimal(value)
    if isinstance(value, float):
        return Decimal(str(value))
    text = str(value or "").replace("€", "").replace("EUR", "").replace("\u2212", "-").strip()
    text = text.replace(" ", "").replace("\u00a0", "")
    if "," in text:
        text = text.replace(".", "").replace(",", ".")
    try:
        number = Decimal(text)
    except InvalidOperation:
        return None
    return number if number.is_finite() else None


def parse_int(value) -> int | None:
    number = parse_decimal(value)
    if number is None or number != number.to_integral_value():
        return None
    return int(number)


_VARIANT_WORDS = {
    "pineapple": "pineapple",
    "ofc": "ofc",
    "openface": "ofc",
    "openfacechinesepoker": "ofc",
    "classic": "classic",
    "chinesepoker": "classic",
    "klassisch": "classic",
}


def parse_variant(value) -> str | None:
    key = re.sub(r"[\s._-]", "", str(value or "")).casefold()
    return _VARIANT_WORDS.get(key)
