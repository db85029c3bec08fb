"""Evenings as a table (CSV text or .xlsx bytes) that ``table_file.read_table`` reads back.

Text cells (names, the variant) that a spreadsheet would run as a formula are written as text
(``ofcleague.web.export``); numbers stay numbers. Headings, dates and money in the CSV follow
the league's language; the import reads either language back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import tablib

from ofcleague.imports.rows import ImportedEvening
from ofcleague.web.export import csv_dialect, defuse, xlsx_bytes

VARIANT_LABELS = {"ofc": "OFC", "pineapple": "Pineapple", "classic": "Chinese Poker"}

#: The headings of each language, as the import reads them back (``table_file._HEADERS``):
#: the columns before the rounds, a round's ("Runde 1"), and the columns after them. Written
#: out here, not translated: a changed translation must never make an export unreadable.
HEADINGS = {
    "de": (
        ("Datum", "Start", "Spieler", "Platz"),
        "Runde {}",
        ("Summe", "Preis", "Buy-in", "Variante", "Runden", "Hände pro Runde"),
    ),
    "en": (
        ("Date", "Start", "Player", "Place"),
        "Round {}",
        ("Total", "Prize", "Buy-in", "Variant", "Rounds", "Hands per round"),
    ),
}
#: What a sheet's name may not hold (Excel's rule), and its longest length.
_NOT_IN_SHEET_NAMES = re.compile(r"[\\/*?:\[\]]")
SHEET_NAME_LENGTH = 31


def _language(language: str | None) -> str:
    """The export's language: the league's where the site speaks it, else German."""
    return (language or "de")[:2] if (language or "de")[:2] in HEADINGS else "de"


def headings(most_rounds: int, language: str | None = "de") -> list[str]:
    """The header row of an export with ``most_rounds`` round columns, in ``language``."""
    before, round_heading, after = HEADINGS[_language(language)]
    return [*before, *(round_heading.format(n) for n in range(1, most_rounds + 1)), *after]


def sheet_name(name: str) -> str:
    """A name Excel takes for a sheet: without ``\\ / * ? : [ ]``, at most 31 characters."""
    cleaned = _NOT_IN_SHEET_NAMES.sub(" ", name).strip(" '")[:SHEET_NAME_LENGTH].strip()
    return cleaned or "OFC League"


def _money(value, text, decimal=","):
    if value is None:
        return ""
    return f"{value:.2f}".replace(".", decimal) if text else value


def dataset(
    evenings: Iterable[ImportedEvening], text: bool = True, language: str | None = "de"
) -> tablib.Dataset:
    """One row per player and evening, with the headings of ``language`` (German where the
    site does not speak it); ``text``: dates and money as text in that language's way (see
    ``web.export.CSV_DIALECTS``), and text that would start a formula with its leading ``'``
    (for CSV)."""
    as_text = defuse if text else (lambda value: value)
    _separator, decimal, date_pattern = csv_dialect(_language(language))
    evenings = list(evenings)
    most = max((len(p.points or ()) for e in evenings for p in e.places), default=0)
    table = tablib.Dataset(headers=headings(most, language))
    for evening in evenings:
        for place in evening.places:
            points = list(place.points or ())
            table.append(
                [
                    evening.date.strftime(date_pattern) if text else evening.date,
                    evening.start_time.strftime("%H:%M") if evening.start_time else "",
                    as_text(place.player), "" if place.place is None else place.place,
                    *points, *[""] * (most - len(points)),
                    "" if place.total is None else place.total,
                    _money(place.prize, text, decimal), _money(evening.buy_in, text, decimal),
                    as_text(VARIANT_LABELS.get(evening.variant, evening.variant)),
                    evening.rounds or "", evening.hands_per_round or "",
                ]
            )  # fmt: skip
    return table


def export_csv(evenings: Iterable[ImportedEvening], language: str | None = "de") -> str:
    """CSV as the language's spreadsheets open it: German with ``;``, decimal commas and
    dd.mm.yyyy; English with ``,``, decimal points and yyyy-mm-dd."""
    separator, _decimal, _dates = csv_dialect(_language(language))
    return dataset(evenings, language=language).export("csv", delimiter=separator)


def export_xlsx(
    evenings: Iterable[ImportedEvening], language: str | None = "de", title: str = ""
) -> bytes:
    """The .xlsx workbook: dates, points and money as numbers, formula-like text quoted;
    its sheet named ``title`` (the league's name)."""
    table = dataset(evenings, text=False, language=language)
    return xlsx_bytes(table.headers, (table[row] for row in range(table.height)), sheet_name(title))
