"""The site's two caches (``CACHES``), from the environment.

``default`` holds the rate limits of login, sign-up and password reset (allauth counts in
Django's default cache and has no setting for another one), so it is always a real cache:
with ``CACHE_URL`` or ``REDIS_URL`` naming a Redis server (``redis://``, ``rediss://`` or
``unix://``) Django's own Redis cache, shared by every app server that names the same server,
so they count together; otherwise files in ``DATA_DIR/cache-default``, shared by the gunicorn
workers of one server.

``pages`` is the page cache (``ofcleague/web/cache.py``): in the same Redis server when one is
named (under its own key prefix, so one server renders a page and every other one serves it),
else files in ``DATA_DIR/cache``; no cache at all under DEBUG or with ``PAGE_CACHE=0``. Its
entries are named by the league's version and the code release, both the same on every server
of a site, so a save on one server makes the page stale on all of them, and a server's restart
drops nothing. While Redis is away the pages are rendered (``ofcleague/web/page_redis.py``).
"""

from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

REDIS_SCHEMES = {"redis", "rediss", "unix"}
FILE_CACHE = "django.core.cache.backends.filebased.FileBasedCache"
REDIS_CACHE = "django.core.cache.backends.redis.RedisCache"
PAGE_REDIS_CACHE = "ofcleague.web.page_redis.PageRedisCache"
#: An unreachable Redis fails in a second instead of holding a worker (redis-py's pool options).
REDIS_OPTIONS = {"socket_connect_timeout": 1, "socket_timeout": 1}
#: Seconds a page is kept (a save makes it unreachable earlier: a new league version).
PAGE_TIMEOUT = 3600
NO_CACHE = "django.core.cache.backends.dummy.DummyCache"


def shared_cache_url(environ):
    """The Redis server's URL from ``CACHE_URL`` (first) or ``REDIS_URL``, or ``""``."""
    for name in ("CACHE_URL", "REDIS_URL"):
        url = (environ.get(name) or "").strip()
        if url:
            if urlsplit(url).scheme not in REDIS_SCHEMES:
                raise ImproperlyConfigured(
                    f"{name} must name a Redis server (redis://host:6379/0, rediss:// or "
                    f"unix://), not {url!r}."
                )
            return url
    return ""


def cache_settings(environ, data_dir, page_cache):
    """``CACHES``: the shared ``default`` and the switchable ``pages`` (module docstring)."""
    url = shared_cache_url(environ)
    if url:
        default = {
            "BACKEND": REDIS_CACHE,
            "LOCATION": url,
            "KEY_PREFIX": "ofcleague",
            "OPTIONS": REDIS_OPTIONS,
        }
        pages = {
            "BACKEND": PAGE_REDIS_CACHE,
            "LOCATION": url,
            "KEY_PREFIX": "ofcleague-pages",
            "TIMEOUT": PAGE_TIMEOUT,
            "OPTIONS": REDIS_OPTIONS,
        }
    else:
        default = {
            "BACKEND": FILE_CACHE,
            "LOCATION": data_dir / "cache-default",
            "OPTIONS": {"MAX_ENTRIES": 20000},
        }
        pages = {
            "BACKEND": FILE_CACHE,
            "LOCATION": data_dir / "cache",
            "TIMEOUT": PAGE_TIMEOUT,
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    return {"default": default, "pages": pages if page_cache else {"BACKEND": NO_CACHE}}
