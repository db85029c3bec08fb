"""Health probes for monitoring: ``/healthz`` (alive) and ``/readyz`` (ready to serve).

``/healthz`` is liveness: the process answers. It touches neither the database nor a template,
so it stays the framework's own cost per request (the load test's baseline) and never restarts
a server because the database is away.

``/readyz`` is readiness: it answers 200 "ready" only when the database answers, the task
queue's table can be read and the default cache (the rate limits) takes a write; otherwise 503
naming what failed, one line each. A monitor that should page someone watches ``/readyz``
(docs/deployment.md, "Monitoring").
"""

import logging

from django.core.cache import caches
from django.db import connection
from django.http import HttpResponse, HttpResponseNotAllowed
from django.utils.cache import add_never_cache_headers

PATH = "/healthz"
READY_PATH = "/readyz"
logger = logging.getLogger(__name__)


def check_database():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def check_task_queue():
    from django_tasks_db.models import DBTaskResult

    DBTaskResult.objects.only("pk").first()


def check_cache():
    cache = caches["default"]
    cache.set("readyz", "1", 10)
    cache.get("readyz")


#: What readiness asks, by the name it reports.
READINESS_CHECKS = {
    "database": check_database,
    "task queue": check_task_queue,
    "cache": check_cache,
}


def readiness_failures():
    """The names of the failed checks with their errors, in the order of ``READINESS_CHECKS``."""
    failures = []
    for name, check in READINESS_CHECKS.items():
        try:
            check()
        except Exception as error:  # noqa: BLE001 - any failure means not ready
            failures.append(f"{name}: {type(error).__name__}: {str(error).strip()[:200]}")
            if name == "database":
                # The task queue lives in the database too: no second timeout for it.
                failures.append("task queue: not checked, the database is down")
                break
    return failures


def _plain(text, status=200):
    response = HttpResponse(text + "\n", content_type="text/plain", status=status)
    add_never_cache_headers(response)
    return response


class HealthCheckMiddleware:
    """Answer ``/healthz`` and ``/readyz`` before anything else looks at the request.

    First in ``MIDDLEWARE``: the probe asks by IP address over plain HTTP (see
    docs/deployment.md), which the later middleware would refuse as a disallowed host (logged
    as an error) or redirect to HTTPS. So both answer without ``request.get_host()``;
    ``/healthz`` besides without the database or a template.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        path = request.path_info
        if path not in (PATH, READY_PATH):
            return self.get_response(request)
        if request.method not in ("GET", "HEAD"):
            return HttpResponseNotAllowed(["GET", "HEAD"])
        if path == PATH:
            response = HttpResponse("ok", content_type="text/plain")
            add_never_cache_headers(response)
            return response
        failures = readiness_failures()
        if failures:
            logger.warning("Not ready: %s", "; ".join(failures))
            return _plain("not ready\n" + "\n".join(failures), status=503)
        return _plain("ready")
