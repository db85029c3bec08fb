"""The admin needs a staff login; form posts without a CSRF token are refused."""

from django.test import Client

from ofcleague.league.models import Evening, Player
from tests.factories import PlayerFactory, UserFactory, scorekeeper_of


def test_admin_sends_anonymous_visitors_to_its_login(client, db):
    response = client.get("/admin/league/evening/")
    assert response.status_code == 302
    assert response.url.startswith("/admin/login/")


def test_admin_refuses_a_logged_in_member_without_staff_status(client, db):
    member = UserFactory()
    scorekeeper_of(member)
    client.force_login(member)
    response = client.get("/admin/league/evening/")
    assert response.status_code == 302
    assert response.url.startswith("/admin/login/")


def test_admin_opens_for_staff(staff_client):
    assert staff_client.get("/admin/league/evening/").status_code == 200


def test_admin_add_without_staff_writes_nothing(client, db):
    client.force_login(UserFactory())
    client.post("/admin/league/player/add/", {"name": "Mallory", "slug": "mallory"})
    assert not Player.objects.exists()


def test_login_without_csrf_token_is_refused(db):
    UserFactory(username="anna", password="secret-pass-123")
    strict = Client(enforce_csrf_checks=True)
    response = strict.post("/login/", {"login": "anna", "password": "secret-pass-123"})
    assert response.status_code == 403
    assert "_auth_user_id" not in strict.session


def test_new_evening_without_csrf_token_is_refused_even_for_a_scorekeeper(db):
    keeper = UserFactory()
    scorekeeper_of(keeper)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(keeper)
    players = [PlayerFactory(name=name) for name in ("Ann", "Bob")]
    response = strict.post(
        "/ofc-runde/evenings/new/",
        {
            "date": "2026-11-30",
            "start_time": "19:00",
            "buy_in": "10",
            "rounds": "3",
            "hands_per_round": "15",
            "variant": "pineapple",
            "players": [player.pk for player in players],
        },
    )
    assert response.status_code == 403
    assert not Evening.objects.exists()


def test_the_language_switch_alone_needs_no_csrf_token(db):
    # Deliberately exempt (ofcleague/web/language.py): a forged switch only changes the
    # language, and a token would put a cookie on every page. Other forms still need one.
    browser = Client(enforce_csrf_checks=True)
    response = browser.post("/i18n/setlang/", {"language": "en", "next": "/ofc-runde/rules/"})
    assert response.status_code == 302
    assert response["Location"] == "/ofc-runde/rules/"
    assert browser.cookies["django_language"].value == "en"
    assert browser.post("/login/", {"login": "x", "password": "y"}).status_code == 403
