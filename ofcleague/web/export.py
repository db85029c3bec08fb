"""A page's table as a CSV download (``?_export=csv``), every cell safe in a spreadsheet."""

import csv

from django.http import HttpResponse

from ofcleague.web.params import one_of

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def defuse(value):
    """A CSV cell that a spreadsheet shows as text, never runs as a formula.

    Text starting like a formula (a player named ``=1+1``) gets a leading ``'``. Numbers stay
    as they are, so ``-16`` points still sum in a spreadsheet.
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


#: The query parameter that asks a page for its table as CSV, and its one value.
EXPORT = "_export"
CSV = one_of("csv")


def wants_csv(request):
    """Whether the request asks for the page's table as CSV (``?_export=csv``)."""
    return request.GET.get(EXPORT) == "csv"


def csv_response(table, filename):
    """The table (as currently sorted) as a CSV download, every text cell defused."""
    response = HttpResponse(
        content_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}.csv"'},
    )
    writer = csv.writer(response)
    for row in table.as_values():
        writer.writerow(["" if value is None else defuse(value) for value in row])
    return response
