"""The e-mail settings read from the environment (ofcleague/settings.py: email_settings)."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from ofcleague.settings import email_settings

CONSOLE = "django.core.mail.backends.console.EmailBackend"
SMTP = "django.core.mail.backends.smtp.EmailBackend"


def test_development_without_a_server_prints_the_mails():
    assert email_settings({}, debug=True) == {"EMAIL_BACKEND": CONSOLE}


def test_production_without_a_server_hands_them_to_the_local_relay():
    assert email_settings({}, debug=False)["EMAIL_BACKEND"] == SMTP


def test_an_email_url_names_server_account_and_tls():
    found = email_settings(
        {"EMAIL_URL": "smtp://liga%40example.org:geh%2Fheim@mail.example.org:587?tls=1"},
        debug=False,
    )
    assert found["EMAIL_BACKEND"] == SMTP
    assert (found["EMAIL_HOST"], found["EMAIL_PORT"]) == ("mail.example.org", 587)
    assert (found["EMAIL_HOST_USER"], found["EMAIL_HOST_PASSWORD"]) == (
        "liga@example.org",
        "geh/heim",
    )
    assert found["EMAIL_USE_TLS"] and not found["EMAIL_USE_SSL"]


def test_smtps_is_tls_from_the_start_on_port_465():
    found = email_settings({"EMAIL_URL": "smtps://u:p@mail.example.org"}, debug=False)
    assert found["EMAIL_USE_SSL"] and not found["EMAIL_USE_TLS"]
    assert found["EMAIL_PORT"] == 465


def test_the_single_variables_work_too():
    found = email_settings(
        {
            "EMAIL_HOST": "mail.example.org",
            "EMAIL_PORT": "2525",
            "EMAIL_HOST_USER": "liga",
            "EMAIL_HOST_PASSWORD": "geheim",
            "EMAIL_USE_TLS": "yes",
        },
        debug=True,
    )
    assert found["EMAIL_BACKEND"] == SMTP
    assert (found["EMAIL_HOST"], found["EMAIL_PORT"], found["EMAIL_USE_TLS"]) == (
        "mail.example.org",
        2525,
        True,
    )
    assert (found["EMAIL_HOST_USER"], found["EMAIL_HOST_PASSWORD"]) == ("liga", "geheim")


def test_a_console_url_prints_even_in_production():
    assert email_settings({"EMAIL_URL": "console://"}, debug=False) == {"EMAIL_BACKEND": CONSOLE}


def test_another_scheme_is_refused_plainly():
    with pytest.raises(ImproperlyConfigured, match="EMAIL_URL"):
        email_settings({"EMAIL_URL": "http://mail.example.org"}, debug=False)


def test_the_tests_keep_their_mails_in_memory(settings):
    assert settings.EMAIL_BACKEND == "django.core.mail.backends.locmem.EmailBackend"


def test_a_port_that_is_no_number_is_refused_plainly():
    with pytest.raises(ImproperlyConfigured, match="EMAIL_PORT"):
        email_settings({"EMAIL_HOST": "mail.example.org", "EMAIL_PORT": "zwei"}, debug=False)
