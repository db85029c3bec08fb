"""Whole-page cache and HTTP validators for the league's read pages, made stale by every write.

The *league version* is a random token in one database row per league (web/models.py). Every
write to a league replaces its token inside its own transaction (``invalidate_league_pages``):
the new token becomes visible exactly when the write's rows do, to every gunicorn worker at
once, with or without a page cache (DEBUG, ``PAGE_CACHE=0``), and a write that rolls back
leaves it as it was. A fresh random token per write, not a counter, so no two states of a
league (nor a restored database) ever share one. A write in one league leaves the other
leagues' cached pages alone; a write that names no league (the admin, a restore) replaces
every league's token.

A page's *identity* is the league version, the code release (``release``), the language and
the path with its canonical query string. It names the page in the cache and, hashed, is the
page's ETag. A page reads the version before its data: a page rendered from data read before
a commit carries the version read before it, which that commit replaces, so a stale page is
never served, nor a stale ``304 Not Modified`` answered, after a save. (One that read the old
version and the new data is only unreachable, never stale.)

Anonymous GET pages are public for a short while: ``Cache-Control: public, max-age=``
``PUBLIC_MAX_AGE`` with a weak ETag (weak because the site compresses its own HTML: the gzipped
and the plain page are the same page). A request whose ``If-None-Match`` holds the current tag
gets its 304 before the view runs, at the cost of one small query. Members, visitors with a
pending message, redirects, errors and anything that sets a cookie are never public.
"""

import hashlib
import uuid
from collections.abc import Mapping
from functools import cache as once
from functools import wraps
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.cache import caches
from django.core.cache.backends.dummy import DummyCache
from django.db import transaction
from django.http import HttpResponse, HttpResponseRedirect, QueryDict
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import get_language

from ofcleague.web.active import active_league_pk
from ofcleague.web.models import THE_ROW, LeagueVersion
from ofcleague.web.params import LeftOut, ViewKwargs, keep

#: Seconds a browser or a shared cache may show an anonymous page without asking again: the
#: longest a reader can see a result older than a save.
PUBLIC_MAX_AGE = 10
#: The methods whose answers may be public (the page cache keeps GET answers only).
SAFE = ("GET", "HEAD")


#: The page cache's alias in ``CACHES`` (``ofcleague/web/cache_setup.py``): no cache under DEBUG
#: or with ``PAGE_CACHE=0``, unlike ``default``, which holds the rate limits.
PAGE_CACHE = "pages"


def page_cache():
    """The cache of pages and of other renderings named by the league version."""
    return caches[PAGE_CACHE]


def _new_token():
    return uuid.uuid4().hex


def league_version(request=None):
    """Return the current league version token: read it before the data a page shows. A
    request for a league page has it already, read with its league before anything else
    (``ofcleague/urls/middleware.py``), so the page costs no query more for its league."""
    token = getattr(request, "league_version", None)
    if token is not None:
        return token
    pk = active_league_pk() or THE_ROW
    token = LeagueVersion.objects.filter(pk=pk).values_list("token", flat=True).first()
    if token is None:
        # Every league's first write makes its row; until then (a league of an older site,
        # a flushed test database) its first read does.
        row, _created = LeagueVersion.objects.get_or_create(pk=pk, defaults={"token": _new_token()})
        token = row.token
    return token


def invalidate_league_pages(league_id=None):
    """Give the league ``league_id`` (by default the active one) a new version in the current
    transaction: every cached page and every ETag handed out for it becomes stale exactly when
    the transaction's writes become visible. With no league named or active (the admin, a
    restore, a command), every league gets a new version.

    Call it inside the writing transaction (each service's ``transaction.atomic``). On
    PostgreSQL the row stays locked until that transaction ends, so a league's writes queue
    from this call to their commit, as SQLite's IMMEDIATE transactions make every write queue.
    """
    _replace_version(league_id or active_league_pk())


def new_versions(league_ids) -> None:
    """Give each league of ``league_ids`` a new version in the current transaction (None among
    them: every league), once each (``league_writes.py`` calls it as a league write ends)."""
    if None in league_ids:
        _replace_version(None)
    else:
        for pk in sorted(league_ids):
            _replace_version(pk)


