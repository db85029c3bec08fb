"""gunicorn's access log masks every token of the site's addresses and names the client's own
address. Which addresses hold a token is read off the URL resolver, here as in the logger, so a
new token address cannot be forgotten; and every captured part of every address must be
accounted for below, as a token or as something that may be written down."""

import os
from datetime import timedelta
from types import SimpleNamespace
from urllib.parse import quote

import pytest
from django.urls import URLResolver, get_resolver, reverse
from gunicorn.config import Config

from ofcleague.web.access_log import MASK, TOKEN_KWARGS, AccessLogger, token_mask

#: Captured parts of the site's addresses that are no secret: ids, slugs, years, the admin's.
PUBLIC_KWARGS = {
    "pk",
    "slug",
    "year",
    "window",
    "round_number",
    "number",
    "table",
    "object_id",
    "content_type_id",
    "app_label",
    "url",
    "id",
    # A password reset link's account number (base 36), beside its key.
    "uidb36",
}
# Fixed, so that every pytest-xdist worker collects the same test ids (a token_urlsafe(24) form).
SECRET = "kQ9v-Tz3_Xw7LmN2pR8sYb4Hc6Jd1Fg0"
SAMPLES = {"uidb36": "3a", "pk": 7}


def routes(entries=None, namespace=""):
    """(name, captured names) of every route of the site."""
    for entry in get_resolver().url_patterns if entries is None else entries:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from routes(entry.url_patterns, inner)
        else:
            name = f"{namespace}{entry.name}" if entry.name else None
            yield name, set(entry.pattern.regex.groupindex)


def token_paths():
    """One address of every route with a token, the token being ``SECRET``."""
    paths = []
    for name, captured in routes():
        if captured & TOKEN_KWARGS:
            assert name, f"a token route without a name: {captured}"
            kwargs = {part: SAMPLES.get(part, SECRET) for part in captured}
            paths.append(reverse(name, kwargs=kwargs))
    return sorted(set(paths))


def test_every_captured_part_of_every_address_is_accounted_for():
    captured = set().union(*(parts for _name, parts in routes()))
    assert captured - TOKEN_KWARGS - PUBLIC_KWARGS == set(), (
        "A new captured part in an address: add it to TOKEN_KWARGS (ofcleague/web/access_log.py)"
        " if it is a secret, else to PUBLIC_KWARGS here."
    )


def test_the_site_has_the_token_addresses_of_the_issue():
    paths = "\n".join(token_paths()).replace(SECRET, "T")
    for expected in ("/join/T/", "/ofc-runde/rsvp/T/", "/ofc-runde/rsvp/T/calendar.ics"):
        assert expected in paths
    assert "/calendar/T.ics" in paths and "/accounts/confirm-email/T/" in paths


def variants(path):
    """The path as it can reach the log: as it is, in another league, without its last
    slash, with a sub-path, as a login's ``next``, with a query."""
    other_league = path.replace("/ofc-runde/", "/andere-liga/")
    return [
        path,
        other_league,
        path.rstrip("/"),
        path.rstrip("/") + "/whatever/",
        "/login/?next=" + quote(other_league),
        path + "?lang=en",
    ]


@pytest.mark.parametrize("path", token_paths())
def test_every_token_address_is_masked_in_every_form(path):
    mask = token_mask()
    for variant in variants(path):
        masked = mask.uri(variant)
        assert SECRET not in masked, variant
        assert MASK in masked or quote(MASK, safe="/:") in masked, variant


def test_the_masked_path_keeps_everything_but_the_token():
    mask = token_mask()
    assert mask.uri(f"/ofc-runde/rsvp/{SECRET}/calendar.ics") == (
        "/ofc-runde/rsvp/[token]/calendar.ics"
    )
    assert mask.uri(f"/calendar/{SECRET}.ics") == "/calendar/[token].ics"
    assert mask.uri(f"/join/{SECRET}/") == "/join/[token]/"


@pytest.mark.parametrize(
    "path", ["/ofc-runde/rsvp/links/", "/ofc-runde/players/anna/", "/ofc-runde/", "/login/"]
)
def test_addresses_without_a_token_stay_as_they_are(path):
    assert token_mask().uri(path) == path


def logger_atoms(monkeypatch, proxies, path, forwarded="198.51.100.7"):
    monkeypatch.setenv("TRUSTED_PROXY_COUNT", str(proxies))
    logger = AccessLogger(Config())
    path_info, _, query = path.partition("?")
    referer = f"https://league.example.org{path}"
    environ = {
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_X_FORWARDED_FOR": forwarded,
        "REQUEST_METHOD": "GET",
        "RAW_URI": path,
        "PATH_INFO": path_info,
        "QUERY_STRING": query,
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_REFERER": referer,
    }
    request = SimpleNamespace(headers=[("REFERER", referer), ("X-FORWARDED-FOR", forwarded)])
    response = SimpleNamespace(status="200 OK", headers=[], sent=10)
    return logger.atoms(response, request, environ, timedelta(milliseconds=5))


def test_the_logger_writes_no_token_anywhere(monkeypatch):
    atoms = logger_atoms(monkeypatch, 1, f"/ofc-runde/rsvp/{SECRET}/?next=/join/{SECRET}/")
    assert not [name for name, value in atoms.items() if SECRET in str(value)]
    assert atoms["r"] == "GET /ofc-runde/rsvp/[token]/?next=/join/[token]/ HTTP/1.1"
    assert atoms["U"] == "/ofc-runde/rsvp/[token]/"


def test_the_logger_names_the_client_behind_the_trusted_proxy(monkeypatch):
    assert logger_atoms(monkeypatch, 1, "/")["h"] == "198.51.100.7"
    assert logger_atoms(monkeypatch, 1, "/", forwarded="6.6.6.6, 198.51.100.7")["h"] == (
        "198.51.100.7"
    )


def test_the_logger_believes_no_header_without_trusted_proxies(monkeypatch):
    assert logger_atoms(monkeypatch, 0, "/")["h"] == "127.0.0.1"


def test_the_master_logs_in_the_sites_time_zone_as_the_workers_do(monkeypatch):
    import time

    monkeypatch.setenv("TZ", "UTC")  # gunicorn's master as systemd starts it
    try:
        AccessLogger(Config())
        assert os.environ["TZ"] == "Europe/Berlin"
        assert time.strftime("%Z", time.localtime(1_780_000_000)) in ("CET", "CEST")
    finally:
        monkeypatch.undo()
        time.tzset()
