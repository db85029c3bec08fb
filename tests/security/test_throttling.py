"""Login throttling (django-axes): 5 failures lock one user name from one address for 15 min."""

import datetime

import pytest
from axes.models import AccessAttempt
from django.test import RequestFactory

from ofcleague.web.security import client_ip
from tests.factories import UserFactory

PASSWORD = "secret-pass-123"


@pytest.fixture
def axes_on(settings):
    settings.AXES_ENABLED = True


@pytest.fixture
def anna(db):
    return UserFactory(username="anna", password=PASSWORD)


def login(client, password, address="203.0.113.5", username="anna"):
    return client.post("/login/", {"login": username, "password": password}, REMOTE_ADDR=address)


def fail(client, times, address="203.0.113.5"):
    for _ in range(times):
        assert login(client, "wrong", address).status_code == 200


def lock_out(client):
    """Fail five times: the fifth failure is answered with the lockout."""
    fail(client, 4)
    assert login(client, "wrong").status_code == 429


def test_five_failures_lock_out_even_the_right_password(axes_on, anna, client):
    lock_out(client)
    response = login(client, PASSWORD)
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_lockout_page_explains_in_german(axes_on, anna, client, german):
    fail(client, 4)
    response = login(client, "wrong")
    assert response.status_code == 429
    assert "15 Minuten" in response.content.decode()


def test_four_failures_still_let_the_right_password_in(axes_on, anna, client):
    fail(client, 4)
    assert login(client, PASSWORD).status_code == 302


def test_the_lock_holds_one_address_not_the_whole_game_night(axes_on, anna, client):
    lock_out(client)
    assert login(client, PASSWORD, address="203.0.113.99").status_code == 302


def test_a_success_resets_the_failure_count(axes_on, anna, client):
    fail(client, 4)
    assert login(client, PASSWORD).status_code == 302
    client.logout()
    fail(client, 4)
    assert login(client, PASSWORD).status_code == 302


def test_the_lock_ends_by_itself_after_15_minutes(axes_on, anna, client):
    lock_out(client)
    assert login(client, PASSWORD).status_code == 429
    earlier = datetime.timedelta(minutes=16)
    for attempt in AccessAttempt.objects.all():
        AccessAttempt.objects.filter(pk=attempt.pk).update(
            attempt_time=attempt.attempt_time - earlier
        )
    assert login(client, PASSWORD).status_code == 302


def test_throttling_is_off_in_the_other_tests(anna, client):
    fail(client, 6)
    assert login(client, PASSWORD).status_code == 302


def test_client_ip_behind_the_one_trusted_proxy_is_its_last_forwarded_address(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    request = RequestFactory().get(
        "/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="10.0.0.1, 198.51.100.7"
    )
    assert client_ip(request) == "198.51.100.7"


def test_client_ip_ignores_forwarded_headers_from_anyone_but_the_proxy():
    request = RequestFactory().get(
        "/", REMOTE_ADDR="203.0.113.5", HTTP_X_FORWARDED_FOR="198.51.100.7"
    )
    assert client_ip(request) == "203.0.113.5"


def test_client_ip_ignores_a_forged_garbage_header(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    request = RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="evil")
    assert client_ip(request) == "127.0.0.1"
