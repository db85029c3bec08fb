"""A Redis server of the test's own, and the site's caches in it as ``CACHE_URL`` sets them."""

import pytest
from django.core.cache import caches

from ofcleague.web.cache_setup import cache_settings
from tests.shared_cache.redis_server import RedisServer, need_redis

# The league pages' fixtures: an evening in progress and a scorekeeper's browser.
from tests.web.test_cache_pages import keeper, running  # noqa: F401


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(need_redis(), tmp_path / "redis").start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def shared_caches(settings, redis_server, tmp_path):
    """The settings of a server whose ``CACHE_URL`` names ``redis_server``: both caches in it."""
    settings.CACHES = cache_settings({"CACHE_URL": redis_server.url}, tmp_path, page_cache=True)
    yield settings
    for alias in ("default", "pages"):
        caches[alias].close()


def another_server(settings):
    """What a second app server does with the same settings: its own clients of the caches
    (the settings written anew, so Django makes new cache objects, as a new process would)."""
    settings.CACHES = {alias: dict(config) for alias, config in settings.CACHES.items()}
