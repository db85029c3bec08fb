"""Headers on every answer: members' answers are theirs alone (no cache on the way may keep
them), and the Content-Security-Policy."""

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.utils import build_policy
from django.conf import settings
from django.utils.cache import patch_cache_control

from ofcleague.web.converters import TOKEN

#: Directives that already keep an answer out of every shared cache.
PRIVATE_ENOUGH = ("private", "no-store")
#: DEBUG's technical pages, which style themselves inline.
DEBUG_PAGES = (404, 500)


class PrivatePagesMiddleware:
    """Send ``Cache-Control: private, no-store`` with every answer to a logged-in user, and
    keep every answer that sets a cookie out of shared caches.

    A member's page shows their name, their links and their messages, and the score pad's
    answers their league's hands: a shared cache (a proxy, a CDN) must never keep one, and
    the browser need not either (the live page revalidates with its own ETag). Anonymous
    visitors' answers keep their headers, unless one sets a cookie on its way out (an
    expired session's cookie deleted, a CSRF cookie renewed): a public page is then made
    private, since a shared cache would hand that cookie to everybody.

    A view's own ``Cache-Control`` is kept when it is already private or ``no-store`` (it
    was set deliberately and no shared cache stores it); any other one (``no-cache``,
    ``max-age``, ``public``) is completed, ``public`` dropped, since it would let a shared
    cache keep a member's page. Place it above the session middleware, so that it sees
    every cookie set on the way out (``request.user`` is set by then).

    An answer on a path with a secret in it (a route with a ``<token:...>``: an invite, an
    answer link, a calendar feed) is ``private, no-store`` whoever asks, whatever the view
    said, and sends no ``Referer`` onwards (``Referrer-Policy: no-referrer``): the secret
    stays out of every cache and out of the logs of any site a link on the page leads to.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if has_token(request):
            response.headers["Cache-Control"] = TOKEN_CACHE_CONTROL
            response.headers["Referrer-Policy"] = "no-referrer"
        elif user is not None and user.is_authenticated and not _private_enough(response):
            patch_cache_control(response, private=True, no_store=True)
        elif response.cookies and "public" in _directives(response):
            patch_cache_control(response, private=True)
        return response


#: The Cache-Control of every answer on a path with a token.
TOKEN_CACHE_CONTROL = "private, no-store"


#: What allauth's links (the address's confirmation, the password's reset) call their secret.
ALLAUTH_SECRET = "key"


def secret_route(route, names):
    """Whether a route holds a secret: a ``<token:...>`` part, or allauth's ``key`` among the
    ``names`` it captures (allauth's patterns are regular expressions of its own)."""
    return f"<{TOKEN}:" in route or ALLAUTH_SECRET in names


def has_token(request):
    """Whether the request's path holds a secret (``secret_route``)."""
    match = getattr(request, "resolver_match", None)
    return match is not None and secret_route(match.route or "", match.kwargs)


def _directives(response):
    return {
        part.split("=", 1)[0].strip().lower()
        for part in response.get("Cache-Control", "").split(",")
    }


def _private_enough(response):
    directives = _directives(response)
    return any(directive in directives for directive in PRIVATE_ENOUGH)


class ContentSecurityPolicyMiddleware:
    """Send the site's one Content-Security-Policy (settings.CONTENT_SECURITY_POLICY), built
    once by django-csp when the middleware starts instead of on every response.

    django-csp's own middleware rebuilds the same string for every answer to allow a policy
    per view (its decorators) and nonces; the site uses neither. As there, a header a view set
    itself is kept, and DEBUG's technical 404 and 500 pages (inline styles) get none.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        self.headers = {
            name: policy
            for name, policy in (
                (HEADER, build_policy()),
                (HEADER_REPORT_ONLY, build_policy(report_only=True)),
            )
            if policy
        }

    def __call__(self, request):
        response = self.get_response(request)
        if settings.DEBUG and response.status_code in DEBUG_PAGES:
            return response
        for name, policy in self.headers.items():
            response.headers.setdefault(name, policy)
        return response
