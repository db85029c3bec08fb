"""Limits per person, not per proxy: behind the trusted proxy every limit and lock counts the
client's own address (the proxy's X-Forwarded-For entry), so one person hammering the login or
the sign-up locks out that address (and that account from it), never anybody else.

With a real cache, as production has one: allauth counts its rate limits in the default cache.
"""

import pytest
from allauth.account.adapter import get_adapter
from allauth.account.models import EmailAddress
from django.test import Client, RequestFactory

from ofcleague.web.security import client_ip
from tests.security.conftest import PASSWORD, account

pytestmark = pytest.mark.django_db

PROXY = "127.0.0.1"
HAMMER = "198.51.100.66"
NEIGHBOUR = "203.0.113.20"
FAR_AWAY = "192.0.2.77"


@pytest.fixture
def anna():
    return account("anna")


@pytest.fixture
def bert():
    return account("bert")


def via_proxy(address, forged=""):
    """A browser whose requests reach the site through the proxy, which appends ``address``
    to whatever X-Forwarded-For the browser sent (``forged``)."""
    header = f"{forged}, {address}" if forged else address
    return Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=header)


def log_in(browser, login, password=PASSWORD):
    return browser.post("/login/", {"login": login, "password": password})


def logged_in(browser):
    return "_auth_user_id" in browser.session


def sign_up(browser, email):
    data = {"email": email, "password1": PASSWORD, "password2": PASSWORD}
    return browser.post("/accounts/signup/", data)


def hammer_the_login(browser, login, times=12):
    statuses = [log_in(browser, login, "wrong-password").status_code for _ in range(times)]
    assert 429 in statuses  # the hammering address is locked out
    return statuses


def test_a_hammered_login_locks_the_hammering_address_only(limits_on, anna, bert):
    hammer_the_login(via_proxy(HAMMER), "anna")

    # Even the right password: axes' lock (429) or allauth's "too many attempts" on the form.
    refused = via_proxy(HAMMER)
    assert log_in(refused, "anna").status_code in (200, 429)
    assert not logged_in(refused)

    owner = via_proxy(NEIGHBOUR)
    assert log_in(owner, "anna").status_code == 302 and logged_in(owner)
    other = via_proxy(FAR_AWAY)
    assert log_in(other, "bert@example.org").status_code == 302 and logged_in(other)


def test_after_a_hammered_login_another_address_still_signs_up(limits_on, anna):
    hammer_the_login(via_proxy(HAMMER), "anna")
    response = sign_up(via_proxy(NEIGHBOUR), "neu@example.org")
    assert response.status_code == 302
    assert EmailAddress.objects.filter(email="neu@example.org").exists()


def hammer_the_signup(browser, times=24):
    statuses = [sign_up(browser, f"bot{n}@example.org").status_code for n in range(times)]
    assert statuses[0] == 302
    assert statuses[-1] == 429  # the hammering address is refused
    return statuses


def test_hammered_signups_lock_the_hammering_address_only(limits_on, anna):
    hammer_the_signup(via_proxy(HAMMER))

    assert sign_up(via_proxy(HAMMER), "noch-einer@example.org").status_code == 429
    assert sign_up(via_proxy(NEIGHBOUR), "neu@example.org").status_code == 302
    owner = via_proxy(FAR_AWAY)
    assert log_in(owner, "anna").status_code == 302 and logged_in(owner)


def test_a_forged_header_in_front_of_the_proxys_entry_changes_nothing(limits_on, anna):
    statuses = [
        sign_up(via_proxy(HAMMER, forged=f"10.0.0.{n}"), f"bot{n}@example.org").status_code
        for n in range(24)
    ]
    assert statuses[-1] == 429


def directly(forged_number):
    """A browser talking to the server itself (no proxy), forging X-Forwarded-For."""
    return Client(REMOTE_ADDR=HAMMER, HTTP_X_FORWARDED_FOR=f"10.9.8.{forged_number}")


def test_without_trusted_proxies_a_forged_header_does_not_escape_the_signup_limit(limits_on, anna):
    limits_on.TRUSTED_PROXY_COUNT = 0
    statuses = [sign_up(directly(n), f"bot{n}@example.org").status_code for n in range(24)]
    assert statuses[-1] == 429


def test_without_trusted_proxies_a_forged_header_does_not_escape_the_login_lock(limits_on, anna):
    limits_on.TRUSTED_PROXY_COUNT = 0
    statuses = [log_in(directly(n), "anna", "wrong-password").status_code for n in range(6)]
    assert 429 in statuses
    refused = directly(99)
    assert log_in(refused, "anna").status_code in (200, 429)
    assert not logged_in(refused)


# The one rule for the client's address ---------------------------------------------------------


def request_from(remote, forwarded=None):
    extra = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded is not None else {}
    return RequestFactory().get("/", REMOTE_ADDR=remote, **extra)


@pytest.mark.parametrize(
    ("proxies", "remote", "forwarded", "client"),
    [
        # No trusted proxy: the header is nobody's word, not even from the loopback address.
        (0, "127.0.0.1", "198.51.100.7", "127.0.0.1"),
        (0, "203.0.113.5", "198.51.100.7", "203.0.113.5"),
        # One proxy: the entry it appended, the right-most.
        (1, "127.0.0.1", "198.51.100.7", "198.51.100.7"),
        (1, "127.0.0.1", "10.0.0.1, 198.51.100.7", "198.51.100.7"),
        (1, "127.0.0.1", " 2001:db8::7 ", "2001:db8::7"),
        # Two proxies: the entry the outer one appended.
        (2, "10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.1", "198.51.100.7"),
        # Refused: garbage, too few entries, no header.
        (1, "127.0.0.1", "evil", "127.0.0.1"),
        (1, "127.0.0.1", "198.51.100.7, ", "127.0.0.1"),
        (2, "127.0.0.1", "198.51.100.7", "127.0.0.1"),
        (1, "127.0.0.1", None, "127.0.0.1"),
    ],
)
def test_the_clients_address(settings, proxies, remote, forwarded, client):
    settings.TRUSTED_PROXY_COUNT = proxies
    assert client_ip(request_from(remote, forwarded)) == client


def test_allauth_reads_the_same_address_as_axes(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    request = request_from(PROXY, "10.0.0.1, 198.51.100.7")
    assert get_adapter(request).get_client_ip(request) == "198.51.100.7"
    settings.TRUSTED_PROXY_COUNT = 0
    assert get_adapter(request).get_client_ip(request) == PROXY


def test_the_refusal_says_in_german_what_happened_and_what_to_do(limits_on, german):
    browser = via_proxy(HAMMER)
    hammer_the_signup(browser, times=21)
    response = sign_up(browser, "noch-einer@example.org")
    assert response.status_code == 429
    page = response.content.decode()
    assert "Zu viele Versuche" in page and "Warte ein paar Minuten" in page
