"""Settings for the test suite: the site's own settings with development defaults."""

import hashlib
import os
import tempfile
from pathlib import Path

os.environ.setdefault("DEBUG", "1")

from ofcleague.settings import *  # noqa: E402,F403

# Hashing passwords properly is slow and proves nothing in tests.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Mails stay in memory (django.core.mail.outbox); the live server runs in the same process.
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
# Login throttling would lock the suite out of its own logins; the lockout tests turn it on.
AXES_ENABLED = False
# No page cache: tests that write through factories would otherwise see pages cached before
# the write (the fixture cache_on turns a real one on). No rate limits either (allauth counts in
# the default cache): tests/security/test_limits_per_person.py turns a real one on.
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    "pages": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
}
# Tests never run collectstatic: WhiteNoise serves the source files, looked up per request.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
# Tasks run at once, within the request that enqueues them (tests/imports/test_tasks.py also
# runs them with the DummyBackend, which only queues).
TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
# SQLite tests run in memory, also under pytest-xdist: pytest-django knows only Django's own
# SQLite engine name and would otherwise give each worker a file named after the site's database.
if DATABASES["default"]["ENGINE"] == "ofcleague.web.sqlite":  # noqa: F405
    DATABASES["default"].setdefault("TEST", {})["NAME"] = ":memory:"  # noqa: F405
    # The browser tests (make browser) on a file of their own per worker instead: the live
    # server's threads then share it as the site does (WAL, a writer waits its turn), where an
    # in-memory database shared between threads refuses at once ("database table is locked")
    # when the pad saves a hand while the page reads the evening.
    if os.environ.get("OFC_TEST_DATABASE_FILES"):
        _worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        _run = hashlib.sha256(str(BASE_DIR).encode()).hexdigest()[:8]  # noqa: F405
        DATABASES["default"]["TEST"]["NAME"] = str(  # noqa: F405
            Path(tempfile.gettempdir()) / f"ofcleague-browser-{_run}-{_worker}.sqlite3"
        )
