"""Who pays whom on the pages: the evening's section, the cash page, the player's open money;
members only, fixed query counts, garbage never a 500."""

import datetime
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ofcleague.league.models import Evening, Status
from ofcleague.money.models import PairStake, Transfer
from ofcleague.money.services.settling import mark_paid, settle_evening
from tests.factories import PlayerFactory, UserFactory, confirmed_claim, scorekeeper_of
from tests.league.builders import evening_from_points

pytestmark = pytest.mark.django_db

D = Decimal
CASH = "/ofc-runde/cash/"


@pytest.fixture
def keeper():
    user = UserFactory(username="keeper")
    scorekeeper_of(user)
    return user


@pytest.fixture
def member():
    user = UserFactory(username="member")
    scorekeeper_of(user, role="member")
    return user


@pytest.fixture
def four():
    return [PlayerFactory(name=name) for name in ["Andreas", "Melanie", "Micha", "Swantje"]]


def _evening(four, date=datetime.date(2024, 5, 3)):
    andreas, melanie, micha, swantje = four
    return evening_from_points(
        {andreas: [10, 2], melanie: [-4, 4], micha: [-1, -3], swantje: [-5, -3]},
        prizes={andreas: D("30"), melanie: D("10"), micha: D("0"), swantje: D("0")},
        pot=D("40"),
        date=date,
    )


def test_anonymous_visitors_go_to_the_login_and_strangers_get_403(client, four):
    _evening(four)
    response = client.get(CASH)
    assert response.status_code == 302 and "/login/" in response["Location"]
    client.force_login(UserFactory())
    assert client.get(CASH).status_code == 403


def test_the_evening_page_shows_who_pays_whom_to_members_only(client, four, keeper, member):
    evening = _evening(four)
    settle_evening(evening, keeper)
    page = client.get(evening.get_absolute_url()).content.decode()
    assert 'id="money-title"' not in page and "12,50" not in page
    client.force_login(member)
    page = client.get(evening.get_absolute_url()).content.decode()
    assert 'id="money-title"' in page
    assert page.count("data-transfer=") == 2
    # A member who is neither side sees no button; the settle button is a scorekeeper's.
    assert "/paid/" not in page and "/settle/" not in page


def test_a_scorekeeper_settles_the_evening_and_marks_a_transfer_paid(client, four, keeper):
    evening = _evening(four)
    client.force_login(keeper)
    page = client.get(evening.get_absolute_url()).content.decode()
    assert f"/evenings/{evening.pk}/settle/" in page
    response = client.post(f"/ofc-runde/evenings/{evening.pk}/settle/")
    assert response.status_code == 302
    assert Transfer.objects.count() == 2
    first = Transfer.objects.order_by("pk").first()
    response = client.post(
        f"/ofc-runde/cash/transfers/{first.pk}/paid/", {"next": evening.get_absolute_url()}
    )
    assert response["Location"] == evening.get_absolute_url()
    first.refresh_from_db()
    assert first.paid_at is not None and first.paid_by == keeper
    page = client.get(evening.get_absolute_url()).content.decode()
    assert page.count("/paid/") == 1  # only the open one still has its button


def test_either_side_marks_paid_and_a_bystander_cannot(client, four, keeper, member):
    evening = _evening(four)
    transfer = settle_evening(evening, keeper)[0]
    client.force_login(member)
    client.post(f"/ofc-runde/cash/transfers/{transfer.pk}/paid/")
    transfer.refresh_from_db()
    assert transfer.paid_at is None
    confirmed_claim(member, transfer.payee)
    page = client.get(CASH).content.decode()
    assert page.count("/paid/") == 2  # Andreas gets both
    client.post(f"/ofc-runde/cash/transfers/{transfer.pk}/paid/", {"next": "https://evil.example/"})
    transfer.refresh_from_db()
    assert transfer.paid_by == member


def test_the_cash_page_lists_open_balances_and_settles_them(client, four, keeper):
    one = _evening(four)
    _evening(four, date=datetime.date(2024, 6, 7))
    mark_paid(settle_evening(one, keeper)[0], keeper)
    client.force_login(keeper)
    page = client.get(CASH).content.decode()
    assert 'data-balance="Andreas"' in page and "30,00" in page
    assert "/ofc-runde/cash/settle/" in page
    client.post("/ofc-runde/cash/settle/")
    assert Transfer.objects.filter(evening=None).count() == 2
    page = client.get(CASH).content.decode()
    assert "/ofc-runde/cash/settle/" not in page  # everything is in a transfer now
    assert page.count("data-transfer=") == 3  # two open, one paid


def test_the_player_page_shows_the_open_money_to_members(client, four, keeper):
    evening = _evening(four)
    settle_evening(evening, keeper)
    andreas = four[0]
    assert "player-money-title" not in client.get(andreas.get_absolute_url()).content.decode()
    client.force_login(keeper)
    page = client.get(andreas.get_absolute_url()).content.decode()
    assert 'data-open-balance="gets"' in page and "20,00" in page
    assert page.count("data-transfer=") == 2


