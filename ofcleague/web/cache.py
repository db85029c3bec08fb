"""Whole-page cache for the league's read pages, made stale by every write.

Every cache key includes the *league version*: a random token kept in the shared cache
(FileBasedCache under DATA_DIR, so every gunicorn worker sees the same one). A write replaces
the token once its transaction has committed, which makes every cached page unreachable at
once; they expire by themselves (settings: CACHES TIMEOUT). A fresh random token per write,
not a counter, so two concurrent writers can never end up on the same version.

A page rendered from data read before a commit is stored under the version read before it,
which that commit replaces: a stale page is never served after a save.
"""

import hashlib
import re
import uuid
from collections.abc import Mapping
from functools import wraps
from urllib.parse import urlencode

from django.contrib import messages
from django.core.cache import cache, caches
from django.core.cache.backends.dummy import DummyCache
from django.db import transaction
from django.http import HttpResponse, HttpResponseRedirect, QueryDict
from django.middleware.csrf import get_token
from django.utils.translation import get_language

from ofcleague.web.params import LeftOut, keep

VERSION_KEY = "league:version"
# The language switch in every page's header is a form with a CSRF token bound to the visitor's
# cookie: a cached page keeps a placeholder, and each hit gets the visitor's own token.
TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=")[A-Za-z0-9]+(")')
TOKEN_SLOT = "\x00csrf\x00"


def league_version():
    """Return the current league version token, creating one if the cache has none."""
    version = cache.get(VERSION_KEY)
    if version is None:
        cache.add(VERSION_KEY, uuid.uuid4().hex, timeout=None)
        version = cache.get(VERSION_KEY)
    return version


def _new_version():
    cache.set(VERSION_KEY, uuid.uuid4().hex, timeout=None)


def invalidate_league_pages():
    """Make every cached page stale once the current transaction commits (at once outside one)."""
    transaction.on_commit(_new_version)


def _cacheable_request(request):
    # Logged-in members see their name, their links and their messages: only anonymous
    # visitors without pending messages get the shared page.
    return (
        request.method == "GET"
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


def cached_page(*, params):
    """Serve a read view's page from the cache for anonymous GET requests.

    ``params`` are the query parameters the view reads (filters, ``sort``, ``page``,
    ``_export``...): names, or a mapping of each name to its normaliser (params.py); every
    other parameter is dropped before the view runs, every value replaced by its canonical
    one. A value a normaliser leaves out with a message (a mistyped filter) redirects to the
    page's canonical address with that message. The key is the path with the remaining query
    string, the language and the league version. Only complete HTML pages (status 200) are
    stored.
    """
    normalisers = _normalisers(params)

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            path, left_out = _recognised(request, normalisers, kwargs)
            if left_out and request.method in ("GET", "HEAD"):
                for message in left_out:
                    messages.warning(request, message)
                return HttpResponseRedirect(path)
            # Without a cache (DEBUG, PAGE_CACHE=0) there is nothing to look up or keep.
            if isinstance(caches["default"], DummyCache) or not _cacheable_request(request):
                return view(request, *args, **kwargs)
            identity = f"{league_version()}|{get_language()}|{path}"
            key = "page:" + hashlib.sha256(identity.encode()).hexdigest()
            stored = cache.get(key)
            if stored is not None:
                content, content_type = stored
                token = get_token(request)
                return HttpResponse(content.replace(TOKEN_SLOT, token), content_type=content_type)
            response = view(request, *args, **kwargs)
            content_type = response.get("Content-Type", "")
            if (
                response.status_code == 200
                and not response.streaming
                and content_type.startswith("text/html")
            ):
                content = TOKEN.sub(rf"\g<1>{TOKEN_SLOT}\g<2>", response.content.decode())
                cache.set(key, (content, content_type))
            return response

        return wrapper

    return decorator


class InvalidatesLeaguePages:
    """Admin mixin: every add, change or deletion in the admin makes cached pages stale.

    Put it first among a ModelAdmin's bases. The admin has no service layer to call. It logs
    each add and change after saving, inside its transaction (change form and list edits):
    that is where those invalidate. Deletions invalidate after deleting, in one transaction
    with it: the admin logs a deletion *before* it deletes, and the bulk "delete selected"
    action runs outside a transaction, so a new version taken there could be handed to a
    page rendered before the rows were gone. (History reverts are refused: see
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
