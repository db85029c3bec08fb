"""Answers to a logged-in member carry ``Cache-Control: private, no-store`` (issue #16);
anonymous visitors' answers keep their own headers."""

import pytest
from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import reverse

from ofcleague.league.models import Variant
from ofcleague.table import services as table_services
from ofcleague.web.cache import PUBLIC_MAX_AGE
from ofcleague.web.middleware import PrivatePagesMiddleware
from tests.factories import UserFactory
from tests.results.conftest import seat_ids


@pytest.fixture
def pages(running_evening):
    # Four at one table: a house OFC evening (a Pineapple table seats three).
    running_evening.variant = Variant.OFC
    running_evening.save(update_fields=["variant"])
    table = table_services.seat_table(running_evening, 1, 1, seat_ids(running_evening))
    pk = running_evening.pk
    return {
        "home": ("get", reverse("standings:home"), 200),
        "evening": ("get", running_evening.get_absolute_url(), 200),
        "points": ("get", reverse("results:evening_points", args=[pk]), 200),
        "live": ("get", reverse("table:live", args=[pk]), 200),
        "alltime api": ("get", reverse("standings:api_alltime"), 200),
        # The hands API answers GET with its JSON 405, an empty POST with its JSON 400.
        "hands api (GET)": ("get", reverse("table:api_hands", args=[pk, 1, table.table]), 405),
        "hands api": ("post", reverse("table:api_hands", args=[pk, 1, table.table]), 400),
    }


def directives(response):
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part}


def test_every_answer_to_a_scorekeeper_is_private_and_not_stored(keeper_client, pages):
    for name, (method, url, status) in pages.items():
        response = getattr(keeper_client, method)(url)
        assert response.status_code == status, name
        assert {"private", "no-store"} <= directives(response), name


def test_the_live_view_stays_revalidated_for_a_scorekeeper(keeper_client, pages):
    response = keeper_client.get(pages["live"][1])
    assert directives(response) == {"no-cache", "private", "no-store"}
    again = keeper_client.get(pages["live"][1], HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304
    assert {"private", "no-store"} <= directives(again)


def test_anonymous_visitors_get_public_pages_and_a_revalidated_live_view(client, pages):
    # The read pages are public for a short while (issue #19, ofcleague/web/cache.py).
    public = {"public", f"max-age={PUBLIC_MAX_AGE}"}
    assert directives(client.get(pages["home"][1])) == public
    assert directives(client.get(pages["evening"][1])) == public
    assert directives(client.get(pages["live"][1])) == {"no-cache"}


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("private, max-age=60", {"private", "max-age=60"}),
        ("no-store", {"no-store"}),
        ("public, max-age=600", {"private", "no-store", "max-age=600"}),
        ("no-cache", {"no-cache", "private", "no-store"}),
    ],
)
@pytest.mark.django_db
def test_a_views_own_cache_control_is_kept_unless_a_shared_cache_could_store_it(header, expected):
    request = RequestFactory().get("/")
    request.user = UserFactory()

    def view(request):
        return HttpResponse(headers={"Cache-Control": header})

    assert directives(PrivatePagesMiddleware(view)(request)) == expected
