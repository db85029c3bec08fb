"""Which league a request (or a command) works on, and the managers that read only its rows.

The league a page belongs to is the first segment of its path (``/ofc-runde/alltime/``); the
web layer activates it for the request (``using_league``), as Django activates a language.
While a league is active, the league-owned models' default managers read that league's rows
only, and ``reverse()`` puts its slug in front of every league page's address.

With no league active, reading a league-owned model is an error (:class:`NoLeagueActive`),
as django-scopes' ``ScopeError`` is: code that means every league's rows says so with
:func:`every_league` (the admin, the management commands, the site's own pages that list
several leagues). A row written without its league named takes the active league's; with
none active that is an error too, never the site's first league.
"""

from __future__ import annotations

import functools
from contextlib import contextmanager
from contextvars import ContextVar

from django.apps import apps
from django.db import migrations, models
from django.utils.translation import gettext_lazy

from ofcleague.web.active import ACTIVE_LEAGUE as _active

#: True inside :func:`every_league` (and no league active within it).
_EVERY_LEAGUE: ContextVar[bool] = ContextVar("every_league", default=False)
#: True while an old migration gives the rows of before leagues their league.
_ROWS_OF_BEFORE_LEAGUES: ContextVar[bool] = ContextVar("rows_of_before_leagues", default=False)


class NoLeagueActive(RuntimeError):
    """A league's rows were read or written with no league active, outside ``every_league()``."""


def _leagues():
    """The leagues (by name: the league model's module builds on this one)."""
    return apps.get_model("league", "League").objects


def active_league():
    """The league activated for this request or block, or None."""
    return _active.get()


@contextmanager
def using_league(league):
    """Read and write ``league``'s rows (and build its addresses) inside the block; ``None``:
    no league, so that reading a league's rows is an error inside the block."""
    token, every = _active.set(league), _EVERY_LEAGUE.set(False)
    try:
        yield league
    finally:
        _EVERY_LEAGUE.reset(every)
        _active.reset(token)


@contextmanager
def every_league():
    """Read every league's rows inside the block (a ``using_league`` inside it narrows that
    to one again). Writes still name their league: a row without one is refused."""
    token, every = _active.set(None), _EVERY_LEAGUE.set(True)
    try:
        yield
    finally:
        _EVERY_LEAGUE.reset(every)
        _active.reset(token)


def across_leagues(function):
    """``function`` (a view, a command's ``handle``) runs inside :func:`every_league`."""

    @functools.wraps(function)
    def wrapped(*args, **kwargs):
        with every_league():
            return function(*args, **kwargs)

    return wrapped


def _refusal(what):
    return NoLeagueActive(
        f"{what} with no league active: run it inside using_league(league), or inside "
        "every_league() where every league's rows are meant."
    )


def site_league():
    """The site's first league: the one today's addresses without a league lead to (it is
    never where a row without a league goes)."""
    return _leagues().order_by("pk").first()


def current_league():
    """The active league; :class:`NoLeagueActive` when there is none."""
    league = active_league()
    if league is None:
        raise _refusal("The current league was asked for")
    return league


class LeagueManager(models.Manager):
    """The default manager of a league-owned model: only the active league's rows while one
    is active, every row inside ``every_league()``, and :class:`NoLeagueActive` otherwise.

    Django reads related rows (``seat.evening``) and deletes through the base manager, which
    stays unscoped, as django-scopes leaves it."""

    def get_queryset(self):
        queryset = super().get_queryset()
        league = _active.get()
        if league is not None:
            return queryset.filter(league_id=league.pk)
        if _EVERY_LEAGUE.get():
            return queryset
        raise _refusal(f"{self.model.__name__} rows were read")

    def none(self):
        """No rows, in or outside a league (a form's empty choice list, built at import)."""
        return super().get_queryset().none()


def league_reverse(league_id, viewname, **kwargs):
    """``reverse()`` of a league page of the league ``league_id``, whichever league the
    request is for (the first segment of a league page's path is its league's slug)."""
    from django.urls import reverse

    path = reverse(viewname, **kwargs)
    active = _active.get()
    if active is not None and active.pk == league_id:
        return path
    slug = _leagues().filter(pk=league_id).values_list("slug", flat=True).first()
    _empty, _old, rest = path.split("/", 2)
    return f"/{slug}/{rest}"


def current_league_pk():
    """The default of every row's league, and the key reads of the current league filter by:
    the active league's key; :class:`NoLeagueActive` with none active (inside
    ``every_league()`` too: a row names its league)."""
    league = active_league()
    if league is not None:
        return league.pk
    if _ROWS_OF_BEFORE_LEAGUES.get():
        # Only the key: old migrations take this default while the league's newer columns
        # are not there yet.
        return _leagues().order_by("pk").values_list("pk", flat=True).first()
    raise _refusal("A league's row was written (or its league's key asked for)")


class AddLeagueColumn(migrations.AddField):
    """An old migration's ``AddField`` of a league column: the rows of before leagues (the
    site had one) go to the site's first league, which that migration made. The same state
    as ``AddField``; only the database step fills the rows there."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        token = _ROWS_OF_BEFORE_LEAGUES.set(True)
        try:
            super().database_forwards(app_label, schema_editor, from_state, to_state)
        finally:
            _ROWS_OF_BEFORE_LEAGUES.reset(token)


def league_field():
    """The league of a league-owned row written by code that runs inside its league: a key
    to the league that defaults to the active one (``current_league_pk``)."""
    return models.ForeignKey(
        "league.League",
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=gettext_lazy("league"),
        default=current_league_pk,
    )
