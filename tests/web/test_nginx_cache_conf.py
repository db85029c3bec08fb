"""docs/nginx-cache.conf, the shared cache the deployment guide puts in front of the site (and
``make loadtest`` runs): it must leave every decision to the app's own headers and must know
the app's cookie names, or a member could be served a cached page."""

import re
from pathlib import Path

from django.conf import settings

CONF = Path(__file__).resolve().parents[2] / "docs" / "nginx-cache.conf"


def directives() -> list[str]:
    """The configuration's directives, one string each, without comments or extra spaces."""
    text = re.sub(r"#[^\n]*", "", CONF.read_text(encoding="utf-8"))
    return [" ".join(part.split()) for part in re.split(r"[;{}]", text) if part.strip()]


def location(path: str) -> list[str]:
    """The directives inside ``location <path> {...}``."""
    text = re.sub(r"#[^\n]*", "", CONF.read_text(encoding="utf-8"))
    body = re.search(r"location " + re.escape(path) + r" \{(.*?)\}", text, re.S).group(1)
    return [" ".join(part.split()) for part in body.split(";") if part.strip()]


def test_nothing_overrides_what_the_app_says():
    names = {directive.split()[0] for directive in directives()}
    # No validity of nginx's own, no header of the app ignored, no stale page served.
    assert not names & {"proxy_cache_valid", "proxy_ignore_headers", "proxy_cache_use_stale"}
    cached = location("/")
    assert "proxy_cache_revalidate on" in cached
    assert "proxy_cache_lock on" in cached


def test_a_member_never_gets_or_leaves_a_cached_page():
    session = f"$cookie_{settings.SESSION_COOKIE_NAME}"
    cached = location("/")
    assert f"proxy_cache_bypass {session}" in cached
    assert f"proxy_no_cache {session}" in cached


def test_the_key_is_the_address_and_the_language_cookie():
    (key,) = [d for d in location("/") if d.startswith("proxy_cache_key")]
    assert f"$cookie_{settings.LANGUAGE_COOKIE_NAME}" in key
    assert "$scheme://$host$request_uri" in key


def test_the_app_learns_the_scheme_and_host_and_the_test_can_count_hits():
    assert "proxy_set_header X-Forwarded-Proto $scheme" in directives()
    assert "proxy_set_header Host $host" in directives()
    assert "add_header X-Cache-Status $upstream_cache_status always" in location("/")


def test_the_health_check_never_comes_from_the_cache():
    health = location("= /healthz")
    assert not [d for d in health if d.startswith("proxy_cache")]


def test_an_evenings_live_part_passes_the_phones_if_none_match_to_the_app():
    # A location with proxy_cache drops If-None-Match on its way to the app, so the followers'
    # polls would all be full renders: the live part has a location of its own, uncached.
    pattern = next(d.split()[2] for d in directives() if d.startswith("location ~ "))
    assert re.fullmatch(pattern, "/freitag-1/evenings/12/now/")
    assert not re.fullmatch(pattern, "/freitag-1/evenings/12/")
    live = location(f"~ {pattern}")
    assert live == ["proxy_pass http://ofcleague"]
