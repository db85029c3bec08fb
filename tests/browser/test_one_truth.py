"""One truth after every correction, on a phone (390x844), in an English and a German league.

A classic league of five at 5 € plays an evening by round totals, finishes it (the pot paid
by the usual split), settles it, marks a transfer paid, then corrects a round and the
buy-in. After each step the cash, the evening and the players' pages agree: the open
transfers settle the open balances exactly, Net adds up to zero, the pot is the sum of the
buy-ins and the prizes add up to it (issue 36, points 1 and 2). And every page it reads
speaks the league's language only: no phrase of the other language's catalogue and no date
in the other language's form (the phone has no language cookie: the league decides).
"""

import datetime
import re
from decimal import Decimal

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from ofcleague.league import services
from ofcleague.league.current import using_league
from ofcleague.league.models import Evening, Status, Variant
from ofcleague.league.services.leagues import start_league
from tests.factories import PlayerFactory, UserFactory
from tests.lang.catalogue import (
    ENGLISH_DATE,
    GERMAN_DATE,
    MONTH_FIRST,
    english_phrases,
    foreign_phrases,
    german_phrases,
    page_text,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Eli", "Fay", "Gus", "Hal", "Ivy"]
ROUNDS = {1: (8, 4, 0, -5, -7), 2: (3, 1, -2, 3, -5)}
# Hal's second round was 3 and should have been 13 (Ivy's -5 was -15): Hal moves up.
CORRECTED = (3, 1, -2, 13, -15)
MONEY = re.compile(r"([−-]?)(\d+)(?:[.,](\d{2}))?\s*€")
NET = {"en": "Net", "de": "Saldo"}


def amount(text: str) -> Decimal:
    """The one amount of euros in ``text`` ("5.10 €", "5,10 €", "−1 €")."""
    found = MONEY.search(text)
    assert found, text
    sign, whole, cents = found.groups()
    value = Decimal(f"{whole}.{cents or '00'}")
    return -value if sign else value


def payer_and_payee(text: str) -> tuple[str, str]:
    """The two names of a transfer's sentence, payer first."""
    names = sorted((text.index(name), name) for name in NAMES if name in text)
    assert len(names) == 2, text
    return names[0][1], names[1][1]


def classic_five(owner_name, league_name, language, hands_per_round):
    """A classic league of five at 5 € in ``language`` and yesterday's evening: its owner,
    the league and the evening."""
    owner = UserFactory(username=owner_name)
    league = start_league(
        owner, league_name, language=language, variant=Variant.CLASSIC, buy_in=Decimal("5")
    )
    with using_league(league):
        players = [PlayerFactory(name=name) for name in NAMES]
        evening = services.create_evening(
            players=players,
            date=timezone.localdate() - datetime.timedelta(days=1),
            start_time=datetime.time(19),
            buy_in=Decimal("5"),
            rounds=2,
            hands_per_round=hands_per_round,
            variant=Variant.CLASSIC,
        )
    return owner, league, evening


def logged_in(page, live_server, owner):
    """The phone holds ``owner``'s session (made by a test client)."""
    client = Client()
    client.force_login(owner)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )


@pytest.fixture(params=["en", "de"])
def league_of_five(request, transactional_db):
    language = request.param
    name = "Friday Classic" if language == "en" else "Freitagsrunde"
    owner, league, evening = classic_five(f"owner-{language}", name, language, 15)
    return language, league, owner, evening


@pytest.fixture
def phone(page, live_server, league_of_five):
    """The owner's phone, logged in (the session of a test client), in the league's language."""
    language, league, owner, evening = league_of_five
    logged_in(page, live_server, owner)
    base = f"{live_server.url}/{league.slug}"
    with using_league(league):  # the test reads its own league's rows
        yield page, base, language, evening


def enter_round(page, number, values):
    cells = page.locator(
        f"#points-grid tr[data-round='{number}'] td.points-cell input:not([type=hidden])"
    )
    expect(cells).to_have_count(len(values))
    for index, value in enumerate(values):
        cells.nth(index).fill(str(value))


def speaks_only(page, language):
    """The page in the league's language: no phrase of the other catalogue, no date of the
    other language's form, no month-first date."""
    text = page_text(page.content())
    phrases, dates = (
        (german_phrases(), GERMAN_DATE)
        if language == "en"
        else (
            english_phrases(),
            ENGLISH_DATE,
        )
    )
    wrong = foreign_phrases(text, phrases)
    wrong += [match.group(0) for match in dates.finditer(text)]
    wrong += [match.group(0) for match in MONTH_FIRST.finditer(text)]
    assert wrong == [], page.url