def _count(client, url):
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_money_pages_run_a_fixed_number_of_queries(client, four, keeper):
    first = _evening(four)
    settle_evening(first, keeper)
    client.force_login(keeper)
    player = four[0].get_absolute_url()
    small = {
        "cash": _count(client, CASH),
        "evening": _count(client, first.get_absolute_url()),
        "player": _count(client, player),
    }
    for month in (6, 7, 8):
        other = _evening(four, date=datetime.date(2024, month, 5))
        mark_paid(settle_evening(other, keeper)[0], keeper)
    big = {
        "cash": _count(client, CASH),
        "evening": _count(client, first.get_absolute_url()),
        "player": _count(client, player),
    }
    assert small == big
    # Cash: the league with its version, the session, the user, the membership (role and
    # player), the evenings, seats, round points, pair stakes, transfers, and the menu's
    # permission. The evening page adds its section's five, the player page its six (the
    # cash book and who looks), the "that's me" button's two and the badges' one (the kept
    # table of the player's latest year), the record badges' two (the league's record book,
    # once per version: no page cache here) and the player's lines in the league's own
    # seasons (one), to what a member's page reads. A scorekeeper's finished evening reads
    # one more: whether its finish can be undone.
    assert big == {"cash": 10, "evening": 19, "player": 20}


@pytest.mark.parametrize(
    ("language", "shown"), [("en", ("0.50", "1.25")), ("de", ("0,50", "1,25"))]
)
def test_the_stakes_page_writes_amounts_the_way_its_language_does(
    client, four, keeper, language, shown
):
    """An English page shows a stake as 0.50 and gives 0.10 as the example, a German one
    0,50 and 0,10 (issue 36, point 6: numbers from the locale, not a hand-made German one)."""
    evening = _evening(four)
    a, b = sorted(player.pk for player in four[:2])
    Evening.objects.filter(pk=evening.pk).update(stake_per_point=D("0.5"))
    PairStake.objects.create(evening=evening, player_a_id=a, player_b_id=b, stake=D("1.25"))
    client.force_login(keeper)
    client.cookies["django_language"] = language
    url = f"/ofc-runde/evenings/{evening.pk}/stakes/"
    page = client.get(url).content.decode()
    assert f'value="{shown[0]}"' in page and f'value="{shown[1]}"' in page
    example = "0.10" if language == "en" else "0,10"
    version = Evening.objects.get(pk=evening.pk).version
    refused = client.post(url, {"stake": "abc", "version": version})
    assert example in refused.content.decode()


def test_garbage_in_the_stakes_form_never_500s(client, four, keeper):
    evening = _evening(four)
    client.force_login(keeper)
    url = f"/ofc-runde/evenings/{evening.pk}/stakes/"
    assert client.get(url).status_code == 200
    a, b = sorted(player.pk for player in four[:2])
    for garbage in ["abc", "-1", "1e999", "0,001", "\x00", "9" * 19, "NaN"]:
        response = client.post(url, {"stake": garbage, f"pair_{a}_{b}": garbage})
        assert response.status_code == 200
        assert garbage.replace("\x00", "") in response.content.decode() or garbage == "\x00"
    evening.refresh_from_db()
    assert evening.stake_per_point is None and not PairStake.objects.exists()
    read = {"version": evening.version}
    response = client.post(url, {"stake": "0,10", f"pair_{a}_{b}": "1", **read})
    assert response.status_code == 302
    evening.refresh_from_db()
    assert evening.stake_per_point == D("0.10")
    assert PairStake.objects.get().stake == D("1")


def test_wrong_requests_are_refused_cleanly(client, four, keeper, member):
    evening = _evening(four)
    Evening.objects.filter(pk=evening.pk).update(status=Status.IN_PROGRESS)
    client.force_login(keeper)
    response = client.post(f"/ofc-runde/evenings/{evening.pk}/settle/", follow=True)
    assert response.status_code == 200 and not Transfer.objects.exists()
    assert client.get(f"/ofc-runde/evenings/{evening.pk}/settle/").status_code == 405
    assert client.post("/ofc-runde/cash/transfers/99999/paid/").status_code == 404
    assert client.get("/ofc-runde/cash/settle/").status_code == 405
    client.force_login(member)
    assert client.post(f"/ofc-runde/evenings/{evening.pk}/settle/").status_code == 403
    assert client.get(f"/ofc-runde/evenings/{evening.pk}/stakes/").status_code == 403
    assert client.post("/ofc-runde/cash/settle/").status_code == 403
    assert not Transfer.objects.exists()


def test_an_evening_without_money_shows_members_no_section(client, four, member):
    from tests.league.builders import evening_from_order

    evening = evening_from_order(four)
    client.force_login(member)
    assert 'id="money-title"' not in client.get(evening.get_absolute_url()).content.decode()
