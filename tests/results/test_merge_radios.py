"""Issue 38, point 7: the "both of you changed it" radios of the points page name their cell.

A screen reader reads a radio by its own name; "yours: 5" alone does not say which player and
round it is about, so each name carries the cell ("Anna, round 1: yours 5")."""

import re

import pytest
from django.urls import reverse

from tests.results.test_views import points_data

pytestmark = pytest.mark.django_db


def radio_names(html):
    """The text of every radio's label on the page (the label wraps its radio)."""
    labels = re.findall(r"<label[^>]*>\s*<input[^>]*type=\"radio\"[^>]*>(.*?)</label>", html, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", label).split()) for label in labels]


def test_every_keep_radio_names_its_player_and_round(keeper_client, running_evening):
    url = reverse("results:evening_points", args=[running_evening.pk])
    keeper_client.post(url, points_data(running_evening, [5, -3, 0, -2], version=1))
    data = points_data(running_evening, [9, -9, 0, 0], version=1, shown=[[None] * 4])
    html = keeper_client.post(url, data).content.decode()
    names = radio_names(html)
    assert len(names) == 6, names
    first = [name for name in names if name.startswith("Anna")]
    assert first == ["Anna, Runde 1: deiner 9", "Anna, Runde 1: inzwischen gespeichert 5"], names
    assert all(", Runde 1: " in name for name in names), names
