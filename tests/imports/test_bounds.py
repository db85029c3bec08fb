"""The import's limits: the worst files and texts are refused with a message that says the
limit and what to do, the input kept, nothing written."""

import io
import zipfile

import openpyxl
import pytest
import tablib
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils.translation import override

from ofcleague.imports import bounds
from ofcleague.imports.table_file import read_table
from ofcleague.league.batches import ImportBatch
from ofcleague.league.leagues import Membership, Role
from ofcleague.league.models import Evening, Player
from ofcleague.members.import_forms import BoundedUploadHandler
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with override("en"):
        yield


@pytest.fixture
def owner_client(client, first_league):
    user = UserFactory(username="owner")
    Membership.objects.create(league=first_league, user=user, role=Role.OWNER)
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return client


def written():
    return (
        Evening._base_manager.count(),
        Player._base_manager.count(),
        ImportBatch.objects.count(),
    )


def refused(client, data, name):
    """The start page's answer to uploading ``data``: its message on the file field."""
    response = client.post("/ofc-runde/import/", {"file": SimpleUploadedFile(name, data)})
    assert response.status_code == 200
    assert written() == (0, 0, 0)
    assert client.session.get("import-1") is None
    return " ".join(response.context["form"].errors["file"])


def small_xlsx(rows=2):
    dataset = tablib.Dataset(headers=["Datum", "Spieler", "Platz"])
    for n in range(rows):
        dataset.append(["01.03.2024", f"Spieler {n}", n + 1])
    return dataset.export("xlsx")


