"""A form refused by the CSRF check gets the site's own page, in its words and layout."""

import pytest
from django.test import Client

from tests.conftest import german_text as german


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_form_without_its_token_gets_the_sites_own_page(db, language):
    client = Client(enforce_csrf_checks=True)
    client.cookies["django_language"] = language
    client.get("/login/")  # the CSRF cookie, but a form sent without the token
    response = client.post("/login/", {"login": "ada", "password": "x"})
    assert response.status_code == 403
    html = response.content.decode()
    message = "The form was not sent"
    assert (message if language == "en" else german(message)) in html
    assert f'<html lang="{language}">' in html
    assert 'class="site-nav' in html
    assert '<a href="/ofc-runde/">' in html
    # Nothing the Content Security Policy would block: no inline style or script.
    assert "<style" not in html and " style=" not in html
    assert "<script>" not in html


def test_the_page_says_when_the_browser_sent_no_cookie(db):
    client = Client(enforce_csrf_checks=True)
    client.cookies["django_language"] = "en"
    response = client.post("/login/", {"login": "ada", "password": "x"})
    assert response.status_code == 403
    assert "Allow cookies for this site" in response.content.decode()


def test_the_german_page_speaks_informally():
    text = german("Go back, reload the page and send the form again. Nothing was saved.")
    assert "Geh zurück" in text
    assert "Sie " not in text
