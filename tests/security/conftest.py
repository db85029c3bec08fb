"""What the security tests share: production's limits, and an account with a confirmed address."""

import datetime

import pytest
from allauth.account.models import EmailAddress
from django.core.cache import caches
from django.utils import timezone

from ofcleague.rsvp.services.answers import announce_evening
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


def announce_next_week(league, owner, place, notes):
    """A Pineapple evening a week ahead with a private place and notes (``league`` active)."""
    return announce_evening(
        league,
        owner,
        date=timezone.localdate() + datetime.timedelta(days=7),
        start_time=datetime.time(19, 30),
        location=place,
        notes=notes,
        buy_in=10,
        variant="pineapple",
        rule_set="",
        most_seats=6,
    )
