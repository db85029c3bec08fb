"""The league a request (or a block of a command) works on, as the web layer sees it.

The league app activates it (``ofcleague.league.current.using_league``); the web layer reads
only its key, to keep each league's pages in their own version (``cache.py``).
"""

from contextvars import ContextVar

#: The active league (a ``League`` row), or None.
ACTIVE_LEAGUE: ContextVar = ContextVar("active_league", default=None)


def active_league_pk():
    """The active league's key, or None when no league is active."""
    league = ACTIVE_LEAGUE.get()
    return league.pk if league is not None else None