def _replace_version(pk) -> None:
    token = _new_token()
    if pk is None:
        LeagueVersion.objects.update(token=token)
        pk = THE_ROW
    if not LeagueVersion.objects.filter(pk=pk).update(token=token):
        LeagueVersion.objects.update_or_create(pk=pk, defaults={"token": token})


@once
def release():
    """The code release: a hash of the static files' manifest, which every collectstatic of
    changed files rewrites, and of the code, templates and translations; without a manifest
    (DEBUG's storage) a token of this process.

    Starting a server takes no new league version (that would drop every cached page at every
    restart), so a deploy that changes only templates or code must change this instead: the
    workers of the new code then answer under new ETags and cache keys, the old ones' copies
    are never served as theirs (docs/deployment.md, "Upgrades").
    """
    read_manifest = getattr(staticfiles_storage, "read_manifest", None)
    manifest = read_manifest() if read_manifest is not None else None
    if not manifest:
        return _new_token()[:12]
    digest = hashlib.blake2s(manifest.encode(), digest_size=6)
    digest.update(code_fingerprint())
    return digest.hexdigest()


#: What makes up the code of a release, besides the static files.
CODE_GLOBS = (("ofcleague", "*.py"), ("templates", "*.html"), ("locale", "*.mo"))


def code_fingerprint():
    """A hash of every file of the site's code, templates and compiled translations."""
    digest = hashlib.blake2s(digest_size=8)
    for folder, pattern in CODE_GLOBS:
        for path in sorted((settings.BASE_DIR / folder).rglob(pattern)):
            digest.update(str(path.relative_to(settings.BASE_DIR)).encode())
            digest.update(path.read_bytes())
    return digest.digest()


def new_release_after_an_edit(sender, file_path, **kwargs):
    """Under ``runserver`` an edited template takes effect without a restart: so does a new
    release token, or browsers would be told their copy of the old markup is current."""
    release.cache_clear()


def page_etag(*parts):
    """A weak ETag for what ``parts`` identify, with the code release and the language."""
    identity = "|".join((*map(str, parts), release(), get_language() or ""))
    return 'W/"' + hashlib.blake2s(identity.encode(), digest_size=16).hexdigest() + '"'


def make_public(response, etag):
    """Let any cache keep ``response`` for ``PUBLIC_MAX_AGE`` seconds, then revalidate it."""
    response["ETag"] = etag
    patch_cache_control(response, public=True, max_age=PUBLIC_MAX_AGE)
    # The 304 too names what the page varies on (gzip adds it only to a page it could pack).
    patch_vary_headers(response, ("Accept-Encoding",))
    return response


def shareable(request, response):
    """Whether ``response`` to an anonymous request is the same for every visitor: a complete
    page that sets no cookie (no CSRF token was used, the session was not written)."""
    session = getattr(request, "session", None)
    return (
        response.status_code == 200
        and not response.cookies
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
        and not getattr(session, "modified", False)
    )


