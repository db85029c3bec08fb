"""Settings for the test suite: the site's own settings with development defaults."""

import os

os.environ.setdefault("DEBUG", "1")

from ofcleague.settings import *  # noqa: E402,F403

# Hashing passwords properly is slow and proves nothing in tests.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
