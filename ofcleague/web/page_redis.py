"""The page cache in a shared Redis server: Django's own ``RedisCache``, with one difference.

A page cache is only a shortcut: when Redis is away (restarted, unreachable for a moment) a
page is rendered as if it had never been kept, and what would have been stored is dropped,
instead of the page failing with a 500. Each such miss is logged as a warning. The rate limits
in the ``default`` cache stay Django's plain ``RedisCache``: a limit that cannot count refuses
(``/readyz`` reports the cache as down) rather than letting everything through.
"""

import logging

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


class PageRedisCache(RedisCache):
    """``RedisCache`` whose reads miss and whose writes are skipped while Redis is away.

    Every operation the pages use is covered: ``get``, ``set``, and the live part's mark that
    one follower is rendering (``add``: while Redis is away every follower renders for
    itself, as if nobody else were; ``delete``: nothing to take back)."""

    def get(self, key, default=None, version=None):
        try:
            return super().get(key, default, version)
        except RedisError as error:
            logger.warning("page cache unreachable, rendering instead: %s", error)
            return default

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            super().set(key, value, timeout, version)
        except RedisError as error:
            logger.warning("page cache unreachable, page not kept: %s", error)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            return super().add(key, value, timeout, version)
        except RedisError as error:
            logger.warning("page cache unreachable, rendering without a mark: %s", error)
            return True

    def delete(self, key, version=None):
        try:
            return super().delete(key, version)
        except RedisError as error:
            logger.warning("page cache unreachable, nothing to delete: %s", error)
            return False
