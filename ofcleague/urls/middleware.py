"""Which league a request is for: the first segment of its path.

``/ofc-runde/alltime/`` is the league ``ofc-runde``'s all-time table. The middleware finds the
league (one query), refuses a members-only league to anybody who is not its member, and runs
the rest of the request with the league active (``ofcleague.league.current``) and with the
league's URL configuration (``pages.urlconf_for``). A path of a league page without a league
(every address the site had before it held many leagues, ``/evenings/12/``) is sent on to the
site's first league, so no link in anybody's chat breaks.
"""

import zoneinfo
from functools import lru_cache

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.db.models import OuterRef, Subquery
from django.http import Http404, HttpResponsePermanentRedirect
from django.urls import Resolver404, resolve
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from ofcleague.league.current import every_league, site_league, using_league
from ofcleague.league.leagues import (
    LEAGUE_PAGE_SEGMENTS,
    RESERVED_SLUGS,
    League,
)
from ofcleague.league.roles import can_read
from ofcleague.members.models import FormerAddress
from ofcleague.urls.pages import urlconf_for
from ofcleague.urls.site_language import site_page_answer
from ofcleague.web.api import error_response, json_error_for
from ofcleague.web.language import league_page_language
from ofcleague.web.members_only import personal_link
from ofcleague.web.models import LeagueVersion

#: The admin's first segment: its pages list and change every league's rows.
ADMIN_SEGMENT = "admin"


def _first_segment(path):
    return path.lstrip("/").split("/", 1)[0]


class LeagueMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self._answer(request)
        if _under_api(request):
            return json_error_for(response)
        return response

    def _answer(self, request):
        segment = _first_segment(request.path_info)
        if (segment in LEAGUE_PAGE_SEGMENTS and segment != "api") or _old_api(request, segment):
            return self._to_first_league(request)
        if not segment or segment in RESERVED_SLUGS:
            return self._site_page(request, segment)
        league = _league_and_version(segment)
        if league is None:
            moved = _moved(request, segment)
            if moved is not None:
                return moved
            if segment == settings.LEAGUE_SLUG:
                # The root configuration holds this league's pages: with no such league (it
                # was deleted) they are no page, rather than a league's page without one.
                raise Http404(_("No such page."))
            # The root configuration answers 404.
            return self._site_page(request, segment)
        request.league, request.league_version = league, league.version_token
        if not can_read(request.user, league) and not personal_link(request.path_info):
            return self._refused(request)
        request.urlconf = urlconf_for(league.slug)
        _speak_the_leagues_language(request, league)
        with using_league(league), timezone.override(_zone(league.time_zone)):
            return self.get_response(request)

    def _site_page(self, request, segment):
        """A page of the site itself, with no league active: reading a league's rows there
        is an error unless the view says it reads every league's (``current.across_leagues``);
        the admin, which lists every league's rows, says so here."""
        request.league = None
        with every_league() if segment == ADMIN_SEGMENT else using_league(None):
            return site_page_answer(request, self.get_response)

    @staticmethod
    def _refused(request):
        if request.path_info.startswith(f"/{request.league.slug}/api/"):
            return error_response(
                "login_required",
                _("This league is for members only: log in first."),
                status=403 if not request.user.is_authenticated else 404,
            )
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        # A logged-in stranger learns nothing, not even that the league exists.
        raise Http404(_("No such page."))

    @staticmethod
    def _to_first_league(request):
        league = site_league()
        if league is None:
            raise Http404(_("No such page."))
        target = f"/{league.slug}{request.path_info}"
        try:
            resolve(target, urlconf=urlconf_for(league.slug))
        except Resolver404:
            raise Http404(_("No such page.")) from None
        return _redirect(request, target)


def _moved(request, segment):
    """A permanent redirect from an address a league had to its address of today, or None."""
    slug = FormerAddress.objects.filter(slug=segment).values_list("league__slug", flat=True).first()
    if slug is None:
        return None
    rest = request.path_info.lstrip("/").partition("/")[2]
    return _redirect(request, f"/{slug}/{rest}")


def _redirect(request, target):
    """A permanent redirect to ``target`` with the request's query; a POST's keeps its
    method and body (308)."""
    query = request.META.get("QUERY_STRING")
    response = HttpResponsePermanentRedirect(target + (f"?{query}" if query else ""))
    if request.method not in ("GET", "HEAD"):
        response.status_code = 308
    return response


def _speak_the_leagues_language(request, league):
    """A league's pages speak its language unless the visitor picked one with the switch."""
    language = league_page_language(request.COOKIES, league.language)
    if language != request.LANGUAGE_CODE:
        translation.activate(language)
        request.LANGUAGE_CODE = language


@lru_cache(maxsize=64)
def _zone(name):
    """The league's time zone (the site's when the name is unknown)."""
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo(settings.TIME_ZONE)


def _league_and_version(slug):
    """The league with this slug and its version token, read in one query before anything
    else the page reads (``ofcleague/web/cache.py``)."""
    version = LeagueVersion.objects.filter(pk=OuterRef("pk")).values("token")[:1]
    league = League.objects.filter(slug=slug).order_by().annotate(version_token=Subquery(version))
    return league.first()


def _under_api(request) -> bool:
    """Whether the path lies under an API prefix: ``/api/`` or a league's ``/<slug>/api/``."""
    parts = request.path_info.lstrip("/").split("/")
    return parts[0] == "api" or (len(parts) > 1 and parts[1] == "api")


def _old_api(request, segment):
    """Whether the path is one of the league APIs of today (``/api/alltime/``)."""
    return segment == "api" and request.path_info.startswith(
        ("/api/alltime", "/api/evenings", "/api/score")
    )
