"""What the pages say after a correction and to whom (issue 36, points 1 to 3, 14 and 15): a
paid transfer that a correction made too much is flagged; the rating change is the difference
of the numbers shown beside it; a finished evening counts its recorded hands; visitors see no
money unless the league shows it to them; a refused page names its own rule in the league's
roles."""

import datetime
import uuid
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.utils import translation

from ofcleague.league import services
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import EveningPlayer, Status, Variant
from ofcleague.league.roles import OWNER_ONLY, RESULTS_ONLY, RULES
from ofcleague.money.models import Transfer
from ofcleague.money.services.settling import mark_paid, settle_evening
from ofcleague.results.evening_seats import rating_rows
from ofcleague.table import services as table
from ofcleague.table.services import ResultInput
from tests.factories import EveningFactory, PlayerFactory, UserFactory
from tests.league.builders import corrected_round, played_five

pytestmark = pytest.mark.django_db

D = Decimal


def _member(league_id=1):
    user = UserFactory()
    Membership.objects.create(league_id=league_id, user=user, role=Role.MEMBER)
    return user


def test_a_paid_transfer_made_too_much_by_a_correction_is_flagged(client, five, keeper):
    evening = played_five(five)
    settle_evening(evening, keeper)
    hal = five[3]
    mark_paid(Transfer.objects.filter(payer=hal).first(), keeper)
    client.force_login(keeper)
    assert "data-misfit" not in client.get("/ofc-runde/cash/").content.decode()
    corrected_round(evening, 2, (3, 1, -2, 13, -15), five)
    for url in ("/ofc-runde/cash/", evening.get_absolute_url()):
        assert "data-misfit" in client.get(url).content.decode(), url


def test_the_rating_change_is_the_difference_of_the_ratings_shown():
    seat = SimpleNamespace(url="/x/", name="Hal")
    with translation.override("en"):
        rows = rating_rows([(seat, -1.84, -0.66, 1.18), (seat, 3.35, 2.84, -0.51)])
    assert [row[2:] for row in rows] == [("-1.8", "-0.7", "+1.1"), ("3.4", "2.8", "−0.6")]


def test_a_finished_evening_counts_its_recorded_hands(client):
    evening = EveningFactory(
        status="in_progress", rounds=3, hands_per_round=15, variant=Variant.OFC
    )
    for name in ("Anna", "Bert", "Cleo"):
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
    seats = list(evening.seats.order_by("pk").values_list("pk", flat=True))
    round_table = table.seat_table(evening, 1, 1, seats)
    for number, values in enumerate([(2, -1, -1), (-3, 0, 3), (1, 1, -2), (0, 2, -2)], 1):
        results = [ResultInput(seat=s, points=v) for s, v in enumerate(values, 1)]
        table.record_hand(
            round_table, number=number, client_id=uuid.uuid4(), entry="points", results=results
        )
    type(evening).objects.filter(pk=evening.pk).update(status=Status.FINISHED)
    client.cookies["django_language"] = "en"
    page = client.get(evening.get_absolute_url()).content.decode()
    assert "4 hands recorded" in page
    assert "45 hands" not in page


def test_visitors_see_no_money_unless_the_league_shows_it(client, five, keeper):
    evening = played_five(five)
    client.cookies["django_language"] = "en"
    player = five[0].get_absolute_url()
    for url in (evening.get_absolute_url(), player):
        page = client.get(url).content.decode()
        assert "data-prize" not in page and "€" not in page and ">Net<" not in page, url
    assert "Prize" not in client.get(f"{player}?_export=csv&_table=evenings").content.decode()
    client.force_login(_member())
    for url in (evening.get_absolute_url(), player):
        page = client.get(url).content.decode()
        assert "€" in page, url
    assert ">Net<" in client.get(player).content.decode()
    client.logout()
    League.objects.filter(pk=1).update(money_public=True)
    services_league_pages_changed()
    page = client.get(evening.get_absolute_url()).content.decode()
    assert "data-prize" in page and "€" in page


def services_league_pages_changed():
    from ofcleague.web.cache import invalidate_league_pages

    invalidate_league_pages(1)


def test_the_owner_chooses_whether_visitors_see_the_money(client):
    from ofcleague.league.services.leagues import change_league

    owner = UserFactory()
    Membership.objects.create(league_id=1, user=owner, role=Role.OWNER)
    league = League.objects.get(pk=1)
    assert not league.money_public  # members only, by default
    change_league(owner, league, money_public=True)
    assert League.objects.get(pk=1).money_public


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_refused_page_names_its_own_rule_in_the_leagues_roles(client, language):
    client.force_login(_member())
    client.cookies["django_language"] = language
    with translation.override("en"):
        owner_rule, results_rule = str(RULES[OWNER_ONLY]), str(RULES[RESULTS_ONLY])
    with translation.override(language):
        owner_rule, results_rule = (
            translation.gettext(owner_rule),
            translation.gettext(results_rule),
        )
    settings_page = client.get("/ofc-runde/settings/")
    assert settings_page.status_code == 403
    html = settings_page.content.decode().replace("&#x27;", "'")
    assert owner_rule in html and results_rule not in html
    assert "Scorekeepers" not in html and "Schriftführer" not in html
    new_evening = client.get("/ofc-runde/evenings/new/")
    assert new_evening.status_code == 403
    html = new_evening.content.decode().replace("&#x27;", "'")
    assert results_rule in html and owner_rule not in html


def test_the_evening_page_says_a_pot_set_by_hand(client, five, keeper):
    evening = played_five(five)
    services.set_prizes(evening, evening.version, D("30"), {1: D("20"), 2: D("10")})
    client.force_login(keeper)
    client.cookies["django_language"] = "en"
    page = client.get(evening.get_absolute_url()).content.decode()
    assert "set by hand, not the sum of the buy-ins" in page
    prizes = client.get(f"{evening.get_absolute_url()}prizes/").content.decode()
    assert "data-pot-by-hand" in prizes and "Prefilled from the buy-ins" not in prizes


def test_a_new_buy_in_shows_the_new_pot_on_every_page(client, five, keeper):
    evening = played_five(five)
    services.update_evening(evening, evening.version, players=five, buy_in=D("10"))
    client.force_login(keeper)
    client.cookies["django_language"] = "en"
    page = client.get(evening.get_absolute_url()).content.decode()
    assert "data-pot>50 €" in page
    assert datetime.date.today()  # the evening lies in the past: it stays finished
