"""The site on a phone without a connection: the web app manifest, the service worker and the
header that tells the worker whose pages it holds.

The worker (templates/web/sw.js) is served from ``/sw.js``, so that it controls the whole site
(a worker under ``/static/js/`` would control only that folder). It keeps:

- the site's own static files, at the URLs the pages name (hashed in production), in a cache
  named by their list: a release that changes any file changes its name, and the new worker
  deletes the old caches when it takes over;
- the reading pages and the score pad as last fetched, network first: online every page comes
  from the server, a copy is shown only when the server cannot be reached, with a note saying
  when it was fetched. Never a POST, never an API's JSON, never a redirect or an error. Which
  pages: an allowlist of the pages' names (``KEPT_PAGES``), decided by the server for each
  answer from the page the URL resolver found, and told to the worker in the answer's
  ``Offline-Keep`` header; an answer without it is never kept.

Whose pages: a member's pages are theirs (``Cache-Control: private``). Every page the worker
keeps carries the ``Offline-Audience`` header of its answer, a keyed hash of the session (or
``public``). When a page arrives for another audience (someone logged in or out, a session
expired) the worker drops every page it holds before keeping the new one, and it drops them all
when the browser posts a login or logout form. So it only ever shows the pages of the session
that fetched them, on the phone that fetched them.

The CSRF token: a pad page shown offline carries the token it was fetched with. Django checks a
token against the CSRF cookie's secret, which stays the same until the next login (which also
starts a new session, so the worker has dropped that page by then): the pad's POSTs from a kept
page still pass.
"""

import hashlib
import json

from django.conf import settings
from django.contrib.staticfiles.finders import FileSystemFinder
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import path, reverse
from django.utils import translation
from django.utils.cache import get_conditional_response
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

#: The response header naming whose pages the worker may keep.
AUDIENCE_HEADER = "Offline-Audience"
PUBLIC = "public"

#: The pages the worker keeps, by the name the URL resolver gives them: an allowlist, decided
#: on the server for the page a request resolved to (so ``players/manage/`` is never taken for a
#: player's page). The site's front page, a league's reading pages, an evening, its round
#: pages and the score pad (the pad's own shell, which a scorekeeper needs without a
#: connection). Nothing else: no form that changes data, no members', cash, settings,
#: import or account page, no page with a token, no API, no printable sheet, no live page.
KEPT_PAGES = frozenset(
    {
        "front",
        "standings:home",
        "standings:history",
        "standings:alltime",
        "standings:seasons",
        "standings:season",
        "standings:player",
        "standings:statistics",
        "rules:rules",
        "rules:calculator",
        "results:evening",
        "table:round",
        "table:pad",
    }
)
#: The response header that tells the worker it may keep the page (only ever ``KEEP``).
KEEP_HEADER = "Offline-Keep"
KEEP = "1"
#: Kinds of static files the pages need; the icons' PNGs are the phone's, fetched at install.
KEPT_STATIC = (".css", ".js", ".svg")
#: How long a page may take before the worker shows its copy (milliseconds): a connection
#: that is there but carries nothing is no better than none.
PAGE_TIMEOUT = 8000
#: At most this many pages are kept; the oldest go first.
MAX_PAGES = 60

#: The icons of the manifest: (file, size, purpose).
ICONS = (
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/maskable-192.png", "192x192", "maskable"),
    ("icons/maskable-512.png", "512x512", "maskable"),
)
THEME_COLOR = "#14532d"
BACKGROUND_COLOR = "#f4f6f5"


