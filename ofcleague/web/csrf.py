"""Django's CSRF check, for the pages that send no ``Referer``.

A page with a secret in its address answers ``Referrer-Policy: no-referrer``
(``middleware.PrivatePagesMiddleware``), so that no other site, cache or log learns the secret.
A browser then sends ``Origin: null`` with that page's own forms (the answer buttons of a
personal link, the join button of an invite, allauth's confirmation), and Django's check
refuses an origin it cannot compare. Here ``null`` counts as the site's own origin when the
browser itself says the form came from this site (``Sec-Fetch-Site: same-origin``, a header no
page can set), or when the form is sent to an address with a secret in it (which a forger
would have to know first; older browsers send no ``Sec-Fetch-Site``). Either way the CSRF
token of the form must still match its cookie: only the origin's comparison is relaxed, and
only for ``null``.
"""

from django.middleware.csrf import CsrfViewMiddleware

from ofcleague.web.middleware import has_token

#: What a browser sends as the origin of a page that sends no referrer.
OPAQUE_ORIGIN = "null"


class SiteCsrfViewMiddleware(CsrfViewMiddleware):
    def _origin_verified(self, request):
        if request.META.get("HTTP_ORIGIN") == OPAQUE_ORIGIN and (
            request.META.get("HTTP_SEC_FETCH_SITE") == "same-origin" or has_token(request)
        ):
            return True
        return super()._origin_verified(request)
