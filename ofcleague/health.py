"""A liveness probe for monitoring and the load test's baseline."""

from django.http import HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


@never_cache
@require_GET
def healthz(request):
    """Answer "ok" without touching the database: the framework's own cost per request."""
    return HttpResponse("ok", content_type="text/plain")