def zip_bomb() -> bytes:
    """A real workbook with one more part of 30 MB of zeros: 30 KB packed."""
    buffer = io.BytesIO(small_xlsx())
    with zipfile.ZipFile(buffer, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/media/padding.bin", b"\0" * (30 * 1024 * 1024))
    return buffer.getvalue()


def test_a_zip_bomb_is_refused_before_it_is_unpacked(owner_client):
    data = zip_bomb()
    assert len(data) < 100_000
    message = refused(owner_client, data, "bombe.xlsx")
    assert "Unpacked, the Excel file is 30.0" in message and "at most 10.0" in message
    assert "Split it into several files" in message


def test_a_part_that_unpacks_to_a_thousand_times_its_size_is_refused():
    buffer = io.BytesIO(small_xlsx())
    with zipfile.ZipFile(buffer, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/media/padding.bin", b"\0" * (5 * 1024 * 1024))
    message = bounds.archive_problem(buffer.getvalue())
    assert "times its size" in message and "at most 100 times" in message
    assert bounds.archive_problem(small_xlsx(rows=2000)) is None


def test_an_archive_of_many_parts_is_refused():
    buffer = io.BytesIO(small_xlsx())
    with zipfile.ZipFile(buffer, "a") as archive:
        for n in range(bounds.MAX_PARTS):
            archive.writestr(f"xl/media/{n}.txt", b"x")
    assert "parts; an import reads at most 200" in bounds.archive_problem(buffer.getvalue())


def test_a_csv_of_100000_rows_is_refused_with_its_count(owner_client):
    data = "Datum;Spieler;Platz\n" + "01.03.2024;Anna;1\n" * 100_000
    assert len(data) < bounds.MAX_BYTES
    message = refused(owner_client, data.encode(), "lang.csv")
    assert message == (
        "The file has 100,000 rows; an import takes at most 5,000. "
        "Split it into several files, for example one per year."
    )


def test_a_sheet_of_too_many_rows_is_refused_while_reading(owner_client):
    message = refused(owner_client, small_xlsx(rows=bounds.MAX_ROWS + 1), "lang.xlsx")
    assert "more than 5,000 rows; an import takes at most 5,000" in message
    assert len(read_table(small_xlsx(rows=bounds.MAX_ROWS)).rows) == bounds.MAX_ROWS


def test_a_sheet_that_goes_on_past_the_lines_read_is_refused():
    """Rows far down (past empty ones) are not silently left out: the sheet is refused."""
    source = zipfile.ZipFile(io.BytesIO(small_xlsx()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for part in source.infolist():
            content = source.read(part)
            if part.filename == "xl/worksheets/sheet1.xml":
                far = bounds.MAX_SHEET_LINES + 5
                row = f'<row r="{far}"><c r="A{far}" t="inlineStr"><is><t>x</t></is></c></row>'
                content = content.replace(b"</sheetData>", row.encode() + b"</sheetData>")
                content = content.replace(b'<dimension ref="A1:C3" />', b"")
            archive.writestr(part, content)
    result = read_table(out.getvalue(), "weit.xlsx")
    assert result.rows == ()
    assert result.problems[0].message.startswith(
        "The sheet goes on past row 20,000; an import reads at most 20,000 rows of a sheet, "
        "5,000 of them with results."
    )


def test_a_3_mb_upload_is_refused_with_the_limit(owner_client):
    data = b"Datum;Spieler;Platz\n" + b"01.03.2024;Anna;1\n" * 175_000
    assert len(data) > 3 * 1024 * 1024
    message = refused(owner_client, data, "gross.csv")
    assert "an import takes at most 2.0\xa0MB" in message and "3.0\xa0MB" in message


def laughs_xlsx(depth=6) -> bytes:
    """A workbook whose sheet declares entities that double ten times per level."""
    entities = ['<!ENTITY lol0 "lol">'] + [
        f'<!ENTITY lol{n} "{f"&lol{n - 1};" * 10}">' for n in range(1, depth + 1)
    ]
    buffer = io.BytesIO(small_xlsx())
    source = zipfile.ZipFile(buffer)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for part in source.infolist():
            content = source.read(part)
            if part.filename == "xl/worksheets/sheet1.xml":
                doctype = f"<!DOCTYPE worksheet [{''.join(entities)}]>".encode()
                content = doctype + content
                content = content.replace(b"Spieler 0", f"&lol{depth};".encode())
            archive.writestr(part, content)
    return out.getvalue()


def test_openpyxl_parses_with_defusedxml():
    assert openpyxl.xml.DEFUSEDXML


def test_a_billion_laughs_sheet_is_refused_not_expanded(owner_client):
    message = refused(owner_client, laughs_xlsx(), "lacher.xlsx")
    assert "declares its own XML entities, which the import does not read" in message
    result = read_table(laughs_xlsx(depth=1), "lacher.xlsx")
    assert result.rows == () and "XML entities" in result.problems[0].message


def test_pasted_text_over_the_row_limit_is_refused_and_kept(owner_client):
    evening = "Freitag, 24.07.2020\n1. Anna 2. Bert 3. Carla 4. Dora\n"
    text = evening * (bounds.MAX_ROWS // 4 + 1)
    response = owner_client.post("/ofc-runde/import/", {"text": text})
    assert response.status_code == 200 and written() == (0, 0, 0)
    assert response.context["form"].errors["text"] == [
        "The text has more than 5,000 results (one per player and evening); an import takes "
        "at most 5,000. Paste it in parts, for example one year at a time."
    ]
    assert "1. Anna 2. Bert 3. Carla 4. Dora" in response.content.decode()
    fits = evening * (bounds.MAX_ROWS // 4)
    assert owner_client.post("/ofc-runde/import/", {"text": fits}).status_code == 302


def test_the_refusals_speak_german(owner_client):
    owner_client.cookies["django_language"] = "de"
    data = "Datum;Spieler;Platz\n" + "01.03.2024;Anna;1\n" * 6_000
    message = refused(owner_client, data.encode(), "lang.csv")
    assert message.startswith("Die Datei hat 6.000 Zeilen")


def test_a_large_upload_is_counted_not_kept(owner_client):
    data = b"Datum;Spieler;Platz\n" + b"x" * (30 * 1024 * 1024)
    assert "The file is 30.0\xa0MB; an import takes at most 2.0\xa0MB" in refused(
        owner_client, data, "riesig.csv"
    )
    handler = BoundedUploadHandler()
    for name in ("a.csv", "b.csv"):
        handler.new_file("file", name, "text/csv", None)
        for start in range(0, 3 * 1024 * 1024, 64 * 1024):
            handler.receive_data_chunk(b"y" * 64 * 1024, start)
        upload = handler.file_complete(3 * 1024 * 1024)
        assert upload.size == 3 * 1024 * 1024 and upload.name == name
    assert handler.kept_in_request == bounds.MAX_BYTES + 1  # for both files together


def test_the_start_page_still_checks_csrf(first_league, owner_client):
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = owner_client.cookies
    response = strict.post("/ofc-runde/import/", {"text": "Freitag, 24.07.2020\n1. A 2. B\n"})
    assert response.status_code == 403
    assert owner_client.session.get("import-1") is None
