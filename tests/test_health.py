"""The health check answers whatever the Host header, without logging an error."""

import logging

import pytest


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "10.0.0.7", "evil.example.com", "bad host!"])
def test_healthz_answers_ok_whatever_the_host(client, caplog, settings, host):
    settings.ALLOWED_HOSTS = ["league.example.org"]
    with caplog.at_level(logging.WARNING):
        response = client.get("/healthz", HTTP_HOST=host)
    assert response.status_code == 200
    assert response.content == b"ok"
    assert "no-cache" in response["Cache-Control"]
    assert not [record for record in caplog.records if "DisallowedHost" in record.name]
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


def test_healthz_needs_neither_https_nor_the_host(client, settings):
    settings.ALLOWED_HOSTS = ["league.example.org"]
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/healthz", HTTP_HOST="127.0.0.1").status_code == 200


def test_healthz_refuses_other_methods(client):
    response = client.post("/healthz")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"


def test_other_paths_still_check_the_host(client, settings, db):
    settings.ALLOWED_HOSTS = ["league.example.org"]
    assert client.get("/ofc-runde/history/", HTTP_HOST="evil.example.com").status_code == 400
