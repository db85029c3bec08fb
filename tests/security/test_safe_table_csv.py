"""Every table page's CSV download (``?_export=csv``) is safe to open: found by walking the URL
resolver for every page that reads ``_export``, each of its tables downloaded, with players
whose names start like a formula (created directly, past the forms' refusal)."""

from datetime import date
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from ofcleague.league.leagues import League
from ofcleague.league.models import EveningPlayer, Variant
from ofcleague.standings.counted.services import save_points_system, save_season_window
from ofcleague.table import services
from ofcleague.web.export import EXPORT, FORMULA_STARTS
from tests.csv_download import download_rows
from tests.factories import EveningFactory, PlayerFactory, UserFactory, scorekeeper_of
from tests.league.builders import evening_from_points
from tests.security.pages import routes
from tests.table.conftest import points_hand

pytestmark = pytest.mark.django_db

NAMES = ['=HYPERLINK("http://x","y")', "+1", "-Anna", "@SUM(A1)", "\tTab"]
#: The pages with a CSV download, as the walk must find them (it may find more).
KNOWN = {
    "results:evening", "standings:alltime", "standings:season", "standings:player",
    "standings:statistics", "standings:window",
}  # fmt: skip


@pytest.fixture
def league_data():
    """A finished evening of formula-like names (the first wins, the others lose 12 each), and
    a running Pineapple evening with a recorded hand, for the hands' statistics."""
    players = [PlayerFactory(name=name, slug=f"p{n}") for n, name in enumerate(NAMES)]
    winner, *losers = players
    points = {winner: [12 * len(losers)]} | {player: [-12] for player in losers}
    finished = evening_from_points(points, date=date(2021, 5, 7))
    running = EveningFactory(
        status="in_progress", rounds=1, hands_per_round=1, variant=Variant.PINEAPPLE
    )
    seats = [EveningPlayer.objects.create(evening=running, player=p).pk for p in players[:3]]
    points_hand(services.seat_table(running, 1, 1, seats), 1, [6, -2, -4])
    # A season of the league's own over the finished evening, counting its OFC points.
    owner = scorekeeper_of(UserFactory(), 1, role="owner")
    league = League.objects.get(pk=1)
    save_points_system(owner, league, name="Points", places=[], ofc_points=Decimal(1))
    window = save_season_window(
        owner, league, name="2021", first_day=date(2021, 1, 1), last_day=date(2021, 12, 31)
    )
    return {"pk": finished.pk, "year": 2021, "slug": losers[0].slug, "window": window.pk}


def csv_downloads(values):
    """Every CSV download of the site: (route name, URL), every table of a page with more."""
    for _route, name, names, pattern in routes():
        params = getattr(pattern.callback, "page_params", {})
        if EXPORT not in params:
            continue
        url = reverse(name, kwargs={key: values[key] for key in names})
        yield name, f"{url}?{EXPORT}=csv"
        for param, normaliser in params.items():
            for choice in getattr(normaliser, "choices", ()) if param != EXPORT else ():
                yield name, f"{url}?{EXPORT}=csv&{param}={choice}"


def test_every_csv_download_writes_formula_like_text_as_text(league_data):
    found, names_seen, negative_numbers = set(), set(), 0
    for name, url in csv_downloads(league_data):
        response = Client().get(url)
        assert response.status_code == 200, url
        assert response["Content-Type"].startswith("text/csv"), url
        found.add(name)
        for row in download_rows(response):
            for cell in row:
                if cell.lstrip("-").replace(",", "", 1).isdigit():
                    negative_numbers += cell.startswith("-")
                    continue
                assert not cell.startswith(FORMULA_STARTS), (url, cell)
                names_seen |= {n for n in NAMES if cell == "'" + n}
    assert found >= KNOWN
    assert names_seen == set(NAMES)
    # Points stay plain numbers: -12 and the hand's -2, -4 are not quoted.
    assert negative_numbers > 0
