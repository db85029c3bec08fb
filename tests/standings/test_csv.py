"""CSV exports: text that a spreadsheet would run as a formula is defused, numbers stay numbers."""

from datetime import date
from decimal import Decimal

import pytest
from django.urls import reverse

from ofcleague.web.export import defuse
from tests.csv_download import download_rows
from tests.factories import PlayerFactory
from tests.league.builders import evening_from_points

pytestmark = pytest.mark.django_db

NAMES = ["=1+1", '=HYPERLINK("http://evil.example")', "+49 170", "-minus", "@SUM(A1)", "\tTab"]


@pytest.fixture
def evening():
    """One evening at which every player has a formula-like name; the first one wins."""
    players = [PlayerFactory(name=name, slug=f"p{index}") for index, name in enumerate(NAMES)]
    winner, *losers = players
    points = {winner: [16 * len(losers)]} | {player: [-16] for player in losers}
    return evening_from_points(points, prizes={winner: Decimal("60")}, date=date(2021, 5, 7))


def cells(response):
    return download_rows(response)


def assert_defused(rows, column):
    names = {row[column] for row in rows[1:]}
    assert {"'" + name for name in NAMES} <= names
    assert not [cell for row in rows for cell in row if cell[:1] in {"=", "+", "@", "\t", "\r"}]


def test_evening_csv(client, evening):
    rows = cells(client.get(evening.get_absolute_url(), {"_export": "csv"}))
    assert_defused(rows, rows[0].index("Spieler"))
    # Points stay numbers: -16 is not turned into text.
    assert "-16" in {cell for row in rows for cell in row}


@pytest.mark.parametrize(
    "url", [reverse("standings:alltime"), reverse("standings:season", args=[2021])]
)
def test_alltime_and_season_csv(client, evening, url):
    rows = cells(client.get(url, {"_export": "csv"}))
    assert_defused(rows, rows[0].index("Spieler"))
    assert "-16" in {cell for row in rows for cell in row}


@pytest.mark.parametrize(("table", "column"), [("record", "Spieler"), ("h2h", "Gegner")])
def test_player_csv(client, evening, table, column):
    url = reverse("standings:player", args=["p0"])
    rows = cells(client.get(url, {"_export": "csv", "_table": table}))
    if table == "record":
        assert rows[1][rows[0].index(column)] == "'=1+1"
    else:
        names = {row[rows[0].index(column)] for row in rows[1:]}
        assert names == {"'" + name for name in NAMES[1:]}


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("=1+1", "'=1+1"),
        ("\rx", "'\rx"),
        ("Anna", "Anna"),
        ("", ""),
        (-16, -16),
        (Decimal("-5.00"), Decimal("-5.00")),
        (None, None),
    ],
)
def test_defuse_touches_only_formula_like_text(value, expected):
    assert defuse(value) == expected
