"""Where errors go: ADMINS from the environment get server errors; a wrong Host is one line."""

import logging
import sys

import pytest
from django.core import mail
from django.test import Client
from django.urls import include, path

from ofcleague.web.logs import SiteFormatter, admins_from


def boom(request):
    raise RuntimeError("boom")


urlpatterns = [path("boom/", boom), path("", include("ofcleague.urls"))]


def test_admins_are_read_with_or_without_a_name():
    assert admins_from("Ada <ada@example.org>, ops@example.org") == [
        ("Ada", "ada@example.org"),
        ("ops@example.org", "ops@example.org"),
    ]
    assert admins_from("") == [] and admins_from(None) == []


@pytest.mark.urls("tests.web.test_logs")
def test_a_server_error_is_mailed_to_the_admins(db, settings):
    settings.ADMINS = [("Ops", "ops@example.org")]
    settings.SERVER_EMAIL = "OFC League <liga@example.org>"
    response = Client(raise_request_exception=False).get("/boom/")
    assert response.status_code == 500
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["ops@example.org"]
    assert "RuntimeError" in mail.outbox[0].body


def console_formatter():
    [handler] = [h for h in logging.getLogger().handlers if isinstance(h.formatter, SiteFormatter)]
    return handler.formatter


def record(name, exc_info):
    return logging.LogRecord(name, logging.ERROR, __file__, 1, "Invalid host", None, exc_info)


def test_a_wrong_host_is_logged_in_one_line_without_a_mail(db, settings, caplog):
    settings.ADMINS = [("Ops", "ops@example.org")]
    settings.ALLOWED_HOSTS = ["league.example.org"]
    with caplog.at_level(logging.ERROR):
        response = Client().get("/ofc-runde/history/", HTTP_HOST="evil.example.com")
    assert response.status_code == 400
    assert [r.name for r in caplog.records] == ["django.security.DisallowedHost"]
    assert mail.outbox == []
    try:
        raise ValueError("a traceback")
    except ValueError:
        exc_info = sys.exc_info()
    formatter = console_formatter()
    line = formatter.format(record("django.security.DisallowedHost", exc_info))
    assert line == "ERROR django.security.DisallowedHost: Invalid host"
    # Every other error keeps its traceback.
    assert "Traceback" in formatter.format(record("django.request", exc_info))
