"""One write to the leagues' data: a transaction that gives each league it changed a new version.

Every service that writes runs as a league write (``@league_write`` on the function, or
``with league_write():`` around a block), instead of ``transaction.atomic``. While it runs,
it watches the SQL sent on its connection: the first statement that inserts, updates or
deletes rows while a league is active (``using_league``; none active: every league) gives that
league a new version (``cache.new_versions``), once per write, inside the write's transaction.
So the cached pages and the ETags go stale exactly when the rows become visible, a write that
is refused (rolled back) or changes no row leaves the versions as they were, and on PostgreSQL
the version's row stays locked from the write's first changed row to its commit: a league's
writes queue there, as SQLite's IMMEDIATE transactions make every write queue. A league write
inside another is a savepoint, like a nested ``transaction.atomic``; it shares the outer one's
versions.

So no service has to remember to make its pages stale: ``tests/leagues/test_league_writes.py``
checks that the code outside the web layer opens its transactions only this way.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps

from django.db import connection, transaction

from ofcleague.web.active import active_league_pk
from ofcleague.web.cache import new_versions
from ofcleague.web.models import LeagueVersion

#: A statement that adds rows: counted whatever its row count says (an ``INSERT ... RETURNING``
#: on SQLite counts its rows only as they are fetched).
_ADDS_ROWS = re.compile(r"\s*(INSERT|REPLACE)\b", re.IGNORECASE)
#: A statement that changes or removes rows: counted when it touched one.
_CHANGES_ROWS = re.compile(r"\s*(UPDATE|DELETE)\b", re.IGNORECASE)
_VERSIONS_TABLE = LeagueVersion._meta.db_table


class _Written:
    """The leagues an open league write gave new versions (None: every league), and those it
    changed rows of since its last statement (``pending``: their new versions are written
    before its next statement, or as it ends, never while a statement's rows are being read)."""

    def __init__(self):
        self.leagues: set[int | None] = set()
        self.pending: set[int | None] = set()
        self.flushing = False

    def __call__(self, execute, sql, params, many, context):
        if self.flushing:
            return execute(sql, params, many, context)
        self.flush()
        result = execute(sql, params, many, context)
        if _VERSIONS_TABLE not in sql and _wrote(sql, context):
            league = active_league_pk()
            if not {None, league} & (self.leagues | self.pending):
                self.pending.add(league)
        return result

    def flush(self) -> None:
        if not self.pending:
            return
        self.flushing = True
        try:
            new_versions(self.pending)
        finally:
            self.flushing = False
        self.leagues |= self.pending
        self.pending = set()

    def state(self) -> tuple:
        return set(self.leagues), set(self.pending)


def _wrote(sql: str, context) -> bool:
    if _ADDS_ROWS.match(sql):
        return True
    return bool(_CHANGES_ROWS.match(sql)) and context["cursor"].rowcount != 0


#: The outermost league write of this context (thread, task, request), while it runs.
_OPEN: ContextVar[_Written | None] = ContextVar("open_league_write", default=None)


@contextmanager
def _league_write():
    outer = _OPEN.get()
    if outer is not None:
        # A savepoint: rolled back, the versions it gave roll back with it.
        before = outer.state()
        try:
            with transaction.atomic():
                yield
        except BaseException:
            outer.leagues, outer.pending = before
            raise
        return
    written = _Written()
    opened = _OPEN.set(written)
    try:
        with transaction.atomic(), connection.execute_wrapper(written):
            yield
            written.flush()
    finally:
        _OPEN.reset(opened)


def league_write(func=None):
    """Run ``func`` (or, called without one, a ``with`` block) as one league write."""
    if func is None:
        return _league_write()

    @wraps(func)
    def write(*args, **kwargs):
        with _league_write():
            return func(*args, **kwargs)

    return write
