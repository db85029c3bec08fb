"""Members-only mode covers every page and API but login, assets, the score API and /healthz."""

import pytest
from django.urls import reverse

from tests.conftest import german_text as german
from tests.factories import UserFactory
from tests.league.builders import build_league

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def members_only(settings):
    settings.MEMBERS_ONLY = True


@pytest.fixture
def league():
    build_league(2)


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/ofc-runde/history/",
        "/ofc-runde/alltime/",
        "/ofc-runde/alltime/?_export=csv",
        "/ofc-runde/seasons/",
        "/ofc-runde/rules/",
    ],
)
def test_pages_send_anonymous_visitors_to_login(client, url):
    response = client.get(url)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_alltime_api_answers_anonymous_visitors_with_a_json_403(client, language):
    client.cookies["django_language"] = language
    response = client.get(reverse("standings:api_alltime"))
    assert response.status_code == 403
    assert response["Content-Type"] == "application/json"
    error = response.json()["error"]
    assert error["code"] == "login_required"
    english = "This league is for members only: log in first."
    assert error["message"] == (english if language == "en" else german(english))


def test_members_get_the_alltime_api(client, league):
    client.force_login(UserFactory())
    response = client.get(reverse("standings:api_alltime"))
    assert response.status_code == 200
    assert response.json()


def test_the_score_api_stays_open(client):
    response = client.post(reverse("rules:api_score"), data=b"{", content_type="application/json")
    assert response.json()["error"]["code"] == "malformed_json"


def test_login_and_the_admin_login_stay_open_but_not_the_admin(client):
    assert client.get(reverse("login")).status_code == 200
    assert client.get("/admin/login/").status_code == 200
    assert client.get("/admin/").url.startswith(reverse("login"))


def test_healthz_stays_open(client):
    assert client.get("/healthz").content == b"ok"
