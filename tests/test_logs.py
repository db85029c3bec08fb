"""Where errors go: ADMINS from the environment get server errors; a wrong Host is one line."""

import logging

import pytest
from django.core import mail
from django.test import Client
from django.urls import include, path

from ofcleague.web.logs import OneLineFormatter, admins_from


def boom(request):
    raise RuntimeError("boom")


urlpatterns = [path("boom/", boom), path("", include("ofcleague.urls"))]


def test_admins_are_read_with_or_without_a_name():
    assert admins_from("Ada <ada@example.org>, ops@example.org") == [
        ("Ada", "ada@example.org"),
        ("ops@example.org", "ops@example.org"),
    ]
    assert admins_from("") == [] and admins_from(None) == []


@pytest.mark.urls("tests.test_logs")
def test_a_server_error_is_mailed_to_the_admins(db, settings):
    settings.ADMINS = [("Ops", "ops@example.org")]
    settings.SERVER_EMAIL = "OFC League <liga@example.org>"
    response = Client(raise_request_exception=False).get("/boom/")
    assert response.status_code == 500
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["ops@example.org"]
    assert "RuntimeError" in mail.outbox[0].body


def test_a_wrong_host_is_logged_in_one_line_without_a_mail(db, settings):
    settings.ADMINS = [("Ops", "ops@example.org")]
    settings.ALLOWED_HOSTS = ["league.example.org"]
    response = Client().get("/ofc-runde/history/", HTTP_HOST="evil.example.com")
    assert response.status_code == 400
    logger = logging.getLogger("django.security.DisallowedHost")
    assert not logger.propagate  # neither the traceback of "django" nor its mail to ADMINS
    [handler] = [h for h in logger.handlers if isinstance(h.formatter, OneLineFormatter)]
    record = logging.LogRecord(
        "django.security.DisallowedHost",
        logging.ERROR,
        __file__,
        1,
        "Invalid host",
        None,
        (ValueError, ValueError("x"), None),
    )
    assert handler.format(record) == "ERROR django.security.DisallowedHost: Invalid host"
    assert mail.outbox == []
