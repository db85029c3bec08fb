"""Every table's CSV download opens in a spreadsheet of the league's language: German Excel
(``;``, UTF-8 with BOM, decimal comma, dd.mm.yyyy) reads its numbers as numbers, never as
dates; an English league's download uses ``,`` and decimal points."""

import io
import re

import pandas as pd
import pytest
from django.test import Client

from tests.security.test_safe_table_csv import KNOWN, csv_downloads
from tests.security.test_safe_table_csv import league_data as league_data  # noqa: PLC0414

pytestmark = pytest.mark.django_db

#: Words of the headers of points, places and money columns (German, as the league speaks).
NUMERIC = re.compile(r"Platz|Punkte|Summe|Gewinn|Saldo|Buy|^R\d+$|Abende|Siege|Wertung|Ø")
#: What German Excel turns into a date: "1.5", "12.10".
LOOKS_LIKE_A_DATE = re.compile(r"^-?\d{1,2}\.\d{1,2}$")


def german_excel(body):
    return pd.read_csv(io.BytesIO(body), sep=";", decimal=",", encoding="utf-8-sig")


def test_every_table_download_opens_in_german_excel_with_numbers_as_numbers(league_data):
    found, numeric_columns = set(), 0
    for name, url in csv_downloads(league_data):
        body = Client().get(url).content
        assert body.startswith("\ufeff".encode()), url
        found.add(name)
        frame = german_excel(body)
        assert len(frame.columns) > 1, (url, list(frame.columns))
        text = body.decode("utf-8-sig")
        cells = [cell for line in text.splitlines() for cell in line.split(";")]
        assert not [cell for cell in cells if LOOKS_LIKE_A_DATE.match(cell)], url
        for column in frame.columns:
            values = frame[column].dropna()
            if NUMERIC.search(str(column)) and len(values):
                assert pd.api.types.is_numeric_dtype(values), (url, column, list(values))
                numeric_columns += 1
    assert found >= KNOWN
    assert numeric_columns > 10


def test_decimals_come_with_a_comma_and_dates_the_german_way(league_data):
    frame = german_excel(Client().get("/ofc-runde/alltime/?_export=csv").content)
    assert frame["Punkte/Abend"].dtype.kind == "f" or frame["Punkte/Abend"].dtype.kind == "i"
    evenings = Client().get(f"/ofc-runde/players/{league_data['slug']}/?_export=csv").content
    assert re.search(r"^07\.05\.2021;", evenings.decode("utf-8-sig"), re.MULTILINE)


def test_an_english_leagues_download_uses_commas_and_decimal_points(league_data, first_league):
    first_league.language = "en"
    first_league.save(update_fields=["language"])
    body = Client().get("/ofc-runde/alltime/?_export=csv").content
    assert body.startswith("\ufeff".encode())
    frame = pd.read_csv(io.BytesIO(body), sep=",", decimal=".", encoding="utf-8-sig")
    assert len(frame.columns) > 3
    assert ";" not in body.decode("utf-8-sig").splitlines()[0]