class OfflineAudienceMiddleware:
    """Name the audience of every HTML page in the ``Offline-Audience`` header: a keyed hash
    of a member's session, or ``public``; and mark a page of ``KEPT_PAGES`` with
    ``Offline-Keep``, the only pages the worker keeps. Place it above the session
    middleware: on the way out it then sees the session (and ``request.user``) a login or a
    logout ends with."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.get("Content-Type", "").startswith("text/html"):
            response[AUDIENCE_HEADER] = audience(request)
            if response.status_code == 200 and kept_page(request):
                response[KEEP_HEADER] = KEEP
        return response


def kept_page(request):
    """Whether the worker may keep the page ``request`` resolved to (``KEPT_PAGES``)."""
    match = getattr(request, "resolver_match", None)
    return match is not None and match.view_name in KEPT_PAGES


def audience(request):
    """Whose the page is: ``public`` for anonymous visitors, else a hash of the session key."""
    user = getattr(request, "user", None)
    session = getattr(request, "session", None)
    if user is None or not user.is_authenticated or session is None or not session.session_key:
        return PUBLIC
    return salted_hmac("ofcleague.offline.audience", session.session_key).hexdigest()[:24]


def kept_static_urls():
    """The URLs of the site's own scripts, styles and pictures, as the pages name them."""
    names = sorted(
        name
        for name, _storage in FileSystemFinder().list(ignore_patterns=[])
        if name.endswith(KEPT_STATIC)
    )
    return [static(name.replace("\\", "/")) for name in names]


def _labels():
    """The offline note in each of the site's languages (the worker serves them all)."""
    labels = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            labels[code] = {
                "today": _("Offline: this page as of today, %(time)s."),
                "earlier": _("Offline: this page as of %(day)s, %(time)s."),
            }
    return labels


def _answer(request, content, content_type):
    """``content`` with an ETag of itself: a browser that has it gets a 304."""
    etag = '"' + hashlib.blake2s(content.encode(), digest_size=16).hexdigest() + '"'
    not_modified = get_conditional_response(request, etag=etag)
    response = not_modified or HttpResponse(content, content_type=content_type)
    response["ETag"] = etag
    # Always asked again (a 304 when nothing changed): a release reaches phones at once.
    response["Cache-Control"] = "no-cache"
    return response


def worker_config():
    """What the worker needs to know: the files to keep, the pages, the texts."""
    urls = kept_static_urls()
    config = {
        "static": urls,
        # Hashed names never change their content: those files come from the cache first.
        "hashed": isinstance(staticfiles_storage, ManifestFilesMixin),
        "keepHeader": KEEP_HEADER,
        "keep": KEEP,
        "forget": [reverse("login"), reverse("logout"), "/admin/login/", "/admin/logout/"],
        "audienceHeader": AUDIENCE_HEADER,
        "timeout": PAGE_TIMEOUT,
        "maxPages": MAX_PAGES,
        "labels": _labels(),
        "fallback": settings.LANGUAGE_CODE,
    }
    config["version"] = hashlib.blake2s(
        json.dumps(config, sort_keys=True).encode(), digest_size=6
    ).hexdigest()
    return config


def service_worker(request):
    """The service worker, at the site's root so that it controls every page."""
    content = render_to_string(
        "web/sw.js", {"config": json.dumps(worker_config(), ensure_ascii=False, indent=1)}
    )
    response = _answer(request, content, "text/javascript; charset=utf-8")
    return response


def manifest(request):
    """The web app manifest: the site installed on a phone's home screen opens as an app."""
    data = {
        "id": "/",
        "name": _("OFC League"),
        "short_name": _("OFC League"),
        "description": _("Open Face Chinese Poker among friends: evenings, tables and standings."),
        "lang": translation.get_language() or settings.LANGUAGE_CODE,
        "start_url": reverse("front"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [
            {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            *(
                {"src": static(name), "sizes": sizes, "type": "image/png", "purpose": purpose}
                for name, sizes, purpose in ICONS
            ),
        ],
    }
    content = json.dumps(data, ensure_ascii=False, indent=1)
    return _answer(request, content, "application/manifest+json")


urlpatterns = [
    path("sw.js", service_worker, name="service_worker"),
    path("manifest.webmanifest", manifest, name="manifest"),
]
