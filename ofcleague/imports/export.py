"""Evenings as a table (CSV text or .xlsx bytes) that ``table_file.read_table`` reads back."""

from __future__ import annotations

from collections.abc import Iterable

import tablib

from ofcleague.imports.rows import ImportedEvening

VARIANT_LABELS = {"ofc": "OFC", "pineapple": "Pineapple", "classic": "Chinese Poker"}


def _money(value, text):
    if value is None:
        return ""
    return f"{value:.2f}".replace(".", ",") if text else value


def dataset(evenings: Iterable[ImportedEvening], text: bool = True) -> tablib.Dataset:
    """One row per player and evening, German headers; ``text``: dates and money as text."""
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
                    place.player, "" if place.place is None else place.place,
                    *points, *[""] * (most - len(points)),
                    "" if place.total is None else place.total,
                    _money(place.prize, text), _money(evening.buy_in, text),
                    VARIANT_LABELS.get(evening.variant, evening.variant),
                    evening.rounds or "", evening.hands_per_round or "",
                ]
            )  # fmt: skip
    return table


def export_csv(evenings: Iterable[ImportedEvening]) -> str:
    """CSV with ``;`` and decimal commas, as German spreadsheets open it."""
    return dataset(evenings).export("csv", delimiter=";")


def export_xlsx(evenings: Iterable[ImportedEvening]) -> bytes:
    return dataset(evenings, text=False).export("xlsx")
