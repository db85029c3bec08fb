"""Production settings as ``make serve`` runs them, for the tests that start gunicorn: the one
difference is that static files are served from their sources, so no collectstatic is needed."""

from ofcleague.settings import *  # noqa: F403

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
