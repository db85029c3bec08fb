"""The league's table base: django-tables2 tables sortable in the page and exportable as CSV.

Every table works on plain rows (dicts), so a page, its CSV and the JSON API show the same
numbers. The tables themselves live with their pages (``standings.tables``, ``results.tables``).
"""

import csv
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from html import escape

from django.core.paginator import Paginator
from django.http import HttpResponse
from django.utils.encoding import force_str
from django.utils.formats import date_format, get_format, localize
from django.utils.functional import cached_property
from django.utils.html import conditional_escape
from django.utils.http import urlencode
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django_tables2 import Column, Table

from ofcleague.web.money import cents, money, money_formatter
from ofcleague.web.params import one_of
from ofcleague.web.paths import page_path

#: The steps ``fixed`` rounds to, by number of decimals.
QUANTA = {digits: Decimal(1).scaleb(-digits) for digits in range(4)}
NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


def player_url(record):
    return page_path("standings:player", record["slug"])


def date_formatter():
    """A function printing dates in the current language's short format; the language is
    looked up once, each date formatted once per language (a player's page prints each
    evening's date several times)."""
    language = get_language()
    return lambda value: _short_date(value, language)


@lru_cache(maxsize=16384)
def _short_date(value, _language):
    return date_format(value, "SHORT_DATE_FORMAT")


def fixed(value, digits, separator):
    """``value`` rounded half up to ``digits`` decimals, as Django's ``floatformat`` prints it
    (no minus before a rounded zero), with the given decimal separator: a table prints a few
    hundred of these, and ``floatformat`` looks the language's formats up for each."""
    rounded = Decimal(repr(value)).quantize(QUANTA[digits], ROUND_HALF_UP)
    if not rounded:
        rounded = abs(rounded)
    # A quantized value never prints in exponent form.
    return str(rounded).replace(".", separator)


def decimal_or_none(value, digits):
    return None if value is None else round(value, digits)


def _html(cell):
    """A cell as the template prints it: localized and escaped.

    The common kinds are handled first without Django's lazy-string checks, which cost more
    than the rest of a cell: integers print as they are (the site groups no thousands), text
    is escaped by the standard library (as Django's own ``escape`` does), safe markup stays.
    """
    kind = type(cell)
    if kind is int:
        return str(cell)
    if kind is str:
        return escape(cell)
    if kind is SafeString:
        return cell
    return conditional_escape(localize(cell))


