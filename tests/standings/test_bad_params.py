"""Odd query strings never break a read page."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("name", "args", "params"),
    [
        ("standings:alltime", [], {"sort": "bogus"}),
        ("standings:alltime", [], {"sort": "-player,,--wins"}),
        ("standings:alltime", [], {"_export": "xlsx"}),
        ("standings:alltime", [], {"year_from": "99999999999999999999"}),
        ("standings:season", [2019], {"sort": "nope"}),
        ("standings:player", ["micha"], {"evenings-sort": "x", "h2h-sort": "-y"}),
        ("standings:player", ["micha"], {"evenings-page": "-3"}),
        ("standings:player", ["micha"], {"evenings-page": "99999999999999999999999"}),
        ("standings:history", [], {"page": "abc"}),
    ],
)
def test_odd_parameters_still_give_a_page(client, history, name, args, params):
    # A mistyped filter leads to the table without it (see test_alltime).
    response = client.get(reverse(name, args=args), params, follow=True)
    assert response.status_code == 200
    assert "Micha" in response.content.decode()


def test_unknown_export_table_falls_back_to_the_evenings(client, history):
    url = reverse("standings:player", args=["micha"])
    response = client.get(url, {"_export": "csv", "_table": "../../etc"})
    assert response["Content-Disposition"] == 'attachment; filename="micha-evenings.csv"'
    assert response.content.decode().startswith("\ufeffDatum;Platz;Teilnehmer")
