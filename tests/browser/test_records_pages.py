"""The records page, the player page with badges, the embed page and its settings on a phone
(390x844), light and dark, with data: axe finds nothing serious, nothing is wider than the
screen, the menu with its new link still fits and the logged-in header stays compact."""

import datetime
import uuid
from decimal import Decimal

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.core.management import call_command

from ofcleague.league import services
from ofcleague.league.current import using_league
from ofcleague.league.leagues import Role
from ofcleague.league.models import RoundScore, Variant
from ofcleague.table import services as tables
from ofcleague.table.services import ResultInput
from tests.factories import UserFactory, ensure_first_league, scorekeeper_of

from .conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH, PHONE_HEIGHT = 390, 844
HEADER_MAX = int(PHONE_HEIGHT * 0.12)
BLOCKING = {"serious", "critical"}
L = "/ofc-runde"
#: Each page: its path and whether the owner looks at it (else a visitor).
PAGES = {
    "records": (f"{L}/records/", False),
    "player": (f"{L}/players/andreas/", False),
    "embed": (f"{L}/embed/standings/", False),
    "embed-settings": (f"{L}/settings/embed/", True),
    "records-owner": (f"{L}/records/", True),
}
MEASURE = """() => {
  const header = document.querySelector('header');
  const nav = document.querySelector('.site-nav');
  const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
  return {
    dark: r + g + b < 3 * 96,
    width: document.documentElement.scrollWidth,
    header: header ? header.getBoundingClientRect().height : 0,
    navHidden: nav ? nav.scrollWidth - nav.clientWidth : 0,
  };
}"""


def play_evening(players, date):
    """A Pineapple evening of three at one table: three hands a round, Andreas in
    Fantasyland for two hands of round 1, then finished from the hands' points."""
    evening = services.create_evening(
        players=players,
        date=date,
        start_time=datetime.time(19),
        buy_in=Decimal("10"),
        rounds=1,
        hands_per_round=3,
        variant=Variant.PINEAPPLE,
    )
    seats = list(evening.seats.order_by("player__name"))
    table = tables.seat_table(evening, 1, 1, [seat.pk for seat in seats])
    for number, values in enumerate([[9, -4, -5], [21, -10, -11], [-3, 6, -3]], 1):
        results = [
            ResultInput(
                seat=seat, points=value, fantasyland_next=14 if seat == 1 and number < 3 else None
            )
            for seat, value in enumerate(values, 1)
        ]
        tables.record_hand(
            table, number=number, client_id=uuid.uuid4(), entry="points", results=results
        )
    evening.refresh_from_db()
    stored = RoundScore.objects.filter(evening_player__evening=evening)
    points = {score.evening_player_id: {1: score.points} for score in stored}
    tables_of = {seat.pk: {1: 1} for seat in seats}
    return services.save_points_grid(evening, evening.version, points, tables_of, finish=True)


@pytest.fixture(scope="module")
def seen(browser, browser_context_args, live_server, django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        try:
            with using_league(ensure_first_league()):
                owner = UserFactory(username="keeper")
                scorekeeper_of(owner, role=Role.OWNER)
                players = services.create_players(["Andreas", "Melanie", "Micha"])
                for week in range(3):
                    play_evening(
                        players, datetime.date(2026, 10, 2) + datetime.timedelta(weeks=week)
                    )
            return look_at_every_page(browser, browser_context_args, live_server.url)
        finally:
            call_command("flush", verbosity=0, interactive=False)


def look_at_every_page(browser, context_args, base):
    axe, results = Axe(), {}
    for scheme in ("light", "dark"):
        for as_owner in (False, True):
            context = browser.new_context(**{**context_args, "color_scheme": scheme})
            try:
                page = context.new_page()
                if as_owner:
                    page.goto(f"{base}/login/")
                    page.fill("[name=login]", "keeper")
                    page.fill("[name=password]", PASSWORD)
                    page.locator("main form button[type=submit]").first.click()
                    page.wait_for_load_state()
                for name, (path, owners) in PAGES.items():
                    if owners != as_owner:
                        continue
                    page.goto(base + path)
                    found = axe.run(page).response["violations"]
                    results[f"{name}@{scheme}"] = {
                        "violations": [v for v in found if v.get("impact") in BLOCKING],
                        "text": page.inner_text("body"),
                        **page.evaluate(MEASURE),
                    }
            finally:
                context.close()
    return results


NAMES = [f"{name}@{scheme}" for name in PAGES for scheme in ("light", "dark")]


@pytest.mark.parametrize("name", NAMES)
def test_axe_finds_nothing_serious_and_nothing_is_wider_than_the_phone(seen, name):
    result = seen[name]
    assert not result["violations"], [
        (v["id"], v["nodes"][0]["target"]) for v in result["violations"]
    ]
    assert result["width"] <= PHONE_WIDTH
    assert result["navHidden"] <= 0
    assert result["dark"] == name.endswith("@dark")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_pages_show_their_data_and_the_owners_header_stays_compact(seen, scheme):
    records = seen[f"records@{scheme}"]["text"]
    assert "Andreas" in records and "21" in records
    assert "Andreas" in seen[f"embed@{scheme}"]["text"]
    assert "2026" in seen[f"player@{scheme}"]["text"]
    assert seen[f"records-owner@{scheme}"]["header"] <= HEADER_MAX
    assert seen[f"embed-settings@{scheme}"]["header"] <= HEADER_MAX
