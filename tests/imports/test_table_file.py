"""CSV and xlsx files: separators, encodings, German and English headers, the mapping."""

from datetime import date, datetime, time
from decimal import Decimal

import pytest
import tablib
from hypothesis import given
from hypothesis import strategies as st

from ofcleague.imports.table_file import guess_columns, guess_field, read_table

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
    data = b"Wann;Leute;Platz;Notiz\n24.07.2020;Micha;1;gut\n"
    guess = guess_columns(data, "x.csv")
    assert guess.fields == {"Wann": None, "Leute": None, "Platz": "place", "Notiz": None}
    assert guess.missing == ("date", "player")
    assert {p.code for p in read_table(data, "x.csv").problems} == {"no_column"}
    result = read_table(data, "x.csv", {"Wann": "date", "Leute": "player", "Notiz": ""})
    assert [p.code for p in result.problems] == ["column_left_out"]
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


@pytest.mark.parametrize(
    "header, field",
    [
        ("Hände je Runde", "hands_per_round"), ("Platzierung", "place"),
        ("Buy-In (€)", "buy_in"), ("Anzahl Runden", "rounds"), ("Spielvariante", "variant"),
        ("Hands per round", "hands_per_round"), ("Placement", "place"),
        ("Buy-in ($)", "buy_in"), ("Number of rounds", "rounds"), ("Game type", "variant"),
        ("Preisgeld in EUR", "prize"), ("Prize money", "prize"), ("Einsatz €", "buy_in"),
        ("Teilnehmer", "player"), ("Player name", "player"), ("Spieldatum", "date"),
        ("Startzeit", "start_time"), ("Gesamtpunkte", "total"), ("Total points", "total"),
        ("Punkte Runde 2", "round2"), ("Runde (3)", "round3"),
    ],
)  # fmt: skip
def test_common_german_and_english_headings_are_recognised(header, field):
    assert guess_field(header) == field


def test_a_spreadsheets_own_headings_keep_its_hands_and_rounds():
    data = (
        "Datum;Spieler;Platzierung;Buy-In (€);Anzahl Runden;Hände je Runde;Spielvariante\n"
        "01.03.2024;Anna;1;10,00;2;30;Pineapple\n01.03.2024;Bert;2;10,00;2;30;Pineapple\n"
        "08.03.2024;Anna;1;5;1;12;OFC\n08.03.2024;Bert;2;5;1;12;OFC\n"
    ).encode()
    parsed = read_table(data, "x.csv")
    assert parsed.problems == ()
    assert {(r.hands_per_round, r.rounds, r.variant, r.buy_in) for r in parsed.rows} == {
        (30, 2, "pineapple", Decimal(10)),
        (12, 1, "ofc", Decimal(5)),
    }


def test_a_column_left_out_is_named_in_a_warning():
    data = b"Datum;Spieler;Platz;Hds/Rd\n01.03.2024;Anna;1;30\n01.03.2024;Bert;2;30\n"
    parsed = read_table(data, "x.csv", {"Hds/Rd": ""})
    assert [(p.code, p.blocking) for p in parsed.problems] == [("column_left_out", False)]
    assert "Hds/Rd" in parsed.problems[0].message


def test_utf16_big_endian_text_is_read_too():
    text = "Datum\tSpieler\tPlatz\n01.03.2024\tÄnne\t1\n01.03.2024\tBo\t2\n"
    parsed = read_table(b"\xfe\xff" + text.encode("utf-16-be"), "x.txt")
    assert parsed.problems == () and [r.player for r in parsed.rows] == ["Änne", "Bo"]
