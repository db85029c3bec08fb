"""A liveness probe for monitoring and the load test's baseline."""

from django.http import HttpResponse, HttpResponseNotAllowed
from django.utils.cache import add_never_cache_headers

PATH = "/healthz"


class HealthCheckMiddleware:
    """Answer ``/healthz`` with "ok" before anything else looks at the request.

    First in ``MIDDLEWARE``: the probe asks by IP address over plain HTTP (see
    docs/deployment.md), which the later middleware would refuse as a disallowed host (logged
    as an error) or redirect to HTTPS. So this answers without ``request.get_host()``, the
    database or a template: the framework's own cost per request.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path_info != PATH:
            return self.get_response(request)
        if request.method not in ("GET", "HEAD"):
            return HttpResponseNotAllowed(["GET", "HEAD"])
        response = HttpResponse("ok", content_type="text/plain")
        add_never_cache_headers(response)
        return response
