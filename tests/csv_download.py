"""Reading a table's CSV download the way a spreadsheet of the league's language does."""

import csv
import io


def download_rows(response, dict_rows=False):
    """The rows of a CSV download: UTF-8 with its BOM, ``;`` (German) or ``,`` (English)."""
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.startswith("\ufeff".encode())
    text = response.content.decode("utf-8-sig")
    separator = ";" if ";" in text.splitlines()[0] else ","
    reader = csv.DictReader if dict_rows else csv.reader
    return list(reader(io.StringIO(text), delimiter=separator))


def as_number(cell):
    """A German cell's number as Python reads it ("1,5" is 1.5)."""
    return float(cell.replace(",", "."))
