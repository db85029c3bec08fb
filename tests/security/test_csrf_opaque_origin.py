"""A page that sends no Referer still posts its own forms (web/csrf.py).

Pages with a secret in their address answer ``Referrer-Policy: no-referrer``; a browser then
sends ``Origin: null`` with their forms. That origin passes where the browser says the form
came from this site, or where the form goes to an address with a secret in it, and nowhere
else; the form's CSRF token must match either way.
"""

import pytest
from django.test import Client

from ofcleague.league.leagues import League

pytestmark = pytest.mark.django_db


@pytest.fixture
def browser():
    return Client(enforce_csrf_checks=True)


def csrf_token(browser, path="/login/"):
    browser.get(path)
    return browser.cookies["csrftoken"].value


def post(browser, path, token, **headers):
    return browser.post(path, {"csrfmiddlewaretoken": token}, **headers)


def test_a_null_origin_from_the_site_itself_passes(browser, first_league):
    token = csrf_token(browser)
    response = post(
        browser, "/logout/", token, HTTP_ORIGIN="null", HTTP_SEC_FETCH_SITE="same-origin"
    )
    assert response.status_code != 403


def test_a_null_origin_from_another_site_is_refused(browser, first_league):
    token = csrf_token(browser)
    for site in ("cross-site", "same-site", None):
        headers = {"HTTP_ORIGIN": "null"}
        if site:
            headers["HTTP_SEC_FETCH_SITE"] = site
        assert post(browser, "/logout/", token, **headers).status_code == 403, site


def test_a_null_origin_to_a_secret_address_passes_only_with_the_forms_token(browser):
    League.objects.create(name="Geheimbund", slug="geheimbund", visibility="members")
    token = csrf_token(browser)
    path = "/join/not-a-real-invite/"  # a secret route: the check runs before the view
    assert post(browser, path, token, HTTP_ORIGIN="null").status_code == 404
    assert post(browser, path, "x" * 64, HTTP_ORIGIN="null").status_code == 403


def test_a_foreign_origin_is_refused_as_before(browser, first_league):
    token = csrf_token(browser)
    headers = {"HTTP_ORIGIN": "https://evil.example", "HTTP_SEC_FETCH_SITE": "cross-site"}
    assert post(browser, "/join/whatever/", token, **headers).status_code == 403


def test_the_sites_csrf_check_is_djangos_own_and_in_place(settings):
    """The deploy check's W003 is silenced because it looks for Django's class by name."""
    from django.middleware.csrf import CsrfViewMiddleware
    from django.utils.module_loading import import_string

    csrf = [path for path in settings.MIDDLEWARE if "csrf" in path.lower()]
    assert csrf == ["ofcleague.web.csrf.SiteCsrfViewMiddleware"]
    assert issubclass(import_string(csrf[0]), CsrfViewMiddleware)
    order = settings.MIDDLEWARE
    assert order.index(csrf[0]) < order.index(
        "django.contrib.auth.middleware.AuthenticationMiddleware"
    )
