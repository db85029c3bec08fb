"""HTML typed into a player's name or an evening's notes is shown as text on every page."""

import pytest
from django.test import Client

from ofcleague.league.models import Status
from tests.factories import EveningFactory, EveningPlayerFactory, PlayerFactory, RoundScoreFactory
from tests.security.pages import NAMESPACES, urls

NAME = "<img src=x onerror=alert(1)>"
NOTES = '<script>alert("notes")</script><b onmouseover=alert(2)>hi</b>'
RAW = ["<img src=x", "<script>alert", "<b onmouseover"]


@pytest.fixture
def hostile(db):
    """A league whose player name and evening notes are HTML."""
    villain = PlayerFactory(name=NAME, slug="villain")
    other = PlayerFactory(name="Bert")
    evening = EveningFactory(notes=NOTES, location=NAME, status=Status.FINISHED)
    for place, (player, points) in enumerate([(villain, 5), (other, -5)], 1):
        seat = EveningPlayerFactory(evening=evening, player=player, place=place, total=points)
        RoundScoreFactory(evening_player=seat, round_number=1, points=points)
    return evening


@pytest.fixture
def pages(hostile, admin_user):
    """Every page of the site's namespaces, as a visitor and as the superuser sees it."""
    candidates = {
        "pk": [hostile.pk],
        "year": [hostile.date.year],
        "slug": ["villain"],
        "*": [hostile.pk],
    }
    admin = Client()
    admin.force_login(admin_user)
    found = []
    for browser in (Client(), admin):
        for namespace in NAMESPACES:
            for _, url in urls(namespace, candidates):
                response = browser.get(url)
                if response.status_code == 200 and "html" in response.headers["Content-Type"]:
                    found.append((url, response.content.decode()))
    return found


def test_no_page_shows_the_html_as_markup(pages):
    assert len(pages) >= 8
    for url, html in pages:
        for raw in RAW:
            assert raw not in html, url


def test_the_pages_that_show_them_show_them_as_text(pages):
    shown = dict(pages)
    escaped_name = "&lt;img src=x onerror=alert(1)&gt;"
    assert escaped_name in shown["/ofc-runde/players/villain/"]
    assert escaped_name in shown["/ofc-runde/history/"]
    evening = next(
        html
        for url, html in pages
        if url.startswith("/ofc-runde/evenings/") and "&lt;script" in html
    )
    assert "&lt;script&gt;alert(&quot;notes&quot;)&lt;/script&gt;" in evening
    assert escaped_name in evening


def test_the_admin_shows_them_as_text(hostile, admin_client):
    html = admin_client.get(f"/admin/league/evening/{hostile.pk}/change/").content.decode()
    assert "&lt;script&gt;alert(&quot;notes&quot;)" in html
    assert "<script>alert" not in html
