"""Signing up on a phone (390x844): from the front page's "Liga gründen" to the sign-up, the
confirmation mail (the live server runs in this process: its mails land in
``django.core.mail.outbox``), the confirmation, and the new league's own page; axe finds
nothing serious on the sign-up and login pages."""

import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from ofcleague.league.leagues import League, Membership, Role, Visibility

from .axe import serious_findings

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "karo-bube-1234"


@pytest.fixture
def two_leagues(first_league):
    """Two public leagues, so the front page lists them instead of opening the only one."""
    League.objects.create(name="Andere Runde", slug="andere-runde", visibility=Visibility.PUBLIC)


def test_a_new_player_signs_up_confirms_and_starts_a_league(page, live_server, two_leagues, shots):
    findings = {}
    page.goto(f"{live_server.url}/")
    page.locator("main").get_by_role("link", name="Liga gründen").click()
    page.wait_for_url(re.compile(r"/accounts/signup/\?next=/leagues/new/$"))
    findings["signup"] = serious_findings(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the header fits

    page.get_by_label("E-Mail").fill("neu@example.org")
    page.locator("[name=password1]").fill(PASSWORD)
    page.locator("[name=password2]").fill("vertippt-9876")
    page.get_by_role("button", name="Registrieren").click()
    # Refused with the reason, the address kept.
    expect(page.locator(".errorlist").first).to_be_visible()
    expect(page.get_by_label("E-Mail")).to_have_value("neu@example.org")
    findings["signup-errors"] = serious_findings(page)
    shots(page, "signup-errors")
    assert not mail.outbox

    page.locator("[name=password1]").fill(PASSWORD)
    page.locator("[name=password2]").fill(PASSWORD)
    page.get_by_role("button", name="Registrieren").click()
    page.wait_for_url(f"{live_server.url}/accounts/confirm-email/")
    findings["sent"] = serious_findings(page)
    shots(page, "verification-sent")
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["neu@example.org"]
    link = re.search(r"http://\S+/accounts/confirm-email/\S+", mail.outbox[0].body).group(0)

    page.goto(link)
    findings["confirm"] = serious_findings(page)
    page.get_by_role("button", name="Adresse bestätigen").click()
    page.wait_for_url(f"{live_server.url}/leagues/new/")
    page.locator("#id_name").fill("Freitagsrunde")
    page.get_by_role("button", name="Liga gründen").click()
    page.wait_for_url(f"{live_server.url}/freitagsrunde/")
    expect(page.locator(".brand")).to_contain_text("Freitagsrunde")
    league = League.objects.get(slug="freitagsrunde")
    assert Membership.objects.get(league=league).user.email == "neu@example.org"
    assert Membership.objects.get(league=league).role == Role.OWNER
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert findings == {name: [] for name in findings}


def test_the_login_page_takes_an_address_and_has_nothing_serious_for_axe(page, live_server, shots):
    from allauth.account.models import EmailAddress

    from tests.factories import UserFactory

    user = UserFactory(username="anna", email="anna@example.org", password=PASSWORD)
    EmailAddress.objects.create(user=user, email="anna@example.org", verified=True, primary=True)
    page.goto(f"{live_server.url}/ofc-runde/")
    page.get_by_role("link", name="Anmelden").click()
    page.wait_for_url(re.compile(r"/login/\?next=/ofc-runde/$"))
    assert serious_findings(page) == []
    shots(page, "login")
    expect(page.get_by_role("link", name="Passwort vergessen?")).to_be_visible()
    page.get_by_label("E-Mail oder Benutzername").fill("anna@example.org")
    page.get_by_label("Passwort").fill(PASSWORD)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(f"{live_server.url}/ofc-runde/")
    page.locator(".account-menu summary").click()
    expect(page.get_by_role("link", name="Passwort ändern")).to_be_visible()
    shots(page, "account-menu")
