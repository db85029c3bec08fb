"""Issue 35 on a phone (390x844, Chromium): a stranger signs up from an invite link and ends
up joined; finishing an evening is a step one sees, and its undo; the header fits at 320 and
390 px with a 60-character league name; axe finds nothing serious or critical on the league's
pages with 6, 8 and 12 players, light and dark."""

import datetime
import re

import pytest
from django.core import mail
from django.utils import timezone
from playwright.sync_api import expect

from ofcleague.league import services
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Evening, PrizeShare, Status
from ofcleague.members.services import members
from tests.factories import UserFactory
from tests.firstweek.test_finish_step import padded_evening

from .axe import serious_findings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "karo-bube-1234"
LONG_LEAGUE = "Donnerstagsrunde der Freunde des gepflegten Open-Face-Pokers"  # 60 characters
NAMES = [
    "Anna", "Bert", "Cleo", "Dora", "Emil", "Fritz",
    "Gabi", "Hans", "Ines", "Jörg", "Katrin", "Ludwig",
]  # fmt: skip


def width_fits(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_signing_up_from_an_invite_ends_joined_in_four_taps(page, live_server, first_league):
    owner = UserFactory(username="gruender")
    Membership.objects.create(league=first_league, user=owner, role=Role.OWNER)
    invite = members.make_invite(first_league, owner, Role.MEMBER)
    taps = 0
    page.goto(f"{live_server.url}/join/{invite.token}/")
    page.locator("main").get_by_role("link", name="Registrieren").click()
    taps += 1
    page.get_by_label("E-Mail").fill("neu@example.org")
    page.locator("[name=password1]").fill(PASSWORD)
    page.locator("[name=password2]").fill(PASSWORD)
    page.get_by_role("button", name="Registrieren").click()
    taps += 1
    page.wait_for_url(f"{live_server.url}/accounts/confirm-email/")
    link = re.search(r"http://\S+/accounts/confirm-email/\S+", mail.outbox[-1].body).group(0)
    page.goto(link)  # opened from the mail
    page.get_by_role("button", name="Adresse bestätigen").click()
    taps += 1
    page.wait_for_url(f"{live_server.url}/join/{invite.token}/")
    assert serious_findings(page) == []
    page.get_by_role("button", name="Beitreten").click()
    taps += 1
    page.wait_for_url(f"{live_server.url}/{first_league.slug}/")
    assert Membership.objects.filter(league=first_league, user__email="neu@example.org").exists()
    assert taps == 4


def seed_split():
    for place, weight in {1: 2, 2: 1}.items():
        PrizeShare.objects.get_or_create(place=place, defaults={"weight": weight})


def test_finishing_is_a_step_one_sees_and_undoes(logged_in, live_server):
    seed_split()
    page = logged_in
    evening = padded_evening()
    base = f"{live_server.url}/{evening.league.slug}/evenings/{evening.pk}"
    page.goto(f"{base}/rounds/2/tables/1/")
    page.get_by_role("link", name=re.compile("Abend beenden")).first.click()
    page.wait_for_url(f"{base}/finish/")
    expect(page.locator(".finish-line")).to_be_visible()
    findings = {"finish": serious_findings(page)}
    page.get_by_role("button", name="Abend beenden").click()
    page.wait_for_url(f"{base}/")
    assert Evening.objects.get(pk=evening.pk).status == Status.FINISHED
    undo = page.get_by_role("button", name="Beenden rückgängig machen")
    expect(undo).to_be_visible()
    findings["finished"] = serious_findings(page)
    page.emulate_media(color_scheme="dark")
    findings["finished-dark"] = serious_findings(page)
    undo.click()
    page.wait_for_url(f"{base}/")
    assert Evening.objects.get(pk=evening.pk).status == Status.IN_PROGRESS
    expect(page.get_by_role("link", name="Abend beenden")).to_be_visible()
    findings["undone-dark"] = serious_findings(page)
    assert findings == {name: [] for name in findings}


@pytest.mark.parametrize("width", [320, 390])
def test_the_header_fits_a_long_league_name(logged_in, live_server, first_league, width):
    first_league.name = LONG_LEAGUE
    first_league.save()
    assert len(LONG_LEAGUE) == 60
    page = logged_in
    page.set_viewport_size({"width": width, "height": 844})
    for path in ("", "alltime/", "evenings/new/"):
        page.goto(f"{live_server.url}/{first_league.slug}/{path}")
        brand = page.locator(".brand")
        assert brand.get_attribute("title") == LONG_LEAGUE
        expect(brand).to_have_accessible_name(re.compile(re.escape(LONG_LEAGUE)))
        assert width_fits(page), path
        # The name and the tools share the row without overlapping.
        brand_box = brand.bounding_box()
        tools_box = page.locator(".header-tools").bounding_box()
        assert brand_box["x"] + brand_box["width"] <= tools_box["x"] + 1


def an_evening_of(size):
    """An evening in progress with ``size`` players and its first round of points."""
    players = services.create_players(NAMES[:size])
    evening = services.create_evening(
        players=players, date=timezone.localdate(), rounds=3, start_time=datetime.time(19, 0)
    )
    seats = list(evening.seats.order_by("pk"))
    values = [size - 1] + [-1] * (size - 1)
    points = {seat.pk: {1: value} for seat, value in zip(seats, values, strict=True)}
    return services.save_points_grid(evening, evening.version, points)


@pytest.mark.parametrize("size", [6, 8, 12])
def test_axe_finds_nothing_serious_with_many_players(logged_in, live_server, size):
    seed_split()
    page = logged_in
    evening = an_evening_of(size)
    base = f"{live_server.url}/{League.objects.get(pk=evening.league_id).slug}"
    paths = {
        "points": f"/evenings/{evening.pk}/points/",
        "evening": f"/evenings/{evening.pk}/",
        "finish": f"/evenings/{evening.pk}/finish/",
        "home": "/",
        "history": "/history/",
        "alltime": "/alltime/",
        "seasons": "/seasons/",
        "statistics": "/statistics/",
        "cash": "/cash/",
    }
    player = evening.seats.order_by("pk").first().player.get_absolute_url()
    findings = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        targets = {name: base + path for name, path in paths.items()}
        for name, url in {**targets, "player": live_server.url + player}.items():
            page.goto(url)
            findings[f"{name}@{scheme}"] = serious_findings(page)
            assert width_fits(page), f"{name}@{scheme}"
    assert findings == {name: [] for name in findings}
