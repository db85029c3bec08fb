"""The league's read API in JSON: standings, evenings and records (docs/records-and-embeds.md).

Every answer carries an ETag made like the pages' (``web/cache.py``: the league's version,
the code release, the language and the address), and a request whose ``If-None-Match``
holds it gets its ``304 Not Modified`` before anything is read but the version. Its
parameters are checked first: an unknown one or a bad value is a 400 in the APIs' one error
shape (``web/api.py``), never a 304. A members-only league answers visitors 403 (the league
middleware, before any of this). A script on one of the sites the league lets embed its
standings may read the answers (``Access-Control-Allow-Origin`` names that site).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.http import JsonResponse
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.translation import gettext as _

from ofcleague.embeds.reads import (
    EVENINGS_PAGE_SIZE,
    current_season,
    evenings_page,
    records_data,
    standings,
)
from ofcleague.league.embed_sites import allows
from ofcleague.records.queries import record_book
from ofcleague.standings.queries import evening_count, season_years
from ofcleague.web.api import ApiError, api_view
from ofcleague.web.cache import league_version, make_public, page_etag

YEAR, PAGE = "year", "page"


def _whole_number(request, name: str) -> int | None:
    """The parameter ``name`` as a whole number from 1 (None when not given)."""
    value = request.GET.get(name)
    if value is None:
        return None
    if not (value.isascii() and value.isdigit() and 0 < len(value) <= 6 and int(value) > 0):
        raise ApiError(
            "invalid_" + name,
            _("“%(name)s” must be a whole number from 1, not “%(value)s”.")
            % {"name": name, "value": value[:20]},
            field=name,
        )
    return int(value)


def _only(request, allowed: tuple[str, ...]) -> None:
    if unknown := sorted(set(request.GET) - set(allowed)):
        raise ApiError(
            "unknown_parameter",
            _("There is no parameter “%(name)s” here.") % {"name": unknown[0][:40]},
            field=unknown[0][:40],
            allowed=allowed,
        )


def read_api(*, params: tuple[str, ...] = (), check: Callable | None = None):
    """A GET/HEAD JSON view with the pages' ETag: ``view(request, checked)`` returns the data
    once the parameters are checked (only ``params``; ``check(request)`` makes ``checked``
    of them or refuses them); 304 when the tag still holds."""

    def decorator(view):
        @api_view(["GET", "HEAD"])
        @wraps(view)
        def wrapper(request):
            _only(request, params)
            checked = check(request) if check is not None else None
            etag = page_etag(league_version(request), "api", request.get_full_path())
            not_modified = get_conditional_response(request, etag=etag)
            if not_modified is not None:
                return _tagged(request, not_modified, etag)
            response = JsonResponse(view(request, checked), safe=False)
            return _tagged(request, response, etag)

        return wrapper

    return decorator


def _tagged(request, response, etag):
    """Public for a while for a visitor (as the pages are), private for a member (the
    middleware marks it), with its ETag either way; readable by a script of one of the sites
    the league lets embed its standings (CORS)."""
    patch_vary_headers(response, ("Origin",))
    origin = request.headers.get("Origin")
    if origin and allows(request.league.embed_sites, origin):
        response["Access-Control-Allow-Origin"] = origin
    if request.user.is_authenticated:
        response["ETag"] = etag
        return response
    return make_public(response, etag)


def _year(request) -> int | None:
    year = _whole_number(request, YEAR)
    if year is not None and year not in season_years():
        raise ApiError(
            "unknown_year",
            _("The league has no finished evening in %(year)s.") % {"year": year},
            field=YEAR,
            status=404,
        )
    return year


def _page(request) -> int:
    number = _whole_number(request, PAGE) or 1
    pages = max(1, -(-evening_count() // EVENINGS_PAGE_SIZE))
    if number > pages:
        raise ApiError(
            "unknown_page",
            _("There are %(pages)s pages of evenings.") % {"pages": pages},
            field=PAGE,
            status=404,
        )
    return number


def standings_view(request, year):
    """A calendar year's table when asked (``?year=``); else the league's current own season
    under its main points system where it has one, else all time."""
    if year is None and (season := current_season(timezone.localdate())) is not None:
        return {"year": None, **season}
    return {"year": year, "standings": standings(year)}


def evenings_view(request, number):
    count = evening_count()
    return {
        "count": count,
        "page": number,
        "pages": max(1, -(-count // EVENINGS_PAGE_SIZE)),
        "evenings": evenings_page(number),
    }


def records_view(request, _checked):
    return records_data(record_book(request))


api_standings = read_api(params=(YEAR,), check=_year)(standings_view)
api_evenings = read_api(params=(PAGE,), check=_page)(evenings_view)
api_records = read_api()(records_view)
