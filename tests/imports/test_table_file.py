"""CSV and xlsx files: separators, encodings, German and English headers, the mapping."""

from datetime import date, datetime, time
from decimal import Decimal

import tablib
from hypothesis import given
from hypothesis import strategies as st

from ofcleague.imports.table_file import guess_columns, read_table

GERMAN = "Datum;Start;Spieler;Platz;Runde 1;Runde 2;Preis;Einsatz;Variante\n"
GERMAN += "24.07.2020;19:00;Micha;1;12;-3;15,50;10 €;Pineapple\n"
GERMAN += "24.7.20;19:00;Müller;2;-12;3;4,50;10;Pineapple\n"


def test_german_csv_with_semicolons_and_decimal_commas():
    result = read_table(GERMAN.encode("utf-8"), "history.csv")
    assert result.problems == ()
    first, second = result.rows
    assert (first.date, first.start_time, first.player, first.place) == (
        date(2020, 7, 24), time(19), "Micha", 1,
    )  # fmt: skip
    assert (first.points, first.prize, first.buy_in, first.variant) == (
        (12, -3), Decimal("15.50"), Decimal("10"), "pineapple",
    )  # fmt: skip
    assert (second.date, second.player, second.line) == (date(2020, 7, 24), "Müller", 3)


def test_bom_cp1252_tabs_and_commas():
    for encoded in (
        GERMAN.encode("utf-8-sig"),
        GERMAN.encode("cp1252"),
        GERMAN.replace(";", "\t").encode("utf-8"),
    ):
        assert [row.player for row in read_table(encoded, "x.csv").rows] == ["Micha", "Müller"]
    english = b"date,player,rank,R1,prize\n2020-07-24,Micha,1,5,20\n"
    (row,) = read_table(english, "x.csv").rows
    assert (row.date, row.place, row.points, row.prize) == (date(2020, 7, 24), 1, (5,), 20)


def test_xlsx_with_date_cells():
    data = tablib.Dataset(headers=["Datum", "Name", "Platz"])
    data.append([datetime(2020, 7, 24), "Micha", 1])
    data.append([date(2020, 7, 24), "Max", 2])
    result = read_table(data.export("xlsx"), "x.xlsx")
    assert result.problems == ()
    assert [(r.date, r.player, r.place) for r in result.rows] == [
        (date(2020, 7, 24), "Micha", 1), (date(2020, 7, 24), "Max", 2),
    ]  # fmt: skip


def test_guess_and_explicit_mapping():
    data = b"Wann;Wer;Platz;Notiz\n24.07.2020;Micha;1;gut\n"
    guess = guess_columns(data, "x.csv")
    assert guess.fields == {"Wann": None, "Wer": None, "Platz": "place", "Notiz": None}
    assert guess.missing == ("date", "player")
    assert {p.code for p in read_table(data, "x.csv").problems} == {"no_column"}
    result = read_table(data, "x.csv", {"Wann": "date", "Wer": "player", "Notiz": ""})
    assert result.problems == ()
    assert (result.rows[0].date, result.rows[0].player) == (date(2020, 7, 24), "Micha")


def test_bad_cells_and_files_are_problems():
    data = b"Datum;Spieler;Platz\n31.02.2020;Micha;eins\n01.02.2020;;1\n"
    result = read_table(data, "x.csv")
    assert {(p.line, p.field, p.code) for p in result.problems} == {
        (2, "date", "bad_value"), (2, "place", "bad_value"), (3, "player", "no_player"),
    }  # fmt: skip
    assert [p.code for p in read_table(b"PK\x03\x04garbage", "x.xlsx").problems] == ["bad_file"]


@given(st.binary(max_size=300))
def test_arbitrary_bytes_never_raise(data):
    result = read_table(data, "x.csv")
    assert isinstance(result.rows, tuple) and isinstance(result.problems, tuple)
