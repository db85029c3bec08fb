"""A new league's first evening, from nothing, on two phones (390x844): a new user signs up,
confirms the address from the mail (the live server runs in this process: its mails land in
``django.core.mail.outbox``), starts a league and invites a scorekeeper by link; the friend
opens the link, signs up and confirms too, joins, and enters the league's first evening to the
end. axe finds nothing serious on the way."""

import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Evening, Status
from ofcleague.members.invites import Invite

from .axe import serious_findings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "kreuz-dame-2468"


def sign_up_and_confirm(page, live_server, address):
    """Sign up on the page the visitor is on, and open the confirmation mail's link."""
    page.get_by_label("E-Mail").fill(address)
    page.locator("[name=password1]").fill(PASSWORD)
    page.locator("[name=password2]").fill(PASSWORD)
    page.get_by_role("button", name="Registrieren").click()
    page.wait_for_url(f"{live_server.url}/accounts/confirm-email/")
    sent = [message for message in mail.outbox if message.to == [address]]
    assert len(sent) == 1
    page.goto(re.search(r"http://\S+/accounts/confirm-email/\S+", sent[0].body).group(0))
    page.get_by_role("button", name="Adresse bestätigen").click()


def test_sign_up_start_a_league_invite_a_scorekeeper_who_enters_the_first_evening(
    live_server, browser, browser_context_args, first_league, shots
):
    findings = {}
    owner_phone = browser.new_context(**browser_context_args)
    friend_phone = browser.new_context(**browser_context_args)
    try:
        owner = owner_phone.new_page()
        # A site of one league opens that league; starting another begins at its address.
        owner.goto(f"{live_server.url}/leagues/new/")
        owner.get_by_role("main").get_by_role("link", name="Registrieren").click()
        sign_up_and_confirm(owner, live_server, "gruenderin@example.org")
        owner.wait_for_url(f"{live_server.url}/leagues/new/")
        owner.locator("#id_name").fill("Donnerstagsrunde")
        owner.get_by_role("button", name="Liga gründen").click()
        owner.wait_for_url(f"{live_server.url}/donnerstagsrunde/")
        league = League.objects.get(slug="donnerstagsrunde")
        assert Membership.objects.get(league=league).role == Role.OWNER

        owner.goto(f"{live_server.url}/donnerstagsrunde/members/")
        owner.locator("#id_role").select_option("scorekeeper")
        owner.get_by_role("button", name="Einladungslink erstellen").click()
        expect(owner.locator("svg.qr")).to_be_visible()
        findings["members"] = serious_findings(owner)
        link = owner.locator(".invite-link").first.input_value()
        assert link == f"{live_server.url}/join/{Invite.objects.get(league=league).token}/"

        friend = friend_phone.new_page()
        friend.goto(link)
        expect(friend.locator("h1")).to_contain_text("Donnerstagsrunde")
        findings["join"] = serious_findings(friend)
        friend.get_by_role("main").get_by_role("link", name="Registrieren").click()
        sign_up_and_confirm(friend, live_server, "schreiber@example.org")
        friend.wait_for_url(link)
        friend.get_by_role("button", name="Beitreten").click()
        friend.wait_for_url(f"{live_server.url}/donnerstagsrunde/")
        assert (
            Membership.objects.get(league=league, user__email="schreiber@example.org").role
            == Role.SCOREKEEPER
        )

        # The league's first evening: three new names, three rounds, finished.
        friend.get_by_role("link", name="Neuer Abend").click()
        friend.get_by_label("Neue Spieler").fill("Anna, Ben, Cleo")
        findings["new-evening"] = serious_findings(friend)
        friend.get_by_role("button", name="Abend anlegen").click()
        expect(friend.get_by_role("heading", name=re.compile("Punkte"))).to_be_visible()
        for number, points in enumerate(((4, -1, -3), (2, 0, -2), (-1, 3, -2)), start=1):
            for name, value in zip(("Anna", "Ben", "Cleo"), points, strict=True):
                friend.get_by_label(f"{name}, Runde {number}", exact=True).fill(str(value))
        friend.get_by_role("button", name="Speichern und Abend beenden").click()
        friend.wait_for_url(re.compile(r"/donnerstagsrunde/evenings/\d+/$"))
        shots(friend, "journey-first-evening")
        evening = Evening._base_manager.get(league=league)
        assert evening.status == Status.FINISHED
        assert [seat.player.name for seat in evening.seats.order_by("place")] == [
            "Anna",
            "Ben",
            "Cleo",
        ]
        # The first league saw none of it.
        assert not Evening._base_manager.filter(league=first_league).exists()
        owner.goto(f"{live_server.url}/donnerstagsrunde/alltime/")
        expect(owner.locator("main table")).to_contain_text("Anna")
    finally:
        owner_phone.close()
        friend_phone.close()
    assert findings == dict.fromkeys(["members", "join", "new-evening"], [])
