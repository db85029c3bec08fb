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


@pytest.mark.django_db
def test_readyz_answers_ready_when_database_queue_and_cache_answer(client, settings):
    settings.ALLOWED_HOSTS = ["league.example.org"]
    settings.SECURE_SSL_REDIRECT = True
    response = client.get("/readyz", HTTP_HOST="127.0.0.1:8000")
    assert response.status_code == 200
    assert response.content == b"ready\n"
    assert "no-cache" in response["Cache-Control"]


def _refused(*args, **kwargs):
    from django.db import OperationalError

    raise OperationalError("connection refused")


@pytest.mark.django_db
def test_readyz_answers_503_when_the_database_is_down(client, monkeypatch):
    from django.db import connection

    monkeypatch.setattr(connection, "cursor", _refused)
    response = client.get("/readyz")
    assert response.status_code == 503
    assert b"database: OperationalError: connection refused" in response.content


@pytest.mark.django_db
def test_readyz_answers_503_when_the_task_queue_table_is_missing(client, monkeypatch):
    from django_tasks_db.models import DBTaskResult

    monkeypatch.setattr(DBTaskResult._meta, "db_table", "no_such_table_of_tasks")
    response = client.get("/readyz")
    assert response.status_code == 503
    assert b"task queue:" in response.content
    assert b"database:" not in response.content


@pytest.mark.django_db
def test_readyz_answers_503_when_the_cache_is_unreachable(client, monkeypatch):
    from django.core.cache import caches

    monkeypatch.setattr(caches["default"], "set", _refused)
    response = client.get("/readyz")
    assert response.status_code == 503
    assert b"cache:" in response.content


def test_healthz_stays_ok_with_the_database_down(client, monkeypatch):
    from django.db import connection

    monkeypatch.setattr(connection, "cursor", _refused)
    assert client.get("/healthz").content == b"ok"
