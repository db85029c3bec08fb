"""Every API error answers JSON: an unknown address under an API prefix, an unknown filter, a
malformed one (naming what is allowed); the filters are documented in docs/api.md."""

from pathlib import Path

import pytest
from django.urls import reverse

from ofcleague.standings.filters import AlltimeFilterForm

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "path", ["/ofc-runde/api/nope/", "/ofc-runde/api/alltime/x/", "/api/nope/", "/api/"]
)
def test_an_unknown_api_address_answers_a_json_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["error"]["code"] == "not_found"


def test_a_page_that_is_not_an_api_still_answers_html(client):
    response = client.get("/ofc-runde/nope/")
    assert response.status_code == 404 and response["Content-Type"].startswith("text/html")


def test_an_unknown_filter_is_refused_naming_the_filters(client):
    client.cookies["django_language"] = "en"
    response = client.get(reverse("standings:api_alltime"), {"season": "2020"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["field"]) == ("unknown_filter", "season")
    assert error["allowed"] == ["year_from", "year_to", "variant"]
    assert "year_from, year_to, variant" in error["message"]


def test_a_malformed_variant_names_the_variants(client):
    response = client.get(reverse("standings:api_alltime"), {"variant": "poker"})
    error = response.json()["error"]
    assert response.status_code == 400 and error["code"] == "invalid_filter"
    assert "ofc" in error["allowed"] and "pineapple" in error["allowed"]


def test_the_filters_and_error_codes_are_documented_and_linked():
    doc = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    for name in AlltimeFilterForm.base_fields:
        assert f"`{name}`" in doc
    for code in ("unknown_filter", "invalid_filter", "not_found", "method_not_allowed"):
        assert f"`{code}`" in doc
    assert "docs/api.md" in (ROOT / "README.md").read_text(encoding="utf-8")
