"""Junk values of a page's own parameters share the canonical page's cache entry (issue #16).

``?sort=zzz``, ``?page=abc``, repeated parameters or another parameter order show the same
page as the canonical address: they must neither make cache entries of their own (filling
the cache) nor miss it every time.
"""

import datetime
import random
import re
import string
from urllib.parse import urlencode

import pytest
from django.core.paginator import Paginator
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from ofcleague.league import hooks
from ofcleague.league.models import EveningPlayer
from ofcleague.web.cache import page_cache
from ofcleague.web.params import page_of
from tests.factories import EveningFactory, PlayerFactory

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[A-Za-z0-9]+"')


@pytest.fixture
def league(db):
    """45 finished evenings of 2016 among four players, each placed at all of them: three
    pages of history and of each player's evenings; ratings and standings computed once."""
    players = PlayerFactory.create_batch(4)
    evenings = [
        EveningFactory(date=datetime.date(2016, 1, 1) + datetime.timedelta(days=7 * number))
        for number in range(45)
    ]
    EveningPlayer.objects.bulk_create(
        EveningPlayer(evening=evening, player=player, place=place)
        for number, evening in enumerate(evenings)
        for place, player in enumerate(players[number % 4 :] + players[: number % 4], 1)
    )
    hooks.evening_changed(evenings[0])
    return players[0]


def page_entries():
    return sum(":page:" in key for key in page_cache()._cache)


def body(response):
    assert response.status_code == 200
    return TOKEN.sub("", response.content.decode())


def junk(rng):
    """A value no parameter accepts (or one that means nothing where it is)."""
    return rng.choice(
        [
            "zzz",
            "-zzz",
            "--wins",
            "wins,points",
            "place_0",
            "place_999",
            "1e3",
            "2.5",
            "",
            "%00",
            "'\"<b>",
            "".join(rng.choices(string.printable, k=rng.randint(1, 12))),
        ]
    )


def junk_query(rng, names, valid):
    """A query string of junk for ``names``, with the values in ``valid`` mixed in, repeated
    parameters, unknown ones and a shuffled order."""
    pairs = []
    for name in names:
        for _ in range(rng.randint(0, 3)):
            mixed = valid.get(name) and rng.random() < 0.3
            pairs.append((name, rng.choice(valid[name]) if mixed else None))
    pairs = [(name, junk(rng) if value is None else value) for name, value in pairs]
    pairs += [(junk(rng) or "z", junk(rng)) for _ in range(rng.randint(0, 2))]
    rng.shuffle(pairs)
    return urlencode(pairs)


def families(player):
    """(path, its parameters, values to mix in, how many pages they can show at most)."""
    slug = player.slug
    return [
        ("/ofc-runde/history/", ["page"], {"page": ["2", "02", " 3", "99999", "-3", "0", "1"]}, 3),
        (
            "/ofc-runde/alltime/",
            ["sort", "year_from", "year_to", "variant", "_export"],
            {"sort": ["player", "-player"], "year_from": ["2016", "02016", " 2016 ", ""]},
            # sort none/player/-player, times year_from none/2016
            6,
        ),
        ("/ofc-runde/seasons/2016/", ["sort", "_export"], {"sort": ["-points"]}, 2),
        (
            f"/ofc-runde/players/{slug}/",
            ["evenings-sort", "evenings-page", "h2h-sort", "_export", "_table"],
            {"evenings-page": ["2", "002", "99", "-1", "1"], "_table": ["evenings"]},
            3,
        ),
        ("/ofc-runde/statistics/", ["sort", "year_from", "_export"], {"sort": ["-hands"]}, 2),
    ]


@pytest.mark.parametrize("family", range(5))
def test_junk_query_strings_make_no_cache_entries_of_their_own(cache_on, league, family):
    path, names, valid, most = families(league)[family]
    rng = random.Random(family)
    visitor = Client()
    for _ in range(40):
        # A mistyped filter redirects to the page without it (tested below).
        response = visitor.get(f"{path}?{junk_query(rng, names, valid)}", follow=True)
        assert response.status_code == 200
    assert 1 <= page_entries() <= most


