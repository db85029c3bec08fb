"""Invites on a phone (390x844): the owner makes a scorekeeper's invite, a friend opens its link
in another browser, logs in, joins and enters an evening; then says "that's me" on a player's
page, and the owner confirms it on the members page. axe finds nothing serious on the members
page and the invite's page."""

import re

import pytest
from playwright.sync_api import expect

from ofcleague.league.leagues import Membership, Role
from ofcleague.league.models import Evening, RoundScore
from ofcleague.members.invites import ClaimStatus, Invite, PlayerClaim
from tests.factories import UserFactory

from .axe import serious_findings
from .conftest import PASSWORD
from .test_league_admin import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MEMBERS = "/ofc-runde/members/"


def test_invite_join_enter_an_evening_claim_a_player(
    live_server, browser, browser_context_args, league, shots
):
    owner = UserFactory(username="chefin")
    Membership.objects.create(league_id=1, user=owner, role=Role.OWNER)
    UserFactory(username="gast")
    evenings_before = Evening.objects.count()
    findings = {}
    owner_context = browser.new_context(**browser_context_args)
    guest_context = browser.new_context(**browser_context_args)
    try:
        page = owner_context.new_page()
        log_in(page, live_server, "chefin", MEMBERS)
        expect(page.get_by_role("heading", name="Mitglieder", exact=True)).to_be_visible()
        page.locator("#id_role").select_option("scorekeeper")
        page.locator("#id_max_uses").fill("1")
        page.get_by_role("button", name="Einladungslink erstellen").click()
        expect(page.locator(".message")).to_contain_text("Einladung ist erstellt")
        expect(page.locator("svg.qr")).to_be_visible()
        expect(page.get_by_role("button", name="Link kopieren")).to_be_visible()
        findings["members"] = serious_findings(page)
        shots(page, "members-invite")
        link = page.locator(".invite-link").first.input_value()
        invite = Invite.objects.get()
        assert link == f"{live_server.url}/join/{invite.token}/"

        guest = guest_context.new_page()
        guest.goto(link)
        expect(guest.locator("h1")).to_contain_text("beitreten")
        findings["join-anonymous"] = serious_findings(guest)
        guest.get_by_role("main").get_by_role("link", name="Anmelden").click()
        guest.get_by_label("Benutzername").fill("gast")
        guest.get_by_label("Passwort").fill(PASSWORD)
        guest.get_by_role("button", name="Anmelden").click()
        guest.wait_for_url(link)
        findings["join"] = serious_findings(guest)
        shots(guest, "join")
        guest.get_by_role("button", name="Beitreten").click()
        guest.wait_for_url(f"{live_server.url}/ofc-runde/")
        expect(guest.locator(".message")).to_contain_text("Willkommen")
        assert Membership.objects.get(user__username="gast").role == Role.SCOREKEEPER
        assert Invite.objects.get().uses == 1

        # The new scorekeeper enters an evening.
        guest.get_by_role("link", name="Neuer Abend").click()
        for name in ("Andreas", "Melanie", "Micha", "Swantje"):
            guest.get_by_label(name, exact=True).check()
        guest.get_by_role("button", name="Abend anlegen").click()
        expect(guest.get_by_role("heading", name=re.compile("Punkte"))).to_be_visible()
        for name, points in zip(
            ("Andreas", "Melanie", "Micha", "Swantje"), (5, -3, -1, -1), strict=True
        ):
            guest.get_by_label(f"{name}, Runde 1", exact=True).fill(str(points))
        guest.get_by_role("button", name="Punkte speichern").click()
        expect(guest).to_have_url(re.compile(r"/points/$"))
        assert Evening.objects.count() == evenings_before + 1
        assert (
            RoundScore.objects.filter(evening_player__evening=Evening.objects.latest("id")).count()
            == 4
        )

        # "That's me" on Micha's page; the owner confirms it.
        guest.goto(f"{live_server.url}/ofc-runde/players/micha/")
        shots(guest, "player-claim")
        guest.get_by_role("button", name="Das bin ich").click()
        expect(guest.locator(".message")).to_contain_text("Danke")
        claim = PlayerClaim.objects.get()
        assert claim.status == ClaimStatus.PENDING
        page.goto(f"{live_server.url}{MEMBERS}")
        expect(page.locator("#claims-title + ul")).to_contain_text("Micha")
        findings["members-claim"] = serious_findings(page)
        page.get_by_role("button", name="Bestätigen").click()
        expect(page.locator(".message")).to_contain_text("ist jetzt der Spieler Micha")
        assert PlayerClaim.objects.get().status == ClaimStatus.CONFIRMED
        expect(page.locator(".member-list").first).to_contain_text("spielt als Micha")
    finally:
        owner_context.close()
        guest_context.close()
    assert findings == dict.fromkeys(["members", "join-anonymous", "join", "members-claim"], [])
