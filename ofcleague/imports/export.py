"""Evenings as a table (CSV text or .xlsx bytes) that ``table_file.read_table`` reads back.

Text cells (names, the variant) that a spreadsheet would run as a formula are written as text
(``ofcleague.web.export``); numbers stay numbers, money in the CSV keeps its decimal comma.
"""

from __future__ import annotations

from collections.abc import Iterable

import tablib

from ofcleague.imports.rows import ImportedEvening
from ofcleague.web.export import defuse, xlsx_bytes

VARIANT_LABELS = {"ofc": "OFC", "pineapple": "Pineapple", "classic": "Chinese Poker"}


def _money(value, text):
    if value is None:
        return ""
    return f"{value:.2f}".replace(".", ",") if text else value


def dataset(evenings: Iterable[ImportedEvening], text: bool = True) -> tablib.Dataset:
    """One row per player and evening, German headers; ``text``: dates and money as text, and
    text that would start a formula with its leading ``'`` (for CSV)."""
    as_text = defuse if text else (lambda value: value)
    evenings = list(evenings)
    most = max((len(p.points or ()) for e in evenings for p in e.places), default=0)
    headers = ["Datum", "Start", "Spieler", "Platz"]
    headers += [f"Runde {n}" for n in range(1, most + 1)]
    headers += ["Summe", "Preis", "Buy-in", "Variante", "Runden", "Hände pro Runde"]
    table = tablib.Dataset(headers=headers)
    for evening in evenings:
        for place in evening.places:
            points = list(place.points or ())
            table.append(
                [
                    evening.date.strftime("%d.%m.%Y") if text else evening.date,
                    evening.start_time.strftime("%H:%M") if evening.start_time else "",
                    as_text(place.player), "" if place.place is None else place.place,
                    *points, *[""] * (most - len(points)),
                    "" if place.total is None else place.total,
                    _money(place.prize, text), _money(evening.buy_in, text),
                    as_text(VARIANT_LABELS.get(evening.variant, evening.variant)),
                    evening.rounds or "", evening.hands_per_round or "",
                ]
            )  # fmt: skip
    return table


def export_csv(evenings: Iterable[ImportedEvening]) -> str:
    """CSV with ``;`` and decimal commas, as German spreadsheets open it."""
    return dataset(evenings).export("csv", delimiter=";")


def export_xlsx(evenings: Iterable[ImportedEvening]) -> bytes:
    """The .xlsx workbook: dates, points and money as numbers, formula-like text quoted."""
    table = dataset(evenings, text=False)
    return xlsx_bytes(table.headers, (table[row] for row in range(table.height)))
