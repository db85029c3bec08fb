"""What a cached page makes of its query parameters: one canonical value, or none at all.

``cached_page`` (``web/cache.py``) keys a page on the parameters its view reads. A parameter's raw
value can take endless forms that show the same page (``?page=abc`` is the first page,
``?page=99999`` the last, ``?sort=zzz`` the default order): each would be a cache entry of
its own. So each page declares, with its parameters, a *normaliser* per parameter: a
function ``(values, view_kwargs)`` of the values the request gives (``QueryDict.getlist``)
returning the one value that shows the same page, or ``None`` for the page without the
parameter. The view then sees only the canonical values, so the key and the page agree.

A normaliser raises :class:`LeftOut` for a value the visitor should hear about (a mistyped
filter): the page then redirects to its canonical address with the message.
"""

from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.utils.translation import gettext as _


class LeftOut(ValueError):
    """A value left out of the page that the visitor should be told about."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


class ViewKwargs(dict):
    """The view's keyword arguments as the normalisers of one request see them, with the
    counts already asked (two page parameters of one list count it once)."""

    def __init__(self, kwargs):
        super().__init__(kwargs)
        self.counted = {}

    def count(self, count):
        if count not in self.counted:
            self.counted[count] = count(**self)
        return self.counted[count]


def keep(values, _view_kwargs):
    """The value as it is: the last one, which ``QueryDict.get`` gives the view."""
    return values[-1]


def one_of(*choices):
    """A parameter with a few meaningful values (``_export=csv``); others mean nothing."""

    def normalise(values, _view_kwargs):
        return values[-1] if values[-1] in choices else None

    normalise.choices = choices  # what a test can ask for, one by one
    return normalise


def page_of(count, per_page):
    """A page number of a list of ``count(**view_kwargs)`` items, ``per_page`` a page, as
    ``Paginator.get_page`` reads it: not a number is the first page, out of range (below 1
    or past the end) the last. The first page is the page without the parameter.

    The count is asked only for a number other than 1 (one small query, once a request
    however many parameters page the same list).
    """

    def normalise(values, view_kwargs):
        try:
            number = int(values[-1])
        except (TypeError, ValueError):
            return None
        if number == 1:
            return None
        counted = (
            view_kwargs.count(count)
            if isinstance(view_kwargs, ViewKwargs)
            else count(**view_kwargs)
        )
        pages = Paginator(range(counted), per_page)
        chosen = pages.get_page(number).number
        return None if chosen == 1 else str(chosen)

    return normalise


def sort_of(table_class, extra=None):
    """The sort parameter of a ``table_class`` table (web/tables.py): the first value naming an
    orderable column (``name`` or ``-name``); nothing valid is the table's default order.

    ``extra(name)`` says whether a column the table adds when it is built (the all-time
    table's place counts) exists. One value is kept: the site's headers sort by one column.
    """
    orderable = {
        name for name, column in table_class.base_columns.items() if column.orderable is not False
    }

    def normalise(values, _view_kwargs):
        for value in values:
            name = value.removeprefix("-")
            if name in orderable or (extra is not None and extra(name)):
                return value
        return None

    return normalise


def form_field(form_class, name):
    """A field of a GET form (the year and variant filters): its cleaned value printed back
    (``02016`` is ``2016``), empty for the page without it; an invalid value is left out
    with the field's own message."""
    field = form_class.base_fields[name]

    def normalise(values, _view_kwargs):
        value = values[-1]
        if value.strip() == "":
            return None
        try:
            cleaned = field.clean(value)
        except ValidationError as error:
            raise LeftOut(
                _("The filter “%(field)s” was left out: %(problem)s")
                % {"field": field.label, "problem": " ".join(error.messages)}
            ) from error
        return None if cleaned in (None, "") else str(cleaned)

    return normalise


def form_fields(form_class):
    """A normaliser for every field of ``form_class``, by field name."""
    return {name: form_field(form_class, name) for name in form_class.base_fields}
