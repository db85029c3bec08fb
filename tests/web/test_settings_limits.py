"""The caches that hold the rate limits and the trusted proxies, as production loads its
settings: in a fresh process (settings are read once, at import)."""

import json

from tests.web.test_settings import SECRET, run_manage

SHOW = (
    "import json; from django.conf import settings as s; print(json.dumps({"
    "'default': s.CACHES['default']['BACKEND'], 'location': str(s.CACHES['default']"
    ".get('LOCATION')), 'pages': s.CACHES['pages']['BACKEND'],"
    "'proxies': s.TRUSTED_PROXY_COUNT, 'allauth': s.ALLAUTH_TRUSTED_PROXY_COUNT}))"
)
PRODUCTION = {"SECRET_KEY": SECRET, "ALLOWED_HOSTS": "league.example.org"}


def settings_with(tmp_path, **env):
    # Whatever the test run's own environment holds, only what the test names counts.
    env = {"CACHE_URL": "", "REDIS_URL": "", "TRUSTED_PROXY_COUNT": "", **env}
    result = run_manage(tmp_path, "shell", "--no-imports", "-c", SHOW, **PRODUCTION, **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_a_redis_url_puts_the_limits_in_the_shared_redis_cache(tmp_path):
    values = settings_with(tmp_path, REDIS_URL="redis://cache.internal:6379/2")
    assert values["default"] == "django.core.cache.backends.redis.RedisCache"
    assert values["location"] == "redis://cache.internal:6379/2"
    # The page cache too, so every server serves what one rendered.
    assert values["pages"] == "ofcleague.web.page_redis.PageRedisCache"


def test_cache_url_names_the_redis_server_too(tmp_path):
    values = settings_with(tmp_path, CACHE_URL="rediss://cache.internal:6380/0")
    assert values["default"] == "django.core.cache.backends.redis.RedisCache"


def test_without_a_server_the_limits_live_in_files_and_the_proxy_is_not_trusted(tmp_path):
    values = settings_with(tmp_path)
    assert values["default"] == "django.core.cache.backends.filebased.FileBasedCache"
    assert values["pages"] == "django.core.cache.backends.filebased.FileBasedCache"
    assert values["proxies"] == 0 and values["allauth"] == 0


def test_switching_the_page_cache_off_keeps_the_limits(tmp_path):
    values = settings_with(tmp_path, PAGE_CACHE="0", TRUSTED_PROXY_COUNT="1")
    assert values["pages"] == "django.core.cache.backends.dummy.DummyCache"
    assert values["default"] == "django.core.cache.backends.filebased.FileBasedCache"
    assert values["proxies"] == 1 and values["allauth"] == 1


def test_development_keeps_the_limits_too(tmp_path):
    values = settings_with(tmp_path, DEBUG="1")
    assert values["default"] != "django.core.cache.backends.dummy.DummyCache"


def test_a_bad_proxy_count_or_cache_url_refuses_to_start(tmp_path):
    result = run_manage(tmp_path, "check", TRUSTED_PROXY_COUNT="one", **PRODUCTION)
    assert result.returncode != 0 and "TRUSTED_PROXY_COUNT" in result.stderr
    result = run_manage(tmp_path, "check", CACHE_URL="memcached://x:11211", **PRODUCTION)
    assert result.returncode != 0 and "CACHE_URL" in result.stderr
