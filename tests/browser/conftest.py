"""Browser tests: Debian's Chromium driven by pytest-playwright at a phone's size (390x844).

Run them on their own (``make browser``): Playwright's sync API keeps an event loop running in
the test thread, so these tests allow Django's database calls there, and only here.
"""

import os
from pathlib import Path

import pytest

from ofcleague.league.models import EveningPlayer, PrizeShare
from tests.factories import EveningFactory, PlayerFactory, UserFactory, scorekeeper_of

CHROMIUM = "/usr/bin/chromium"
PASSWORD = "secret-pass-123"


@pytest.fixture(scope="session", autouse=True)
def allow_django_beside_playwright():
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    yield
    if previous is None:
        del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
        "locale": "de-DE",
    }


@pytest.fixture
def shots():
    """Save a full-page screenshot under $SCREENSHOT_DIR (``make screenshots``), else nowhere."""
    folder = os.environ.get("SCREENSHOT_DIR")

    def take(page, name):
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)

    def element(locator, name):
        """One part of a page alone (the chat message, the settlement)."""
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            locator.screenshot(path=str(Path(folder) / f"{name}.png"))

    take.element = element
    return take


@pytest.fixture
def league(transactional_db):
    """Four regulars who played before, the default prize split and a scorekeeper account.

    Live-server tests empty the tables between tests, so this rebuilds what migrations seed.
    """
    for place, weight in {1: 2, 2: 1}.items():
        PrizeShare.objects.get_or_create(place=place, defaults={"weight": weight})
    past = EveningFactory()
    for name in ("Micha", "Melanie", "Andreas", "Swantje"):
        EveningPlayer.objects.create(evening=past, player=PlayerFactory(name=name))
    keeper = UserFactory(username="keeper")
    scorekeeper_of(keeper)
    return keeper


@pytest.fixture
def logged_in(page, live_server, league):
    """The page, logged in as the scorekeeper through the login form."""
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("E-Mail oder Benutzername").fill("keeper")
    page.get_by_label("Passwort").fill(PASSWORD)
    page.get_by_role("button", name="Anmelden").click()
    # The front page opens the only league.
    page.wait_for_url(f"{live_server.url}/ofc-runde/")
    return page
