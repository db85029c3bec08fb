"""The league's tables: declared once, sorted by the page's URL, printed in one pass, exported.

A table class lists its columns as class attributes (``player = Column(...)``), in the order
they show. Rows are plain data (a page, its CSV and the JSON API show the same numbers): dicts
read by key, or records and named tuples read by attribute; each column reads one key (or a
function of the row), and a linked column makes its link from the whole row.
:meth:`LeagueTable.configure` takes the request's sort parameter (``sort``, with the table's
prefix on a page with several tables), orders the rows once, and the header and body are
printed in one pass each: a column's cells are made in one go, so a cell costs a string
format, not a template lookup chain (the all-time table prints 1,500 of them).

The tables live with their pages (``standings.tables``, ``results.tables``).
"""

from functools import cached_property
from html import escape
from operator import attrgetter, itemgetter

from django.core.paginator import Paginator
from django.utils.encoding import force_str
from django.utils.formats import get_format, localize
from django.utils.html import conditional_escape
from django.utils.http import urlencode
from django.utils.safestring import SafeString, mark_safe

from ofcleague.web.money import cents, money_formatter
from ofcleague.web.numbers import date_formatter, fixed
from ofcleague.web.paths import page_path

NUM = "num"
SORT, PAGE = "sort", "page"


def player_url(record):
    return page_path("standings:player", record["slug"])


def _html(cell):
    """A cell as the template would print it: localized and escaped. The common kinds go
    first, without Django's lazy-string checks: integers print as they are (the site groups
    no thousands), text is escaped by the standard library, safe markup stays."""
    kind = type(cell)
    if kind is int:
        return str(cell)
    if kind is str:
        return escape(cell)
    if kind is SafeString:
        return cell
    return conditional_escape(localize(cell))


class Column:
    """One column: its header, the row key it reads (its name unless ``accessor``), how it
    sorts (``order_by``: the keys, each with ``-`` for descending), whether its first tap
    sorts descending, an optional link (a function of the row), ``td``/``th`` class, the
    text of an empty cell, and ``full_name``: what a short header ("1.", "Ø place") stands for,
    shown on hover and read out instead of the abbreviation."""

    default = "—"
    initial_sort_descending = False
    css_class = ""

    def __init__(
        self,
        verbose_name="",
        *,
        accessor=None,
        linkify=None,
        order_by=None,
        initial_sort_descending=None,
        default=None,
        css_class=None,
        orderable=True,
        exclude_from_export=False,
        full_name=None,
    ):
        self.verbose_name, self.accessor, self.linkify = verbose_name, accessor, linkify
        self.full_name = full_name
        self.order_by, self.orderable = order_by, orderable
        self.exclude_from_export = exclude_from_export
        if initial_sort_descending is not None:
            self.initial_sort_descending = initial_sort_descending
        if default is not None:
            self.default = default
        if css_class is not None:
            self.css_class = css_class

    def formatter(self):
        """A function from a value to the cell's text, made once per table (``None``: the
        value as it is)."""
        return None

    def value(self, value):
        """The value exported to CSV."""
        return value


class NumberColumn(Column):
    """A right-aligned number; unknown values show as a dash. The first tap on its header
    sorts the largest first: counts, points and money are read from the top. Columns where
    less is better (places) pass ``initial_sort_descending=False``."""

    default = "–"
    initial_sort_descending = True
    css_class = NUM


class MoneyColumn(NumberColumn):
    """Euros, printed the league's way ("10 €") and exported with two decimals."""

    def formatter(self):
        return money_formatter()

    def value(self, value):
        return cents(value)


class DateColumn(Column):
    """A date, printed the local way and exported as a date (the CSV writes it the
    league's way)."""

    def formatter(self):
        return date_formatter()

    def value(self, value):
        return value


