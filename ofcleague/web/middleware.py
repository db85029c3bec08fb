"""Answers for logged-in members are theirs alone: no cache on the way may keep them."""

from django.utils.cache import patch_cache_control

#: Directives that already keep an answer out of every shared cache.
PRIVATE_ENOUGH = ("private", "no-store")


class PrivatePagesMiddleware:
    """Send ``Cache-Control: private, no-store`` with every answer to a logged-in user.

    A member's page shows their name, their links and their messages, and the score pad's
    answers their league's hands: a shared cache (a proxy, a CDN) must never keep one, and
    the browser need not either (the live page revalidates with its own ETag). Anonymous
    visitors' answers keep their headers.

    A view's own ``Cache-Control`` is kept when it is already private or ``no-store`` (it
    was set deliberately and no shared cache stores it); any other one (``no-cache``,
    ``max-age``, ``public``) is completed, ``public`` dropped, since it would let a shared
    cache keep a member's page. Place it after the authentication middleware.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and not _private_enough(response):
            patch_cache_control(response, private=True, no_store=True)
        return response


def _private_enough(response):
    directives = {
        part.split("=", 1)[0].strip().lower()
        for part in response.get("Cache-Control", "").split(",")
    }
    return any(directive in directives for directive in PRIVATE_ENOUGH)
