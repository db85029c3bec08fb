"""Issue 36, point 5: an English league's exports speak English (headings, dates, decimals),
the workbook's sheet has the league's name, and both languages' exports import again."""

import csv
import io
from datetime import date, time
from decimal import Decimal

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from ofcleague.imports.check import preview
from ofcleague.imports.export import export_csv, export_xlsx, sheet_name
from ofcleague.imports.rows import ImportedEvening, ImportedPlace
from ofcleague.imports.table_file import read_table
from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.standings import kept
from tests.factories import UserFactory
from tests.imports.test_round_trip import played_with_ties, stored, without_lines

ENGLISH_HEADINGS = [
    "Date", "Start", "Player", "Place", "Round 1", "Round 2", "Round 3", "Total", "Prize",
    "Buy-in", "Variant", "Rounds", "Hands per round",
]  # fmt: skip
GERMAN_WORDS = ("Datum", "Spieler", "Platz", "Runde", "Summe", "Preis", "Variante", "Hände")

EVENING = ImportedEvening(
    date(2026, 12, 11), time(19), Decimal("2.50"), 3, 15, "classic",
    (
        ImportedPlace(2, "Hal", 1, (1, 2, 3), 6, Decimal("5")),
        ImportedPlace(3, "Eli", 2, (-1, -2, -3), -6, Decimal("0")),
    ),
)  # fmt: skip


def test_the_english_csv_has_english_headings_dates_and_decimals():
    lines = export_csv([EVENING], "en").splitlines()
    assert lines[0] == ",".join(ENGLISH_HEADINGS)
    assert lines[1] == "2026-12-11,19:00,Hal,1,1,2,3,6,5.00,2.50,Chinese Poker,3,15"


def test_the_english_workbook_has_english_headings_and_a_named_sheet():
    book = openpyxl.load_workbook(io.BytesIO(export_xlsx([EVENING], "en", title="Tuesday Club")))
    sheet = book.active
    assert sheet.title == "Tuesday Club"
    assert [cell.value for cell in sheet[1]] == ENGLISH_HEADINGS


def test_a_sheet_name_is_one_excel_takes():
    assert sheet_name("Poker: Mo/Di [alt]?") == "Poker  Mo Di  alt"
    assert len(sheet_name("x" * 80)) == 31
    assert sheet_name("///") == "OFC League"


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_each_languages_export_reads_back_the_same(language, kind):
    if kind == "csv":
        data = export_csv([EVENING], language).encode("utf-8")
    else:
        data = export_xlsx([EVENING], language, title="Club")
    parsed = read_table(data, f"x.{kind}")
    assert parsed.problems == ()
    result = preview(parsed.rows, problems=parsed.problems, today=date(2027, 1, 1))
    assert result.problems == ()
    assert without_lines(result.evenings) == without_lines([EVENING])


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_a_leagues_export_moves_into_an_empty_league_in_its_language(client, language, kind):
    owner = UserFactory(username="owner")
    league = League.objects.create(name="Tuesday Club", slug="tuesday-club", language=language)
    empty = League.objects.create(name="Empty", slug="empty", language=language)
    for each in (league, empty):
        Membership.objects.create(league=each, user=owner, role=Role.OWNER)
    with using_league(league):
        played_with_ties()
    client.force_login(owner)
    client.cookies["django_language"] = "de" if language == "en" else "en"  # the visitor's own
    exported = client.get(f"/{league.slug}/export/?format={kind}").content
    if kind == "csv":
        header = next(csv.reader(io.StringIO(exported.decode("utf-8-sig")), delimiter=","))
    else:
        header = [c.value for c in openpyxl.load_workbook(io.BytesIO(exported)).active[1]]
    german = [word for word in GERMAN_WORDS if word in " ".join(header)]
    assert (german == []) == (language == "en"), header
    client.post(f"/{empty.slug}/import/", {"file": SimpleUploadedFile(f"x.{kind}", exported)})
    checked = client.get(f"/{empty.slug}/import/preview/").context["checked"]
    assert checked.preview.problems == ()
    client.post(f"/{empty.slug}/import/preview/", {"action": "confirm"})
    assert stored(empty) == stored(league)
    with using_league(empty):
        assert kept.kept_matches_rebuild()


@pytest.mark.django_db
def test_a_page_tables_csv_speaks_the_leagues_language_whatever_the_visitor_reads(
    client, english_league
):
    from tests.league.builders import build_league

    with using_league(english_league):
        build_league(2, players=4)
    client.cookies["django_language"] = "de"
    text = client.get(f"/{english_league.slug}/alltime/?_export=csv").content.decode("utf-8-sig")
    header = text.splitlines()[0]
    assert "Player" in header and "Spieler" not in header