PAIRS = [
    ("/ofc-runde/history/?page=abc", "/ofc-runde/history/"),
    ("/ofc-runde/history/?page=1", "/ofc-runde/history/"),
    ("/ofc-runde/history/?page=02", "/ofc-runde/history/?page=2"),
    ("/ofc-runde/history/?page=99999&page=x", "/ofc-runde/history/"),
    ("/ofc-runde/history/?page=x&page=99999", "/ofc-runde/history/?page=3"),
    ("/ofc-runde/history/?page=-3", "/ofc-runde/history/?page=3"),
    ("/ofc-runde/alltime/?sort=zzz", "/ofc-runde/alltime/"),
    ("/ofc-runde/alltime/?sort=place_99", "/ofc-runde/alltime/"),
    ("/ofc-runde/alltime/?sort=--wins&sort=wins,points", "/ofc-runde/alltime/"),
    ("/ofc-runde/alltime/?sort=zzz&sort=-player&sort=player", "/ofc-runde/alltime/?sort=-player"),
    (
        "/ofc-runde/alltime/?variant=&year_to=+2020+&sort=player",
        "/ofc-runde/alltime/?sort=player&year_to=2020",
    ),
    (
        "/ofc-runde/alltime/?b=2&sort=player&year_from=02016",
        "/ofc-runde/alltime/?year_from=2016&a=1&sort=player",
    ),
    ("/ofc-runde/alltime/?_export=xlsx", "/ofc-runde/alltime/"),
    ("/ofc-runde/seasons/2016/?sort=nope&_export=csvx", "/ofc-runde/seasons/2016/"),
    ("/ofc-runde/statistics/?sort=zzz&year_from=", "/ofc-runde/statistics/"),
]


@pytest.mark.parametrize(("odd", "canonical"), PAIRS)
def test_a_junk_page_is_the_canonical_page_from_the_same_entry(cache_on, league, odd, canonical):
    visitor = Client()
    expected = body(visitor.get(canonical))
    entries = page_entries()
    assert body(visitor.get(odd)) == expected
    assert page_entries() == entries


def test_a_players_junk_parameters_share_the_canonical_page(cache_on, league):
    path = f"/ofc-runde/players/{league.slug}/"
    visitor = Client()
    plain = body(visitor.get(path))
    last = body(visitor.get(path + "?evenings-page=3"))
    entries = page_entries()
    odd = ["?evenings-page=abc&_table=zzz", "?h2h-sort=-zzz&evenings-sort=nope", "?_table=evenings"]
    for query in odd:
        assert body(visitor.get(path + query)) == plain
    assert body(visitor.get(path + "?evenings-page=99&h2h-sort=--x")) == last
    assert page_entries() == entries


def test_a_junk_page_is_served_from_the_cache_without_rendering(cache_on, league):
    visitor = Client()
    visitor.get("/ofc-runde/alltime/?sort=player")
    with CaptureQueriesContext(connection) as queries:
        visitor.get("/ofc-runde/alltime/?sort=player&sort=zzz&z=1")
        visitor.get("/ofc-runde/alltime/?sort=wins,points&sort=player")
    # Only the league version, once a page.
    assert len(queries) == 2


def test_a_sort_by_a_real_place_column_keeps_its_own_page(cache_on, league):
    visitor = Client()
    plain = body(visitor.get("/ofc-runde/alltime/"))
    by_thirds = body(visitor.get("/ofc-runde/alltime/?sort=-place_3"))
    assert 'aria-sort="descending"' in by_thirds and by_thirds != plain


def test_a_mistyped_filter_redirects_to_the_table_without_it(cache_on, league):
    visitor = Client()
    response = visitor.get("/ofc-runde/alltime/?year_from=20x6&sort=player&z=1")
    assert response.status_code == 302
    assert response["Location"] == "/ofc-runde/alltime/?sort=player"
    page = visitor.get(response["Location"]).content.decode()
    assert "20x6" not in page and "Bitte eine ganze Zahl eingeben." in page


@pytest.mark.parametrize("count", [0, 19, 20, 21, 45])
def test_a_page_number_is_read_as_the_paginator_reads_it(count):
    pages = Paginator(range(count), 20)
    normalise = page_of(lambda: count, 20)
    for value in ["", "x", "0", "-1", "1", "01", " 2 ", "+3", "3", "4", "2.0", "9" * 30, "٢"]:
        canonical = normalise([value], {})
        assert pages.get_page(canonical or 1).number == pages.get_page(value).number, value
        assert canonical is None or canonical.isdigit() and canonical != "1"
