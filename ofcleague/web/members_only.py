"""Members-only mode: with ``MEMBERS_ONLY`` set, anonymous visitors are sent to the login page."""

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import resolve_url
from django.utils.translation import gettext as _

from ofcleague.web.api import error_response

# Paths an anonymous visitor still reaches besides the login page and the assets: the
# accounts' pages (signing up, confirming an address, resetting a password: allauth), the
# language switch, the admin's own login page and the scoring API (a calculator without any
# league data), the service worker and the manifest (no league data either). /healthz is
# answered before this middleware (ofcleague/web/health.py).
OPEN_PREFIXES = (
    "/i18n/",
    "/accounts/",
    "/admin/login/",
    "/api/score/",
    "/sw.js",
    "/manifest.webmanifest",
)
API_PREFIX = "/api/"


class MembersOnlyMiddleware:
    """Send anonymous users to the login page when the site is members-only.

    An API answers them with a JSON 403 instead: a program cannot follow a login form (403,
    not 401, which would need a ``WWW-Authenticate`` scheme; the site logs in by session).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if (
            getattr(settings, "MEMBERS_ONLY", False)
            and not request.user.is_authenticated
            and not self._is_open(request.path_info)
        ):
            if _in_league(request.path_info).startswith(API_PREFIX):
                return error_response(
                    "login_required",
                    _("This league is for members only: log in first."),
                    status=403,
                )
            return redirect_to_login(request.get_full_path())
        return self.get_response(request)

    @staticmethod
    def _is_open(path):
        static = "/" + settings.STATIC_URL.lstrip("/")
        if path == resolve_url(settings.LOGIN_URL) or path.startswith((static, *OPEN_PREFIXES)):
            return True
        # The scoring API of a league's calculator is as open as the site's; a player's
        # personal link is its own key (``rsvp/pages.py``).
        return _in_league(path).startswith("/api/score/") or personal_link(path)


def personal_link(path) -> bool:
    """Whether ``path`` is a player's personal link (``/<league>/rsvp/<token>/``), which
    answers without an account: the token stands for the player."""
    rest = _in_league(path)
    return rest.startswith("/rsvp/") and not rest.startswith("/rsvp/links/")


def _in_league(path):
    """The path within its league (``/ofc-runde/api/alltime/`` → ``/api/alltime/``); any
    path's first segment is taken off, which only league pages answer to."""
    rest = path.lstrip("/").partition("/")[2]
    return "/" + rest
