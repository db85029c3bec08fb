"""Each rule of the league's roles refuses with its one message (``roles.RULES``), whether a
page, a service or the score pad's API asks: one check (``roles.require``), no copies."""

import json

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import translation

from ofcleague.league.models import EveningPlayer, Variant
from ofcleague.league.roles import MEMBERS_ONLY, OWNER_ONLY, RESULTS_ONLY, RULES
from ofcleague.league.services.adding import add_players, set_address
from ofcleague.league.services.leagues import change_league, delete_league
from ofcleague.league.services.merging import merge_players
from ofcleague.members.services.members import make_invite
from ofcleague.money.services.settling import settle_open
from ofcleague.rsvp.services.answers import announce_evening
from ofcleague.rsvp.services.calendar_feeds import new_calendar_feed, revoke_calendar_feeds
from ofcleague.table import services as table_services
from tests.factories import EveningFactory, PlayerFactory, UserFactory, scorekeeper_of
from tests.table.conftest import seat_ids

pytestmark = pytest.mark.django_db


def said(rule):
    """The rule's message in both of the site's languages."""
    messages = set()
    for language in ("en", "de"):
        with translation.override(language):
            messages.add(str(RULES[rule]))
    return messages


def refusals(league, user):
    """A service of each rule, called by ``user``."""
    anna, bert = PlayerFactory(name="Anna"), PlayerFactory(name="Bert")
    return [
        (OWNER_ONLY, lambda: add_players(league, user, "Carla")),
        (OWNER_ONLY, lambda: set_address(league, user, anna, "anna@example.org")),
        (OWNER_ONLY, lambda: merge_players(league, anna, bert, user)),
        (OWNER_ONLY, lambda: change_league(user, league, name="Other")),
        (OWNER_ONLY, lambda: delete_league(user, league, league.name)),
        (OWNER_ONLY, lambda: make_invite(league, user)),
        (RESULTS_ONLY, lambda: settle_open(league, user)),
        (RESULTS_ONLY, lambda: announce_evening(league, user)),
        (MEMBERS_ONLY, lambda: new_calendar_feed(user, league)),
        (MEMBERS_ONLY, lambda: revoke_calendar_feeds(user, league)),
    ]


def test_a_stranger_is_refused_by_every_service_with_its_rules_message(first_league):
    stranger = UserFactory()
    for rule, call in refusals(first_league, stranger):
        with pytest.raises(PermissionDenied) as refusal:
            call()
        assert str(refusal.value) == str(RULES[rule]), rule


def test_a_member_is_refused_what_owners_and_scorekeepers_do(first_league):
    member = scorekeeper_of(UserFactory(), role="member")
    for rule, call in refusals(first_league, member):
        if rule == MEMBERS_ONLY:
            continue
        with pytest.raises(PermissionDenied) as refusal:
            call()
        assert str(refusal.value) == str(RULES[rule]), rule


def test_the_score_pads_api_refuses_with_the_results_rules_message(client):
    evening = EveningFactory(status="in_progress", rounds=1, hands_per_round=5, variant=Variant.OFC)
    for name in ("Anna", "Bert", "Carla", "Dora"):
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
    table = table_services.seat_table(evening, 1, 1, seat_ids(evening)[:4])
    client.force_login(UserFactory())
    url = reverse("table:api_hands", args=[table.evening_id, table.round_number, table.table])
    answer = client.post(url, json.dumps({}), content_type="application/json")
    assert answer.status_code == 403
    assert answer.json()["error"]["code"] == "forbidden"
    assert answer.json()["error"]["message"] in said(RESULTS_ONLY)
