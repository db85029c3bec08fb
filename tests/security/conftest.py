"""What the security tests share: production's limits, and an account with a confirmed address."""

import pytest
from allauth.account.models import EmailAddress
from django.core.cache import caches

from tests.factories import UserFactory

PASSWORD = "karo-bube-1234"


@pytest.fixture
def limits_on(settings):
    """Production's limits: axes on, allauth's rate limits in a real cache, one proxy."""
    settings.AXES_ENABLED = True
    settings.TRUSTED_PROXY_COUNT = 1
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "limits-per-person",
        },
        "pages": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    }
    caches["default"].clear()
    yield settings
    caches["default"].clear()


def account(name):
    """An account ``name`` with the confirmed address name@example.org."""
    user = UserFactory(username=name, email=f"{name}@example.org", password=PASSWORD)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user
