"""Every CSV export of the site answers with a file, whatever the money and names in it.

A player who came third at an evening finished with the default split has a prize of 0.00 €;
one who won nothing at an evening with only the winner's prize recorded has none (which counts
as 0 €); an evening without recorded payouts leaves prizes unknown. Points can be negative and
names can start like a spreadsheet formula. None of that may break an export (issue #16).
"""

from datetime import date
from decimal import Decimal

import pytest
from django.urls import reverse

from ofcleague.league import services
from ofcleague.league.models import EveningPlayer
from ofcleague.table import services as table_services
from ofcleague.web.money import cents
from tests.conftest import german_text
from tests.csv_download import download_rows
from tests.factories import EveningFactory, PlayerFactory
from tests.league.builders import evening_from_order, evening_from_points
from tests.results.conftest import seat_ids
from tests.table.conftest import points_hand

# The exports a visitor downloads carry the money where the league shows it to visitors.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("money_public")]

NAMES = {"anna": "=Anna", "bert": "Bert", "cleo": "+Cleo", "dora": "-Dora"}
FORMULA_STARTS = ("=", "+", "@", "\t", "\r")


def _default_split_evening(players):
    """An evening finished through the points page with the default split: the first two
    are paid, the others get 0.00 €."""
    evening = EveningFactory(status="in_progress", rounds=1, date=date(2021, 3, 5))
    for player in players:
        EveningPlayer.objects.create(evening=evening, player=player)
    seats = seat_ids(evening)  # by name: +Cleo, -Dora, =Anna, Bert
    points = dict(zip(seats, ({1: 9}, {1: -2}, {1: 5}, {1: -12}), strict=True))
    services.finish_with_default_prizes(evening, evening.version, points)
    return evening


def _hands_evening(players):
    """An evening in progress with recorded hands, for the statistics (house OFC: four at a
    table)."""
    evening = EveningFactory(status="in_progress", rounds=1, date=date(2021, 4, 2), variant="ofc")
    for player in players:
        EveningPlayer.objects.create(evening=evening, player=player)
    table = table_services.seat_table(evening, 1, 1, seat_ids(evening))
    points_hand(table, 1, [6, -2, -1, -3])
    return evening


@pytest.fixture
def league(seeded):
    players = [PlayerFactory(name=name, slug=slug) for slug, name in NAMES.items()]
    anna, bert, cleo, dora = players
    evenings = [
        _default_split_evening(players),
        # Only the winner's prize recorded: the others' prizes are None, worth 0 €.
        evening_from_points(
            {anna: [-7], bert: [12], cleo: [-5]},
            prizes={bert: Decimal("30.00")},
            date=date(2021, 6, 4),
        ),
        # No payouts recorded at all: money unknown.
        evening_from_order([dora, cleo, anna], date=date(2021, 7, 2)),
    ]
    _hands_evening(players)
    return evenings


def cells(response):
    assert response.status_code == 200
    return download_rows(response)


def assert_exported(rows):
    """A header and rows; no cell a spreadsheet would run as a formula, the names kept."""
    assert len(rows) >= 2
    flat = [cell for row in rows for cell in row]
    assert not [cell for cell in flat if cell.startswith(FORMULA_STARTS)]
    assert not [cell for cell in flat if cell.startswith("-") and not _number(cell)]
    return flat


def _number(text):
    try:
        Decimal(text.replace(",", "."))
    except ArithmeticError:
        return False
    return True


def export_urls(evenings):
    urls = [evening.get_absolute_url() for evening in evenings]
    urls += [reverse("standings:alltime"), reverse("standings:season", args=[2021])]
    urls.append(reverse("standings:statistics"))
    for slug in NAMES:
        path = reverse("standings:player", args=[slug])
        urls += [path, f"{path}?_table=record", f"{path}?_table=h2h"]
    return urls


def test_every_csv_export_answers_with_its_file(client, league):
    for url in export_urls(league):
        separator = "&" if "?" in url else "?"
        response = client.get(f"{url}{separator}_export=csv")
        assert_exported(cells(response))


@pytest.mark.parametrize(
    ("slug", "prizes"), [("dora", ["", "0,00"]), ("cleo", ["", "0,00", "26,67"])]
)
def test_a_players_evenings_export_zero_and_unknown_prizes(client, league, slug, prizes):
    rows = cells(client.get(reverse("standings:player", args=[slug]), {"_export": "csv"}))
    column = rows[0].index(german_text("Prize"))
    assert sorted(row[column] for row in rows[1:]) == prizes


def test_the_default_split_evening_exports_its_zero_prizes(client, league):
    rows = cells(client.get(league[0].get_absolute_url(), {"_export": "csv"}))
    by_player = {row[1]: row for row in rows[1:]}
    assert set(by_player) == {"'=Anna", "Bert", "'+Cleo", "'-Dora"}
    assert by_player["Bert"][-1] == "0,00" and by_player["Bert"][-2] == "-12"
    assert by_player["'+Cleo"][-1] == "26,67"


def test_the_alltime_export_sums_zero_prizes(client, league):
    rows = cells(client.get(reverse("standings:alltime"), {"_export": "csv"}))
    header = rows[0]
    by_player = {row[0]: dict(zip(header, row, strict=True)) for row in rows[1:]}
    assert set(by_player) == {"'=Anna", "Bert", "'+Cleo", "'-Dora"}
    money = [german_text(name) for name in ("Buy-ins", "Prizes", "Net")]
    # Dora's only paid evening gave her 0.00 €; Anna's second one paid nothing (None).
    assert [by_player["'-Dora"][name] for name in money] == ["10,00", "0,00", "-10,00"]
    assert [by_player["'=Anna"][name] for name in money] == ["20,00", "13,33", "-6,67"]


@pytest.mark.parametrize(
    ("amount", "expected"),
    [(0, "0.00"), (Decimal("0.00"), "0.00"), (Decimal("-6.666"), "-6.67"), (Decimal(30), "30.00")],
)
def test_money_exports_with_two_decimals_from_any_number(amount, expected):
    assert str(cents(amount)) == expected
