"""The history export (CSV and .xlsx) is safe to open: a name that would start a formula is
written as text, numbers stay numbers, and the import reads such a cell back to the same name.

The forms refuse such names; these players reach the database another way (created directly),
as an older site's data or a future field could.
"""

import csv
import io
from datetime import date
from decimal import Decimal

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from ofcleague.imports import cells
from ofcleague.imports.table_file import load_table
from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Player
from ofcleague.web.export import defuse, undefuse
from tests.factories import PlayerFactory, UserFactory
from tests.league.builders import evening_from_points

pytestmark = pytest.mark.django_db

NAMES = ['=HYPERLINK("http://x","y")', "+1", "-Anna", "@SUM(A1)", "\tTab", "\rReturn", "=1+1"]
#: A name the import takes (a quote, then a sign): it must come back whole, not lose its quote.
QUOTED = "'+Anna"
EXPORT = "/ofc-runde/export/"


@pytest.fixture
def owner_client(client, first_league):
    user = UserFactory(username="owner")
    Membership.objects.create(league=first_league, user=user, role=Role.OWNER)
    client.force_login(user)
    return client


@pytest.fixture
def evening():
    """One evening: a plain winner, then every formula-like name at -12 points each."""
    winner = PlayerFactory(name="Winner", slug="winner")
    losers = [PlayerFactory(name=name, slug=f"p{n}") for n, name in enumerate([*NAMES, QUOTED])]
    points = {winner: [12 * len(losers)]} | {player: [-12] for player in losers}
    return evening_from_points(points, prizes={winner: Decimal("60")}, date=date(2021, 5, 7))


def in_xml(text):
    """``text`` as an XML reader gives it back: every carriage return a line feed."""
    return text.replace("\r", "\n")


def csv_rows(content):
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=";"))


def test_the_csv_writes_formula_like_names_as_text(owner_client, evening):
    content = owner_client.get(EXPORT, {"format": "csv"}).content
    rows = csv_rows(content)
    column = rows[0].index("Spieler")
    names = {row[column] for row in rows[1:]}
    assert {"'" + name for name in NAMES} <= names
    assert "'" + QUOTED in names
    # No cell a spreadsheet would run as a formula: every one is text or a plain number.
    for row in rows[1:]:
        for cell in row:
            assert not cell.startswith(("=", "+", "@", "\t", "\r")), cell
            assert not cell.startswith("-") or cell.lstrip("-").isdigit(), cell
    # Negative points stay plain numbers in the raw text, money keeps its decimal comma.
    raw = content.decode("utf-8-sig")
    assert ";-12;" in raw and "'-12" not in raw
    assert "60,00" in raw


def test_the_xlsx_writes_formula_like_names_as_quoted_text(owner_client, evening):
    content = owner_client.get(EXPORT, {"format": "xlsx"}).content
    sheet = openpyxl.load_workbook(io.BytesIO(content)).active
    headers = [cell.value for cell in sheet[1]]
    by_name = {row[headers.index("Spieler")].value: row for row in sheet.iter_rows(min_row=2)}
    for name in map(in_xml, NAMES):
        cell = by_name[name][headers.index("Spieler")]
        assert (cell.value, cell.data_type, cell.quotePrefix) == (name, "s", True)
        points = by_name[name][headers.index("Summe")]
        assert (points.value, points.data_type) == (-12, "n")
    assert by_name["Winner"][headers.index("Preis")].data_type == "n"
    quoted = by_name["'" + QUOTED][headers.index("Spieler")]
    assert (quoted.data_type, quoted.quotePrefix) == ("s", True)
    assert not any(cell.data_type == "f" for row in sheet.iter_rows() for cell in row)


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_the_import_reads_each_exported_name_back(owner_client, evening, kind):
    content = owner_client.get(EXPORT, {"format": kind}).content
    table = load_table(content, f"x.{kind}")
    column = table.headers.index("Spieler")
    names = [cells.parse_text(values[column]) for _line, values in table.rows]
    expected = {"Winner", QUOTED, *NAMES}
    assert set(names) == (expected if kind == "csv" else set(map(in_xml, expected)))


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_export_then_import_gives_back_a_quoted_name(owner_client, first_league, kind):
    """The import refuses names that start a formula; one it takes comes back unchanged."""
    first, second = PlayerFactory(name=QUOTED, slug="q"), PlayerFactory(name="Bert", slug="b")
    evening_from_points({first: [5], second: [-5]}, date=date(2022, 3, 1))
    content = owner_client.get(EXPORT, {"format": kind}).content
    empty = League.objects.create(name="Leer", slug="leer")
    Membership.objects.create(league=empty, user=Membership.objects.get().user, role=Role.OWNER)
    owner_client.post("/leer/import/", {"file": SimpleUploadedFile(f"x.{kind}", content)})
    assert owner_client.get("/leer/import/preview/").context["checked"].preview.problems == ()
    owner_client.post("/leer/import/preview/", {"action": "confirm"})
    with using_league(empty):
        assert set(Player.objects.values_list("name", flat=True)) == {QUOTED, "Bert"}


@pytest.mark.parametrize("text", [*NAMES, QUOTED, "''=x", "'s Eck", "Anna", "", "-"])
def test_undefuse_reads_back_what_defuse_wrote(text):
    assert undefuse(defuse(text)) == text


@pytest.mark.parametrize("value", [-12, Decimal("-5.10"), 0, None, date(2021, 1, 1)])
def test_numbers_are_never_quoted(value):
    assert defuse(value) == value
