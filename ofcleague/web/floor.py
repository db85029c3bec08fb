"""The framework's floor, for the benchmarks: what a page costs before it shows anything.

``make bench`` and ``make loadtest`` measure every page against these two, served through the
same middleware in the same run: ``tiny`` answers a plain text "ok" from a view, ``frame`` renders
the site's own ``base.html`` with an empty content block. They are routed only with
``FLOOR_PAGES=1`` in the environment (settings.FLOOR_PAGES), never on a real site.
"""

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import path


def tiny(request):
    return HttpResponse("ok", content_type="text/plain")


def frame(request):
    return render(request, "web/floor.html")


urlpatterns = [
    path("floor/tiny/", tiny, name="floor_tiny"),
    path("floor/frame/", frame, name="floor_frame"),
]