class LeagueTable(Table):
    """A table whose header and body render in one light pass each (see ``body``), through
    ``web/table.html``, which prints them ready made."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("template_name", "web/table.html")
        super().__init__(*args, **kwargs)

    @cached_property
    def body(self):
        """The rows, in the current order, as lists of (``<td>`` attributes, cell) pairs.

        django-tables2 renders every cell through several layers of lookups and attribute
        merging (tens of microseconds a cell; most of the all-time page's time with 60 rows x
        25 columns). Our cells are plain: a value, an optional render method taking the value,
        an optional link. So each column's attributes and render function are looked up once
        and applied to every record. Render and value methods take the value alone.
        """
        cells = [(column.attrs["td"].as_html(), self._cell(column)) for column in self.columns]
        records = self.page.object_list if hasattr(self, "page") else self.data
        return [[(attrs, cell(record)) for attrs, cell in cells] for record in records]

    def show_page(self, per_page):
        """Show one page of ``per_page`` rows, in the current order: the page the request's
        page parameter names (with the table's prefix), the first for nonsense and the last
        for one beyond the end. Call it after ``RequestConfig`` has configured the table."""
        self.paginator = Paginator(self.data, per_page)
        self.page = self.paginator.get_page(self.request.GET.get(self.prefixed_page_field))

    @cached_property
    def body_html(self):
        """``body`` as ready ``<tr>`` rows, localized and escaped as the template would: a
        template loop over a thousand cells costs more than fetching the table's data."""
        return mark_safe(
            "".join(
                "<tr>" + "".join(f"<td {attrs}>{_html(cell)}</td>" for attrs, cell in row) + "</tr>"
                for row in self.body
            )
        )

    @cached_property
    def header_html(self):
        """The header row as ready ``<th>`` cells, for the same reason as ``body_html``: each
        sortable column links to the page sorted by it (the request's other parameters kept,
        as django-tables2's ``querystring_replace`` builds it, except this table's page: a new
        order starts on its first page) and the sorted one carries ``aria-sort``."""
        request = getattr(self, "request", None)  # set by RequestConfig
        params = dict(request.GET) if request is not None else {}
        params.pop(self.prefixed_page_field, None)
        field = self.prefixed_order_by_field
        cells = []
        for column in self.columns:
            header = _html(column.header)
            if column.orderable:
                query = urlencode({**params, field: column.order_by_alias.next}, doseq=True)
                header = f'<a class="sort-link" href="{escape("?" + query)}">{header}</a>'
            sort = ""
            if column.is_ordered:
                way = "descending" if column.order_by_alias.is_descending else "ascending"
                sort = f' aria-sort="{way}"'
            cells.append(f'<th scope="col" {column.attrs["th"].as_html()}{sort}>{header}</th>')
        return mark_safe("<tr>" + "".join(cells) + "</tr>")

    @cached_property
    def decimal_separator(self):
        return get_format("DECIMAL_SEPARATOR")

    def fixed(self, value, digits):
        """A float with ``digits`` decimals in the current language (see :func:`fixed`)."""
        return fixed(value, digits, self.decimal_separator)

    def as_values(self, exclude_columns=None):
        """Header and rows of export values (for CSV), in one pass like ``body``."""
        exclude = set(exclude_columns or ())
        columns = [
            column
            for column in self.columns.iterall()
            if not (column.column.exclude_from_export or column.name in exclude)
        ]
        yield [force_str(column.header, strings_only=True) for column in columns]
        values = [self._cell(column, export=True) for column in columns]
        for record in self.data:
            yield [force_str(value(record), strings_only=True) for value in values]

    def _cell(self, bound, export=False):
        """A function from a record to the column's cell (or export value)."""
        accessor = bound.accessor
        render = bound.value if export else bound.render
        link = None if export else bound.link
        empty = bound.column.empty_values
        default = None if export else bound.default

        # Our links take the record alone and add no attributes: build the tag directly
        # instead of through django-tables2's signature inspection for every cell.
        url = link.url if link and callable(link.url) and not link.attrs else None

        # Rows are dicts: a plain key is read directly, without django-tables2's lookup chain;
        # a column that prints its value as it is needs no render call.
        key = str(accessor)
        plain_key = "." not in key and "__" not in key
        identity = getattr(render, "__func__", None) is Column.render
        if not export and hasattr(bound.column, "renderer") and render == bound.column.render:
            render = bound.column.renderer()

        def cell(record):
            value = record.get(key) if plain_key else accessor.resolve(record, quiet=True)
            if value in empty:
                return default
            content = value if identity else render(value=value)
            if url:
                return SafeString(f'<a href="{escape(url(record))}">{_html(content)}</a>')
            if link:
                return link(content, record=record, value=value, table=self)
            return content

        return cell


class NumberColumn(Column):
    """A right-aligned number; unknown values show as a dash.

    The first tap on its header sorts the largest first: counts, points and money are read
    from the top. Columns where less is better (places) pass ``initial_sort_descending=False``.
    """

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("attrs", NUM)
        kwargs.setdefault("default", "–")
        kwargs.setdefault("initial_sort_descending", True)
        super().__init__(*args, **kwargs)


class MoneyColumn(NumberColumn):
    """Euros, printed the league's way ("10 €") and exported with two decimals."""

    def render(self, value):
        return money(value)

    def value(self, value):
        return cents(value)

    #: ``render`` for a whole table, with the language's formats looked up once.
    renderer = staticmethod(money_formatter)


class DateColumn(Column):
    """A date, printed the local way and exported as ISO 8601."""

    def render(self, value):
        return date_formatter()(value)

    #: ``render`` for a whole table, with the language looked up once.
    renderer = staticmethod(date_formatter)

    def value(self, value):
        return value.isoformat()


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
        writer.writerow([defuse(value) for value in row])
    return response
