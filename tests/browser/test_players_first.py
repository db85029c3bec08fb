"""Players first, on a phone (390x844), light and dark: the owner of a new league pastes six
names (two of them one letter apart, so the page asks "meinst du ...?" and the owner ticks
that both are right), announces an evening, which lists all six as not answered yet; one new
player answers through their personal link with one tap, without an account. axe finds
nothing serious or critical on any page it visits; the taps are counted. Then a member says
"This is me" from the members page's list of players, and the owner sees the claim's badge
in the menu and confirms it."""

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Player
from ofcleague.league.services.adding import add_players
from ofcleague.league.services.leagues import start_league
from ofcleague.members.invites import ClaimStatus, PlayerClaim
from ofcleague.rsvp.models import Answer, Rsvp
from ofcleague.rsvp.services.answers import announce_evening, link_for
from tests.factories import UserFactory

from .axe import serious_findings
from .test_league_admin import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: As a tired owner types it: an address after a space, one after a comma, two names on a
#: line; "Leni" is one letter from "Lena".
PASTE = "Anna anna@example.org\nBen, ben@example.org\nCarla\nDaniel, Lena\nLeni"
SIX = ["Anna", "Ben", "Carla", "Daniel", "Lena", "Leni"]
#: Taps of the owner (into the list, add, tick, add again) and of the player (their answer).
OWNER_TAPS, PLAYER_TAPS = 4, 1


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_paste_six_names_and_answer_through_a_new_players_link(
    live_server, browser, browser_context_args, scheme
):
    owner = UserFactory(username="gruenderin")
    league = start_league(owner, "Freitagsrunde")
    manage = f"/{league.slug}/players/manage/"
    findings, taps = {}, {"owner": 0, "player": 0}
    owner_context = browser.new_context(**browser_context_args, color_scheme=scheme)
    player_context = browser.new_context(**browser_context_args, color_scheme=scheme)
    try:
        page = owner_context.new_page()
        log_in(page, live_server, "gruenderin", manage)
        findings["players"] = serious_findings(page)
        page.get_by_label("Neue Spieler").tap()
        taps["owner"] += 1
        page.keyboard.insert_text(PASTE)
        page.get_by_role("button", name="Spieler anlegen").tap()
        taps["owner"] += 1
        expect(page.locator("#form-errors")).to_contain_text("Zeile 5: „Leni“")
        expect(page.get_by_label("Neue Spieler")).to_have_value(PASTE)
        findings["did-you-mean"] = serious_findings(page)
        page.get_by_label("Ja, diese Namen stimmen so").tap()
        page.get_by_role("button", name="Spieler anlegen").tap()
        taps["owner"] += 2
        expect(page.locator(".message")).to_contain_text("6 Spieler angelegt")
        with using_league(league):
            assert sorted(Player.objects.values_list("name", flat=True)) == SIX

        evening = announce_evening(
            League.objects.get(pk=league.pk),
            owner,
            date=timezone.localdate() + datetime.timedelta(days=3),
            most_seats=6,
        )
        page.goto(f"{live_server.url}/{league.slug}/evenings/{evening.pk}/")
        expect(page.locator("#rsvp-silent")).to_have_text(", ".join(SIX))
        expect(page.locator("#rsvp-start-wait")).to_contain_text("Noch hat niemand zugesagt")
        findings["evening"] = serious_findings(page)

        with using_league(league):
            carla = Player.objects.get(name="Carla")
            anna = Player.objects.get(name="Anna")
        phone = player_context.new_page()
        phone.goto(f"{live_server.url}/{league.slug}/rsvp/{link_for(carla).token}/")
        expect(phone.locator("#no-mails")).to_be_visible()  # Carla gave no address
        findings["link"] = serious_findings(phone)
        phone.get_by_role("button", name="Ich bin dabei").tap()
        taps["player"] += 1
        expect(phone.locator(".message")).to_contain_text("Antwort ist gespeichert")
        assert Rsvp.objects.get(evening=evening, player=carla).answer == Answer.YES
        findings["answered"] = serious_findings(phone)
        phone.goto(f"{live_server.url}/{league.slug}/rsvp/{link_for(anna).token}/")
        expect(phone.locator('input[name="remind_before"]')).to_be_visible()  # Anna has one
    finally:
        owner_context.close()
        player_context.close()
    print(f"\nPlayers first ({scheme}): owner {taps['owner']} taps, player {taps['player']}")
    assert taps == {"owner": OWNER_TAPS, "player": PLAYER_TAPS}
    assert findings == dict.fromkeys(["players", "did-you-mean", "evening", "link", "answered"], [])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_member_says_this_is_me_from_the_list_and_the_owner_sees_the_badge(
    live_server, browser, browser_context_args, scheme
):
    owner = UserFactory(username="gruenderin", email="owner@example.org")
    league = start_league(owner, "Freitagsrunde")
    add_players(league, owner, "Anna\nBen\nCarla")
    member = UserFactory(username="anna", email="anna@example.org")
    Membership.objects.create(league=league, user=member, role=Role.MEMBER)
    members = f"/{league.slug}/members/"
    findings = {}
    member_context = browser.new_context(**browser_context_args, color_scheme=scheme)
    owner_context = browser.new_context(**browser_context_args, color_scheme=scheme)
    try:
        page = member_context.new_page()
        log_in(page, live_server, "anna", members)
        findings["list"] = serious_findings(page)
        page.get_by_role("button", name="Das bin ich (Anna)").tap()
        expect(page.locator(".message")).to_contain_text("Anna")
        findings["claimed"] = serious_findings(page)
        assert PlayerClaim.objects.get(user=member).status == ClaimStatus.PENDING

        boss = owner_context.new_page()
        log_in(boss, live_server, "gruenderin", members)
        expect(boss.locator(".menu-badge")).to_have_text("1")
        boss.locator(".account-menu summary").tap()
        expect(boss.locator("#open-claims")).to_contain_text("1")
        findings["badge"] = serious_findings(boss)
        boss.get_by_role("button", name="Bestätigen").tap()
        expect(boss.locator(".message")).to_contain_text("ist jetzt der Spieler Anna")
        expect(boss.locator(".menu-badge")).to_have_count(0)
    finally:
        member_context.close()
        owner_context.close()
    assert PlayerClaim.objects.get(user=member).status == ClaimStatus.CONFIRMED
    assert findings == dict.fromkeys(["list", "claimed", "badge"], [])
