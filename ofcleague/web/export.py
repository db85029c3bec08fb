"""Every spreadsheet the site writes (a page's table as CSV, the history as CSV or .xlsx) is
safe to open: a text cell that a spreadsheet would run as a formula is written as text.

The one rule (OWASP's advice on CSV injection): text that starts with ``=``, ``+``, ``-``,
``@``, a tab or a carriage return is a formula to a spreadsheet. In CSV such a cell gets a
leading ``'``; in .xlsx it is a string cell with Excel's quote prefix (shown as text, the value
unchanged). Numbers are never touched, so ``-16`` points still sum. The import reads a cell
back with ``undefuse``, so an export read again gives the same names.
"""

import csv
import datetime
import io
from decimal import Decimal

from django.http import HttpResponse
from django.utils import translation
from openpyxl import Workbook
from openpyxl.styles import Font

from ofcleague.web.params import one_of

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def starts_formula(value) -> bool:
    """Whether ``value`` is text that a spreadsheet would take for a formula.

    Text that only a run of ``'`` keeps from being one (``'=1``) counts too: its quote would be
    read back as the escape, so it gets one more and comes back whole.
    """
    return isinstance(value, str) and value.lstrip("'").startswith(FORMULA_STARTS)


def defuse(value):
    """A CSV cell that a spreadsheet shows as text, never runs as a formula.

    Text starting like a formula (a player named ``=1+1``) gets a leading ``'``. Numbers stay
    as they are, so ``-16`` points still sum in a spreadsheet.
    """
    return "'" + value if starts_formula(value) else value


def undefuse(value):
    """The text that ``defuse`` wrote as ``value``: one leading ``'`` less where it escapes a
    formula (``'=1+1`` is ``=1+1``); anything else as it is."""
    if isinstance(value, str) and value.startswith("'") and starts_formula(value):
        return value[1:]
    return value


def xlsx_bytes(headers, rows, title: str = "") -> bytes:
    """An .xlsx workbook of one sheet (named ``title`` when given): bold headers, then
    ``rows`` as they are (numbers and dates as such), every text cell that would start a
    formula a string cell with Excel's quote prefix, its value unchanged (text that starts
    ``'=`` gets one more ``'``, as in CSV, so the import reads either file back the same)."""
    workbook = Workbook()
    sheet = workbook.active
    if title:
        sheet.title = title
    sheet.append(list(headers))
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet.freeze_panes = "A2"
    for row in rows:
        sheet.append(["" if value is None else value for value in row])
    for row in sheet.iter_rows():
        for cell in row:
            if starts_formula(cell.value):
                if cell.value.startswith("'"):
                    # Not a formula, but ``undefuse`` takes a quote off: one more comes back.
                    cell.value = defuse(cell.value)
                cell.data_type = "s"
                cell.quotePrefix = True
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


#: The query parameter that asks a page for its table as CSV, and its one value.
EXPORT = "_export"
CSV = one_of("csv")


def wants_csv(request):
    """Whether the request asks for the page's table as CSV (``?_export=csv``)."""
    return request.GET.get(EXPORT) == "csv"


#: How a CSV speaks each language: its separator, its decimal mark and its dates. German is
#: how German Excel opens a file (``;``, decimal comma, dd.mm.yyyy); English as Excel does
#: elsewhere. Every download starts with a BOM, so Excel reads UTF-8.
CSV_DIALECTS = {
    "de": (";", ",", "%d.%m.%Y"),
    "en": (",", ".", "%Y-%m-%d"),
}


def csv_dialect(language: str | None):
    """The (separator, decimal mark, date format) of ``language`` (German where unknown)."""
    return CSV_DIALECTS.get((language or "de")[:2], CSV_DIALECTS["de"])


def csv_cell(value, decimal: str, date_format: str):
    """A cell as its language writes it: numbers with its decimal mark (never in exponent
    form), dates its way, text defused; ``None`` empty."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float):
        value = Decimal(repr(value))
    if isinstance(value, Decimal):
        return format(value, "f").replace(".", decimal)
    if isinstance(value, datetime.datetime):
        return value.strftime(date_format + " %H:%M")
    if isinstance(value, datetime.date):
        return value.strftime(date_format)
    return defuse(value)


def csv_response(table, filename, language: str | None = None):
    """The table (as currently sorted) as a CSV download in the league's language (see
    ``CSV_DIALECTS``; ``language`` defaults to the request's league's), text defused."""
    if language is None:
        league = getattr(getattr(table, "request", None), "league", None)
        language = getattr(league, "language", None)
    separator, decimal, date_format = csv_dialect(language)
    response = HttpResponse(
        "\ufeff",
        content_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}.csv"'},
    )
    writer = csv.writer(response, delimiter=separator)
    # The headings in the same language as the dates and numbers.
    spoken = (language or "de")[:2]
    with translation.override(spoken if spoken in CSV_DIALECTS else "de"):
        for row in table.as_values():
            writer.writerow([csv_cell(value, decimal, date_format) for value in row])
    return response