class LeagueTable:
    """A table of plain rows, sortable by its header links and exportable as CSV.

    Subclasses declare columns as class attributes and may add ``render_<name>(value)`` (the
    cell's text) and ``value_<name>(value)`` (the exported value) methods, and ``attrs``
    (the ``<table>``'s attributes) and ``empty_text``. ``order_by`` is the order before the
    request chooses one; ``extra_columns`` are (name, column) pairs the rows call for, placed
    by ``sequence`` (names, ``"..."`` for the declared rest).
    """

    attrs = {"class": "data"}
    empty_text = ""
    base_columns: dict = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        declared = {name: value for name, value in vars(cls).items() if isinstance(value, Column)}
        cls.base_columns = {**cls.base_columns, **declared}

    def __init__(
        self,
        data,
        *,
        order_by=None,
        prefix="",
        orderable=True,
        extra_columns=(),
        sequence=None,
        exclude=(),
    ):
        self.data = list(data)
        self.prefix, self.orderable = prefix, orderable
        self.order_by = (order_by,) if order_by else ()
        columns = {**self.base_columns, **dict(extra_columns)}
        columns = {name: column for name, column in columns.items() if name not in exclude}
        if sequence:
            named = [name for name in sequence if name != "..."]
            rest = [name for name in columns if name not in named]
            order = [part for name in sequence for part in (rest if name == "..." else [name])]
            columns = {name: columns[name] for name in order}
        self.columns = columns
        self.request = None
        self.page = None
        # Rows are dicts read by key, or objects (records, named tuples) read by attribute.
        self._getter = itemgetter if not self.data or isinstance(self.data[0], dict) else attrgetter

    def _reader(self, key):
        """A function from a row to the value under ``key`` (a name, or a function)."""
        return key if callable(key) else self._getter(key)

    @property
    def prefixed_order_by_field(self):
        return self.prefix + SORT

    @property
    def prefixed_page_field(self):
        return self.prefix + PAGE

    @property
    def attrs_html(self):
        return mark_safe(" ".join(f'{key}="{escape(value)}"' for key, value in self.attrs.items()))

    def configure(self, request):
        """Order the rows by the request's sort parameter (a known, orderable column, with
        ``-`` for descending), else by the table's own ``order_by``."""
        self.request = request
        chosen = request.GET.get(self.prefixed_order_by_field, "")
        if chosen and self._orderable(chosen.removeprefix("-")):
            self.order_by = (chosen,)
        for alias in self.order_by:
            self._sort(alias)
        return self

    def _orderable(self, name):
        column = self.columns.get(name)
        return self.orderable and column is not None and column.orderable

    def _sort(self, alias):
        """Sort the rows by one column's keys (stable); unknown values always come last."""
        name = alias.removeprefix("-")
        column = self.columns[name]
        for key in reversed(column.order_by or (column.accessor or name,)):
            reverse = alias.startswith("-")
            if isinstance(key, str) and key.startswith("-"):
                key, reverse = key[1:], not reverse
            read = self._reader(key)
            self.data.sort(key=lambda row: _sort_key(read(row), reverse), reverse=reverse)

    def show_page(self, per_page):
        """Show one page of ``per_page`` rows, in the current order: the page the request's
        page parameter names, the first for nonsense and the last for one beyond the end.
        Call it after ``configure``."""
        self.paginator = Paginator(self.data, per_page)
        self.page = self.paginator.get_page(self.request.GET.get(self.prefixed_page_field))

    def _page_url(self, number):
        """This page with the table's page parameter set to ``number``, the rest kept."""
        params = dict(self.request.GET.lists())
        params[self.prefixed_page_field] = [number]
        return "?" + urlencode(params, doseq=True)

    @property
    def previous_page_url(self):
        return self._page_url(self.page.previous_page_number())

    @property
    def next_page_url(self):
        return self._page_url(self.page.next_page_number())

    @cached_property
    def decimal_separator(self):
        return get_format("DECIMAL_SEPARATOR")

    def fixed(self, value, digits):
        """A float with ``digits`` decimals in the current language (see :func:`fixed`)."""
        return fixed(value, digits, self.decimal_separator)

    @cached_property
    def header_html(self):
        """The header row: each sortable column links to the page sorted by it (the request's
        other parameters kept, this table's page left out: a new order starts on its first
        page), and the sorted one carries ``aria-sort``."""
        params = dict(self.request.GET.lists()) if self.request is not None else {}
        params.pop(self.prefixed_page_field, None)
        params.pop(self.prefixed_order_by_field, None)
        field = self.prefixed_order_by_field
        current = self.order_by[0] if self.order_by else ""
        cells = []
        for name, column in self.columns.items():
            header = _header(column)
            classes = [column.css_class] if column.css_class else []
            sort = ""
            if self._orderable(name):
                classes.append("orderable")
                if current.removeprefix("-") == name:
                    descending = current.startswith("-")
                    classes.insert(0, "desc" if descending else "asc")
                    sort = f' aria-sort="{"descending" if descending else "ascending"}"'
                    following = name if descending else "-" + name
                else:
                    following = "-" + name if column.initial_sort_descending else name
                query = urlencode({**params, field: following}, doseq=True)
                header = f'<a class="sort-link" href="{escape("?" + query)}">{header}</a>'
            attrs = f' class="{" ".join(classes)}"' if classes else ""
            cells.append(f'<th scope="col"{attrs}{sort}>{header}</th>')
        return mark_safe("<tr>" + "".join(cells) + "</tr>")

    def _texts(self, name, column, values):
        """The cells' HTML for one column's ``values``, in one pass over the column.

        Whole numbers that are all known print by ``str`` alone; the columns' own formatters
        (money, dates) print digits and signs only, so their text needs no escaping; a
        table's ``render_<name>`` method's text is escaped.
        """
        own = getattr(self, f"render_{name}", None)
        shape = column.formatter()
        default = _html(column.default)
        if own is not None:
            return [default if v is None or v == "" else _html(own(v)) for v in values]
        if shape is not None:
            return [default if v is None or v == "" else shape(v) for v in values]
        if set(map(type, values)) <= {int}:
            return list(map(str, values))
        return [default if v is None or v == "" else _html(v) for v in values]

    @cached_property
    def body_html(self):
        """The rows shown (one page, or all), in the current order, as ready ``<tr>`` rows.

        Column by column: each column's values read and turned into text in one pass (a
        linked cell's link made from its row), then each row is one ``str.format`` of a row
        pattern made once.
        """
        rows = self.page.object_list if self.page is not None else self.data
        pattern, columns = [], []
        for name, column in self.columns.items():
            pattern.append(
                f'<td class="{column.css_class}">{{}}</td>' if column.css_class else "<td>{}</td>"
            )
            texts = self._texts(
                name, column, list(map(self._reader(column.accessor or name), rows))
            )
            if column.linkify is not None:
                links = [escape(column.linkify(row)) for row in rows]
                texts = [
                    f'<a href="{link}">{text}</a>' for link, text in zip(links, texts, strict=True)
                ]
            columns.append(texts)
        form = ("<tr>" + "".join(pattern) + "</tr>").format
        return mark_safe("".join([form(*cells) for cells in zip(*columns, strict=True)]))

    def as_values(self):
        """Header and rows of export values (for CSV), every row in the current order."""
        columns = [
            (name, column)
            for name, column in self.columns.items()
            if not column.exclude_from_export
        ]
        yield [force_str(column.verbose_name) for _name, column in columns]
        values = [self._export_function(name, column) for name, column in columns]
        for row in self.data:
            yield [value(row) for value in values]

    def _export_function(self, name, column):
        own = getattr(self, f"value_{name}", None) or column.value
        read = self._reader(column.accessor or name)

        def value(row):
            found = read(row)
            return None if found is None or found == "" else own(found)

        return value


def _header(column):
    """A header's text; an abbreviation shows as it is (its full name on hover) and is read
    out by its full name, so a screen reader never says "one dot" or spells "Ø"."""
    short = _html(column.verbose_name)
    if not column.full_name:
        return short
    full = _html(column.full_name)
    return (
        f'<abbr title="{full}" aria-hidden="true">{short}</abbr>'
        f'<span class="visually-hidden">{full}</span>'
    )


def _sort_key(value, reverse):
    """A key that sorts unknown values last both ways (``reverse`` as the sort is made)."""
    if reverse:
        return (value is not None, value if value is not None else 0)
    return (value is None, value if value is not None else 0)
