"""Members-only mode: with ``MEMBERS_ONLY`` set, anonymous visitors are sent to the login page."""

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import resolve_url

# Paths an anonymous visitor still reaches: logging in, assets, the language switch, the JSON
# API (it answers for itself), the admin (it has its own login page) and the health check.
OPEN_PREFIXES = ("/i18n/", "/api/", "/admin/", "/healthz")


class MembersOnlyMiddleware:
    """Send anonymous users to the login page when the site is members-only."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if (
            getattr(settings, "MEMBERS_ONLY", False)
            and not request.user.is_authenticated
            and not self._is_open(request.path_info)
        ):
            return redirect_to_login(request.get_full_path())
        return self.get_response(request)

    @staticmethod
    def _is_open(path):
        static = "/" + settings.STATIC_URL.lstrip("/")
        return path == resolve_url(settings.LOGIN_URL) or path.startswith((static, *OPEN_PREFIXES))