def one_truth(page, base, language, evening, buy_in, *, settled=True):
    """The cash, the evening and the five players' pages agree (``settled``: and the open
    transfers settle the open balances; before settling there are none)."""
    page.goto(f"{base}/cash/")
    speaks_only(page, language)
    balances = {}
    for row in page.locator("tr[data-balance]").all():
        name, state = row.get_attribute("data-balance"), row.get_attribute("data-state")
        value = amount(row.locator("td.num").inner_text())
        balances[name] = value if state == "gets" else -value
    open_rows = page.locator("li[data-transfer]:not(.is-paid) .transfer-text")
    open_transfers = sorted(row.inner_text() for row in open_rows.all())
    left = dict(balances)
    for text in open_transfers:
        payer, payee = payer_and_payee(text)
        left[payer] = left.get(payer, Decimal(0)) + amount(text)
        left[payee] = left.get(payee, Decimal(0)) - amount(text)
    assert not any(left.values()) if settled else not open_transfers, (balances, open_transfers)

    page.goto(f"{base}/evenings/{evening.pk}/")
    speaks_only(page, language)
    prizes = [amount(cell.inner_text()) for cell in page.locator("td[data-prize]").all()]
    assert len(prizes) == len(NAMES)
    pot = amount(page.locator("dd[data-pot]").inner_text())
    assert pot == buy_in * len(NAMES) == sum(prizes)
    assert sum(prize - buy_in for prize in prizes) == 0
    section = page.locator("section.evening-money li[data-transfer]:not(.is-paid) .transfer-text")
    assert sorted(row.inner_text() for row in section.all()) == open_transfers

    nets = []
    for name in NAMES:
        page.goto(f"{base}/players/{name.lower()}/")
        speaks_only(page, language)
        tile = page.locator(
            "dl.record-tiles div", has=page.locator(f"dt:text-is('{NET[language]}')")
        )
        nets.append(amount(tile.locator("dd").inner_text()))
        state = page.locator("p[data-open-balance]")
        owed = Decimal(0)
        if state.get_attribute("data-open-balance") != "even":
            owed = amount(state.inner_text())
            owed = owed if state.get_attribute("data-open-balance") == "gets" else -owed
        assert owed == balances.get(name, Decimal(0)), name
    assert sum(nets) == 0, nets


def test_one_truth_after_every_correction(phone):
    page, base, language, evening = phone
    # The evening by round totals, finished: the pot of 25 € paid by the usual split.
    page.goto(f"{base}/evenings/{evening.pk}/points/")
    speaks_only(page, language)
    for number, values in ROUNDS.items():
        enter_round(page, number, values)
    page.locator("#main-action").click()
    page.wait_for_url(re.compile(rf"/evenings/{evening.pk}/$"))
    assert Evening.objects.get(pk=evening.pk).status == Status.FINISHED
    one_truth(page, base, language, evening, Decimal("5"), settled=False)

    # Settled: the fewest transfers.
    page.goto(f"{base}/evenings/{evening.pk}/")
    page.locator("section.evening-money form[action$='/settle/'] button").click()
    expect(page.locator("section.evening-money li[data-transfer]").first).to_be_visible()
    one_truth(page, base, language, evening, Decimal("5"))

    # Hal's transfer paid.
    page.goto(f"{base}/evenings/{evening.pk}/")
    hal = page.locator("section.evening-money li[data-transfer]", has_text="Hal")
    hal.first.locator("button").click()
    expect(page.locator("section.evening-money li.is-paid")).to_have_count(1)
    one_truth(page, base, language, evening, Decimal("5"))

    # A round corrected: Hal won money after all; what he paid is flagged and given back.
    page.goto(f"{base}/evenings/{evening.pk}/points/")
    enter_round(page, 2, CORRECTED)
    page.locator("#main-action").click()
    page.wait_for_url(re.compile(rf"/evenings/{evening.pk}/$"))
    expect(page.locator("section.evening-money [data-misfit]")).to_have_count(1)
    one_truth(page, base, language, evening, Decimal("5"))

    # The buy-in corrected: 10 € each, a pot of 50 €.
    page.goto(f"{base}/evenings/{evening.pk}/edit/")
    speaks_only(page, language)
    page.locator("input[name=buy_in]").fill("10")
    page.locator("form button.primary[type=submit]").click()
    page.wait_for_url(re.compile(rf"/evenings/{evening.pk}/$"))
    one_truth(page, base, language, evening, Decimal("10"))
