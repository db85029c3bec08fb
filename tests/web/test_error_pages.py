"""The error pages: in the site's layout, in the visitor's language, with a way back."""

import pytest
from django.contrib.auth.models import Group, Permission
from django.test import RequestFactory
from django.urls import include, path
from django.utils import translation
from django.views.defaults import server_error

from ofcleague.league.roles import RESULTS_ONLY, RULES
from tests.conftest import german_text as german
from tests.factories import UserFactory


def boom(request):
    raise RuntimeError("boom")


# The site's URLs and one view that fails, for the 500 page through the whole stack.
urlpatterns = [path("boom/", boom), path("", include("ofcleague.urls"))]

# The way back: the first league's home (the site's front page leads there too).
HOME = '<a href="/ofc-runde/">'


def page(response, status):
    assert response.status_code == status
    html = response.content.decode()
    assert HOME in html
    return html


@pytest.fixture(params=["de", "en"])
def language(request, client):
    client.cookies["django_language"] = request.param
    return request.param


def text(language, message):
    return message if language == "en" else german(message)


def test_404_in_the_layout(client, db, language):
    html = page(client.get("/no/such/page/"), 404)
    assert f'<html lang="{language}">' in html
    assert 'class="site-nav' in html
    assert text(language, "Page not found") in html
    assert text(language, "Back to the league") in html


def test_404_for_a_missing_evening(client, db):
    html = page(client.get("/ofc-runde/evenings/999999/"), 404)
    assert "Zurück zur Liga" in html


def test_400_for_a_foreign_host(client, db, language):
    html = page(client.get("/ofc-runde/history/", HTTP_HOST="evil.example.com"), 400)
    assert text(language, "Bad request") in html
    assert 'class="site-nav' in html


def test_403_tells_a_member_who_enters_results_and_how_to_get_the_role(client, seeded, language):
    client.force_login(UserFactory())
    html = page(client.get("/ofc-runde/evenings/new/"), 403)
    assert text(language, "No access") in html
    # The league's own roles, never the group of the site's single-league days.
    assert "Scorekeepers" not in html
    with translation.override("en"):
        rule = str(RULES[RESULTS_ONLY])
    assert text(language, rule) in html.replace("&#x27;", "'")
    assert 'class="site-nav' in html


def test_the_403_group_is_the_one_that_may_enter_results(seeded):
    group = Group.objects.get(name="Scorekeepers")
    assert group.permissions.filter(codename="enter_results").exists()
    assert Permission.objects.get(codename="enter_results")


@pytest.mark.urls(__name__)
def test_500_in_the_layout_through_the_whole_stack(client, db, language):
    client.raise_request_exception = False
    response = client.get("/boom/")
    html = page(response, 500)
    assert text(language, "Server error") in html
    assert "'self'" in response["Content-Security-Policy"]


@pytest.mark.parametrize("language", ["de", "en"])
def test_500_renders_without_database_or_context(language):
    # No db fixture: pytest-django fails any query, so the page provably needs none.
    with translation.override(language):
        response = server_error(RequestFactory().get("/"))
    html = page(response, 500)
    assert f'<html lang="{language}">' in html
    assert text(language, "Back to the league") in html
