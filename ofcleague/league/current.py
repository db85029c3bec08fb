"""Which league a request (or a command) works on, and the managers that read only its rows.

The league a page belongs to is the first segment of its path (``/ofc-runde/alltime/``); the
web layer activates it for the request (``using_league``), as Django activates a language.
While a league is active, the league-owned models' default managers read that league's rows
only, and ``reverse()`` puts its slug in front of every league page's address. With none
active (the admin, management commands, a test that builds rows) they read every league's.

:func:`current_league` is the league a write without one named goes to: the active one, else
the site's first league (a site for one league never names it).
"""

from __future__ import annotations

from contextlib import contextmanager

from django.apps import apps
from django.db import models

from ofcleague.web.active import ACTIVE_LEAGUE as _active


def _leagues():
    """The leagues (by name: the league model's module builds on this one)."""
    return apps.get_model("league", "League").objects


def active_league():
    """The league activated for this request or block, or None."""
    return _active.get()


@contextmanager
def using_league(league):
    """Read and write ``league``'s rows (and build its addresses) inside the block."""
    token = _active.set(league)
    try:
        yield league
    finally:
        _active.reset(token)


def site_league():
    """The site's first league: the one a site for one league has, and the one today's
    addresses without a league lead to."""
    return _leagues().order_by("pk").first()


def current_league():
    """The active league, else the site's first."""
    return active_league() or site_league()


class LeagueManager(models.Manager):
    """The default manager of a league-owned model: only the active league's rows while one
    is active, every row otherwise."""

    def get_queryset(self):
        queryset = super().get_queryset()
        league = _active.get()
        if league is None:
            return queryset
        return queryset.filter(league_id=league.pk)


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
    """The default of every row's league: the current league's key (None without a league,
    which the database then refuses)."""
    league = active_league()
    if league is not None:
        return league.pk
    # Only the key: old migrations take this default while the league's newer columns are
    # not there yet.
    return _leagues().order_by("pk").values_list("pk", flat=True).first()
