"""Every rate limit counted in the shared Redis, per client behind the one trusted proxy: the
attempts one address makes on one app server and then on another add up to one limit, and
refuse that address only, never its neighbour behind the same proxy.

(django-axes' login lock is kept in the database, shared by every server already; it reads the
address by the same function: tests/security/test_limits_per_person.py.)
"""

import itertools

import pytest
from allauth.account import app_settings
from allauth.core.internal import ratelimit
from django.test import RequestFactory

from tests.shared_cache.conftest import another_server

pytestmark = pytest.mark.django_db

PROXY = "127.0.0.1"
HAMMER = "198.51.100.66"
NEIGHBOUR = "203.0.113.20"
#: allauth's limits counted per client address (the account's settings, as the site runs them).
PER_ADDRESS = ["signup", "login", "login_failed", "reset_password", "reset_password_from_key"]
keys = itertools.count()


def attempt(action, address):
    """One attempt of ``action`` from ``address``, reaching the site through the proxy, each
    for another account or e-mail address (so only the address's limit can refuse it)."""
    request = RequestFactory().post(
        "/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=f"10.0.0.1, {address}"
    )
    usage = ratelimit.consume(
        request, app="allauth.account", action=action, key=f"user{next(keys)}@example.org"
    )
    return usage is not None


def address_limit(action):
    rates = ratelimit.get_rates(app="allauth.account", action=action)
    return next(rate.amount for rate in rates if rate.per == "ip")


@pytest.mark.parametrize("action", PER_ADDRESS)
def test_each_limit_counts_one_address_across_servers(shared_caches, action):
    shared_caches.TRUSTED_PROXY_COUNT = 1
    assert action in app_settings.RATE_LIMITS
    amount = address_limit(action)
    half = amount // 2
    assert all(attempt(action, HAMMER) for _ in range(half))  # on server A
    another_server(shared_caches)
    assert all(attempt(action, HAMMER) for _ in range(amount - half))  # on server B
    assert not attempt(action, HAMMER)  # the limit is reached, over both servers
    another_server(shared_caches)
    assert not attempt(action, HAMMER)
    assert attempt(action, NEIGHBOUR)  # behind the same proxy, counted on its own
