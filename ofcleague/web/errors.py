"""The site's own page for a form refused by the CSRF check (``CSRF_FAILURE_VIEW``).

Django's stock page speaks formal German and brings an inline style the site's Content Security
Policy blocks; this one extends the site's base template like the 400, 403, 404 and 500 pages.
"""

from django.middleware.csrf import REASON_NO_CSRF_COOKIE
from django.shortcuts import render


def csrf_failure(request, reason=""):
    context = {"no_cookie": reason == REASON_NO_CSRF_COOKIE}
    return render(request, "403_csrf.html", context, status=403)
