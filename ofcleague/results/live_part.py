"""The evening's changing part for its followers: rendered once per league version, shared.

Every follower of a live evening asks for the part every few seconds (``static/js/live.js``)
and every save gives the league a new version (``ofcleague/web/cache.py``), so the six phones
of an evening would render the same part six times after each hand. The part depends on
nothing of the person asking but two things: the language they read and whether they see the
league's money (``roles.sees_money``). So it is rendered without them, for an anonymous
request of nobody in particular (:func:`render_part`), and kept in the page cache under its
ETag: the league, its version, the evening, the language, money shown or not, and the code
release. The first follower after a save renders it; the others get the same bytes.

A visitor who is not logged in (no session cookie) is answered before the session, the
user, the URL resolver and the view (:class:`LivePartMiddleware`): one indexed query reads
the league with its version, which is all the ETag needs besides the cookie's language; a
current ``If-None-Match`` gets its 304, a part in the cache its 200, anything else goes on
to the view. Members go the whole way (their role decides the money), and share the cached
part all the same.

Stale reads cannot happen: the version is read before the part's data (the league
middleware's first query, or this module's one query) and a save replaces it in the save's
own transaction, so a part stored under a version holds data at least as new as that
version, and after a save no follower is answered under the old one.
"""

import functools
import hashlib
import re
import time

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import DisallowedHost
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response, patch_vary_headers

from ofcleague.league.leagues import League, Visibility
from ofcleague.web.cache import page_cache, release
from ofcleague.web.converters import MAX_ID
from ofcleague.web.language import league_page_language
from ofcleague.web.models import LeagueVersion

TEMPLATE = "results/_evening_now.html"
#: The part's address in a league (``results/urls.py``: ``evenings/<id:pk>/now/``).
PART_PATH = re.compile(r"^/(?P<slug>[^/]+)/evenings/(?P<pk>[0-9]{1,20})/now/$")
SAFE = ("GET", "HEAD")


def part_etag(league_pk, version, evening_pk, language, shows_money) -> str:
    """The part's weak ETag, which also names it in the cache (module docstring)."""
    money = "m" if shows_money else "-"
    parts = ("now", league_pk, version, evening_pk, language or "", money, release())
    identity = "|".join(map(str, parts))
    return 'W/"' + hashlib.blake2s(identity.encode(), digest_size=16).hexdigest() + '"'


def _cache_key(etag) -> str:
    return "now:" + etag


def cached_part(etag):
    """The part stored under ``etag`` (bytes), or None."""
    return page_cache().get(_cache_key(etag))


#: How long a follower waits for the part another follower is rendering (seconds), and how
#: often it looks; then it renders the part itself (the other may have failed).
WAIT_FOR_RENDERING = 2.0
LOOK_EVERY = 0.02


def shared_part(etag, render, pause=time.sleep) -> bytes:
    """The part stored under ``etag``, else ``render()``'s bytes, stored for the others.

    Followers who miss at the same moment (right after a save) do not all render it: the
    first takes a mark in the cache (``add``) and renders; the others wait for its part,
    without using the CPU, up to ``WAIT_FOR_RENDERING``."""
    cache = page_cache()
    content = cached_part(etag)
    if content is not None:
        return content
    mark = "rendering:" + etag
    if not cache.add(mark, 1, timeout=WAIT_FOR_RENDERING * 2):
        for _ in range(int(WAIT_FOR_RENDERING / LOOK_EVERY)):
            pause(LOOK_EVERY)
            content = cached_part(etag)
            if content is not None:
                return content
    try:
        content = render()
        cache.set(_cache_key(etag), content)
    finally:
        cache.delete(mark)
    return content


def nobodys_request(request) -> HttpRequest:
    """A GET of the same path by an anonymous visitor with no query, no cookie and no
    session: what the shared part is rendered for, so that nothing of the person asking
    (their name, their messages, a CSRF token, a query they added) can get into it."""
    neutral = HttpRequest()
    neutral.method = "GET"
    neutral.path = request.path
    neutral.path_info = request.path_info
    neutral.user = AnonymousUser()
    return neutral


def render_part(request, context) -> bytes:
    """The part for ``context`` (``evening_page.evening_now``), as nobody's request."""
    return render_to_string(TEMPLATE, context, request=nobodys_request(request)).encode()


def part_answer(response, etag, language=None):
    """``response`` (the part, or its 304) with the part's headers: the ETag, and ``no-cache``
    (phones ask each time; the ETag makes it cheap). ``language`` when answered before the
    language middleware, which otherwise adds it and ``Vary: Cookie``."""
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    if language is not None:
        patch_vary_headers(response, ("Cookie",))
        response.headers.setdefault("Content-Language", language)
        response.headers.setdefault("X-Frame-Options", settings.X_FRAME_OPTIONS)
    return response


# Followers who are not logged in ---------------------------------------------------------------


@functools.cache
def _league_row_sql() -> str:
    """The one query of the early answer, in SQL written once: building it through the ORM
    costs several times what the database takes to answer it."""
    league, version = League._meta, LeagueVersion._meta
    quote = connection.ops.quote_name

    def column(meta, name):
        return quote(meta.get_field(name).column)

    picked = ", ".join(
        f"l.{column(league, name)}" for name in ("id", "visibility", "money_public", "language")
    )
    joined = f"v.{column(version, 'id')} = l.{column(league, 'id')}"
    return (
        f"SELECT {picked}, v.{column(version, 'token')} FROM {quote(league.db_table)} l "
        f"LEFT JOIN {quote(version.db_table)} v ON {joined} "
        f"WHERE l.{column(league, 'slug')} = %s"
    )


def _league_row(slug):
    """(pk, visibility, money_public, language, version) of the league ``slug``: one query
    by the slug's unique index."""
    with connection.cursor() as cursor:
        cursor.execute(_league_row_sql(), [slug])
        return cursor.fetchone()


def early_answer(request):
    """The 304 or the cached part for a visitor without a session, or None (the request goes
    on as any other)."""
    if (
        request.method not in SAFE
        or settings.SESSION_COOKIE_NAME in request.COOKIES
        or getattr(settings, "MEMBERS_ONLY", False)
    ):
        return None
    match = PART_PATH.match(request.path_info)
    if match is None or int(match["pk"]) > MAX_ID:
        return None
    try:
        request.get_host()
    except DisallowedHost:
        return None
    row = _league_row(match["slug"])
    if row is None or row[1] == Visibility.MEMBERS or row[4] is None:
        return None
    league_pk, _visibility, money_public, league_language, version = row
    language = league_page_language(request.COOKIES, league_language)
    # A visitor with no account sees the money where the league shows it to everybody.
    etag = part_etag(league_pk, version, int(match["pk"]), language, bool(money_public))
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        return part_answer(not_modified, etag, language)
    content = cached_part(etag)
    if content is None:
        return None
    return part_answer(HttpResponse(content), etag, language)


class LivePartMiddleware:
    """Answers a follower without a session from one query (``early_answer``). Place it
    below the middleware that adds headers to every answer (security, compression, the
    policy, the private pages, the offline audience) and above the session's."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        answer = early_answer(request)
        return answer if answer is not None else self.get_response(request)
