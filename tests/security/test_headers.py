"""Security headers on every response: CSP without inline code, no framing, no sniffing."""

import pytest


@pytest.fixture
def policy(client, db):
    response = client.get("/ofc-runde/history/")
    assert response.status_code == 200
    return response


def directives(response):
    """The Content-Security-Policy header as {directive: [sources]}."""
    header = response.headers["Content-Security-Policy"]
    parsed = {}
    for part in header.split(";"):
        name, *sources = part.split()
        parsed[name] = sources
    return parsed


def test_csp_allows_only_the_site_itself_and_nothing_inline(policy):
    csp = directives(policy)
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'"]
    assert csp["style-src"] == ["'self'"]
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["form-action"] == ["'self'"]
    assert "unsafe-inline" not in policy.headers["Content-Security-Policy"]
    assert "unsafe-eval" not in policy.headers["Content-Security-Policy"]


def test_no_framing_no_sniffing_no_referrer_leak(policy):
    assert policy.headers["X-Frame-Options"] == "DENY"
    assert policy.headers["X-Content-Type-Options"] == "nosniff"
    assert policy.headers["Referrer-Policy"] == "same-origin"
    assert policy.headers["Cross-Origin-Opener-Policy"] == "same-origin"


def test_login_page_has_the_policy_too(client, db):
    response = client.get("/login/")
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