def public_page(view):
    """For a page that is the same for every anonymous visitor (the rules, which reads no
    query parameter and of its league only the settings): public, with an ETag of the code
    release, the language, the path and the league's version (a changed variant marks
    another rule set as the league's)."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not _public_request(request):
            return view(request, *args, **kwargs)
        etag = page_etag(request.path, league_version(request))
        not_modified = get_conditional_response(request, etag=etag)
        if not_modified is not None:
            return make_public(not_modified, etag)
        response = view(request, *args, **kwargs)
        return make_public(response, etag) if shareable(request, response) else response

    return wrapper


def _public_request(request):
    # Logged-in members see their name, their links and their messages: only anonymous
    # visitors without pending messages get the shared page.
    return (
        request.method in SAFE
        and not request.user.is_authenticated
        and not len(messages.get_messages(request))
    )


def _normalisers(params):
    """``params`` as {name: normaliser}: a bare name keeps its value as it is (see params.py)."""
    if isinstance(params, Mapping):
        return dict(params)
    return dict.fromkeys(params, keep)


def _recognised(request, normalisers, view_kwargs):
    """Keep only the page's own query parameters on the request, each with its one canonical
    value; return the request's new full path and what was left out to tell the visitor.

    A visitor can add any parameter to a URL and give any value to one the view reads; a
    value that changes nothing on the page would make a new cache entry per value (``?z=1``,
    ``?z=2``, ``?sort=zzz``, ``?page=abc``...) and be echoed into the cached page's links. So
    the view sees only its own parameters, in the order they are declared, once each and
    normalised: the page cached for ``/alltime/?z=1&sort=zzz`` is exactly ``/alltime/``.
    """
    pairs, left_out = [], []
    view_kwargs = ViewKwargs(view_kwargs)
    for name, normalise in normalisers.items():
        values = request.GET.getlist(name)
        if not values:
            continue
        try:
            value = normalise(values, view_kwargs)
        except LeftOut as problem:
            left_out.append(problem.message)
            continue
        if value is not None:
            pairs.append((name, value))
    query = urlencode(pairs)
    request.GET = QueryDict(query)
    request.META["QUERY_STRING"] = query
    return request.get_full_path(), left_out


def cached_page(*, params, by_day: bool = False):
    """Serve a read view's page from the cache for anonymous GET requests, public and with
    its ETag (a 304 before the view runs when the visitor's copy is current).

    ``params`` are the query parameters the view reads (filters, ``sort``, ``page``,
    ``_export``...): names, or a mapping of each name to its normaliser (params.py); every
    other parameter is dropped before the view runs, every value replaced by its canonical
    one. A value a normaliser leaves out with a message (a mistyped filter) redirects to the
    page's canonical address with that message. The page's identity (module docstring) is
    its cache key and its ETag. Only complete HTML pages (status 200) that set no cookie are
    stored. ``by_day``: the page also changes with the league's date (a season that closes
    after its last day), which is then part of its identity.
    """
    normalisers = _normalisers(params)

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            path, left_out = _recognised(request, normalisers, kwargs)
            if left_out and request.method in SAFE:
                for message in left_out:
                    messages.warning(request, message)
                return HttpResponseRedirect(path)
            if not _public_request(request):
                return view(request, *args, **kwargs)
            # First the version, then the data (module docstring).
            parts = (timezone.localdate(),) if by_day else ()
            etag = page_etag(league_version(request), path, *parts)
            not_modified = get_conditional_response(request, etag=etag)
            if not_modified is not None:
                return make_public(not_modified, etag)
            response = _from_cache(request, etag, lambda: view(request, *args, **kwargs))
            return make_public(response, etag) if shareable(request, response) else response

        # The parameters the page reads, for a test to find every page's CSV download.
        wrapper.page_params = normalisers
        return wrapper

    return decorator


def _from_cache(request, etag, render):
    """The page stored under ``etag``, or ``render()``'s page, stored when it is complete.

    Without a cache (DEBUG, PAGE_CACHE=0) there is nothing to look up or keep.
    """
    cache = page_cache()
    if isinstance(cache, DummyCache) or request.method != "GET":
        return render()
    key = "page:" + etag
    stored = cache.get(key)
    if stored is not None:
        content, content_type = stored
        return HttpResponse(content, content_type=content_type)
    response = render()
    content_type = response.get("Content-Type", "")
    if (
        shareable(request, response)
        and not response.streaming
        and content_type.startswith("text/html")
    ):
        cache.set(key, (response.content, content_type))
    return response


class InvalidatesLeaguePages:
    """Admin mixin: every add, change or deletion in the admin makes cached pages stale.

    Put it first among a ModelAdmin's bases. The admin has no service layer to call. It logs
    each add and change after saving, inside its transaction (change form and list edits):
    that is where those invalidate. Deletions invalidate after deleting, in one transaction
    with it: the admin logs a deletion *before* it deletes, and the bulk "delete selected"
    action runs outside a transaction, so a new version taken there would be committed, and
    handed to pages, before the rows were gone. (History reverts are refused: see
    ``ReadOnlyHistoryAdmin``.)
    """

    def log_addition(self, request, obj, message):
        invalidate_league_pages()
        return super().log_addition(request, obj, message)

    def log_change(self, request, obj, message):
        invalidate_league_pages()
        return super().log_change(request, obj, message)

    def delete_model(self, request, obj):
        with transaction.atomic():
            super().delete_model(request, obj)
            invalidate_league_pages()

    def delete_queryset(self, request, queryset):
        with transaction.atomic():
            super().delete_queryset(request, queryset)
            invalidate_league_pages()
