"""The evening's result card (a PNG for the chat) and the Open Graph tags of the evening and
player pages; a members-only league shows neither to anybody but its members."""

import datetime
import io
import re
from decimal import Decimal

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from PIL import Image

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Evening, Player
from ofcleague.results.card import CardFacts, CardRow, draw_card
from ofcleague.web.cache import invalidate_league_pages
from tests.factories import PlayerFactory, UserFactory
from tests.league.builders import evening_from_points

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    muller, anna, ben = (PlayerFactory(name=name) for name in ("Müller", "Anna", "Ben"))
    return evening_from_points(
        {muller: [12, 3], anna: [-4, 5], ben: [-8, -8]},
        prizes={muller: Decimal("20.50"), anna: Decimal(10), ben: Decimal(0)},
        date=datetime.date(2024, 3, 1),
        location="Bei Müller",
    )


def card_url(evening):
    return f"/ofc-runde/evenings/{evening.pk}/card.png"


def meta(html, prop):
    found = re.search(rf'<meta (?:property|name)="{re.escape(prop)}" content="([^"]*)"', html)
    return found and found.group(1)


def test_the_card_is_a_1200_by_630_png(client, evening):
    response = client.get(card_url(evening))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    assert image.format == "PNG"
    assert image.size == (1200, 630)


def test_a_conditional_request_for_the_card_answers_304(client, evening):
    first = client.get(card_url(evening))
    etag = first["ETag"]
    assert etag
    with CaptureQueriesContext(connection) as queries:
        again = client.get(card_url(evening), HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    # The league middleware's one query; nothing is drawn or read.
    assert len(queries) == 1


def test_the_card_is_redrawn_when_the_evening_changes(client, evening, cache_on):
    first = client.get(card_url(evening))
    assert client.get(card_url(evening)).content == first.content  # from the cache
    Player.objects.filter(name="Anna").update(name="Annabell")
    Evening.objects.filter(pk=evening.pk).update(version=F("version") + 1)
    invalidate_league_pages(1)
    second = client.get(card_url(evening), HTTP_IF_NONE_MATCH=first["ETag"])
    assert second.status_code == 200
    assert second["ETag"] != first["ETag"]
    assert second.content != first.content


def test_umlauts_and_the_euro_sign_are_drawn_not_boxes():
    """DejaVu Sans has the letters: "Müller" and "Muller", "€" and "E" draw different pixels,
    and a name of letters the font lacks would draw the same box for each."""

    def card(name, prize):
        return Image.open(
            io.BytesIO(
                draw_card(
                    CardFacts(
                        league="L", title="T", subtitle="S", rows=(CardRow("1", name, "3", prize),)
                    )
                )
            )
        ).tobytes()

    assert card("Müller", "5 €") != card("Muller", "5 €")
    assert card("Müller", "5 €") != card("Müller", "5 E")


def test_the_evening_page_has_open_graph_tags_with_absolute_urls(client, evening):
    html = client.get(f"/ofc-runde/evenings/{evening.pk}/").content.decode()
    assert meta(html, "og:image") == f"http://testserver{card_url(evening)}"
    assert meta(html, "og:url") == f"http://testserver/ofc-runde/evenings/{evening.pk}/"
    assert meta(html, "og:type") == "article"
    assert "2024" in meta(html, "og:title")
    assert "Müller" in meta(html, "og:description")
    assert meta(html, "twitter:card") == "summary_large_image"
    assert meta(html, "twitter:image") == meta(html, "og:image")


def test_the_player_page_has_the_record_and_the_latest_card(client, evening):
    html = client.get("/ofc-runde/players/anna/").content.decode()
    assert meta(html, "og:type") == "profile"
    assert meta(html, "og:url") == "http://testserver/ofc-runde/players/anna/"
    assert meta(html, "og:title").startswith("Anna")
    assert "1" in meta(html, "og:description")
    assert meta(html, "og:image") == f"http://testserver{card_url(evening)}"


def test_a_page_without_share_has_no_open_graph_tags(client):
    assert "og:title" not in client.get("/ofc-runde/alltime/").content.decode()


@pytest.fixture
def private_evening():
    league = League.objects.create(name="Geheim", slug="geheim", visibility="members")
    with using_league(league):
        a, b = PlayerFactory(name="Xaver"), PlayerFactory(name="Yvonne")
        night = evening_from_points({a: [5], b: [-5]}, date=datetime.date(2024, 5, 1))
    return league, night


def test_a_members_only_card_is_not_for_anonymous_visitors(client, private_evening):
    league, night = private_evening
    response = client.get(f"/geheim/evenings/{night.pk}/card.png")
    assert response.status_code == 302
    assert "/login/" in response["Location"]
    assert response.get("Content-Type") != "image/png"


def test_a_members_only_card_is_not_for_another_leagues_member(client, private_evening):
    league, night = private_evening
    stranger = UserFactory()
    Membership.objects.create(league_id=1, user=stranger, role=Role.MEMBER)
    client.force_login(stranger)
    assert client.get(f"/geheim/evenings/{night.pk}/card.png").status_code == 404
    # Nor does the first league's address show the other league's evening.
    assert client.get(f"/ofc-runde/evenings/{night.pk}/card.png").status_code == 404


def test_a_members_only_league_pages_carry_no_tags_even_for_members(client, private_evening):
    league, night = private_evening
    member = UserFactory()
    Membership.objects.create(league=league, user=member, role=Role.MEMBER)
    client.force_login(member)
    html = client.get(f"/geheim/evenings/{night.pk}/").content.decode()
    assert "Xaver" in html
    assert "og:image" not in html and "og:description" not in html
    card = client.get(f"/geheim/evenings/{night.pk}/card.png")
    assert card.status_code == 200
    assert "public" not in card["Cache-Control"]


def test_the_card_costs_the_same_queries_for_a_bigger_evening(client, evening):
    # What a process reads once (other tests before it in a pytest-xdist worker, or none)
    # is read before counting.
    client.get(card_url(evening))
    with CaptureQueriesContext(connection) as few:
        client.get(card_url(evening))
    people = [PlayerFactory() for _ in range(9)]
    big = evening_from_points({person: [index] for index, person in enumerate(people)})
    with CaptureQueriesContext(connection) as many:
        response = client.get(card_url(big))
    assert response.status_code == 200
    assert len(many) == len(few)


def test_the_evening_page_costs_no_query_more_for_its_tags(client, evening, monkeypatch):
    """The tags come from the seats the page reads anyway."""
    from ofcleague.results import evening_page

    url = f"/ofc-runde/evenings/{evening.pk}/"
    client.get(url)  # warm-up: first-use reads (the prize split, the session) are not the tags'
    with CaptureQueriesContext(connection) as with_tags:
        html = client.get(url).content.decode()
    assert "og:image" in html
    monkeypatch.setattr(evening_page, "evening_share", lambda *args: None)
    with CaptureQueriesContext(connection) as without:
        html = client.get(url).content.decode()
    assert "og:image" not in html
    assert len(with_tags) == len(without)
