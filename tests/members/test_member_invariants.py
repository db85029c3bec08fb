"""The rules of memberships, claims and invites, pure over plain facts."""

import pytest

from ofcleague.league.invariants import league_problems
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.members.invariants import MemberFacts, member_problems
from ofcleague.members.invites import Invite
from tests.factories import UserFactory

SOUND = MemberFacts(
    memberships=((1, 10, "scorekeeper"), (2, 10, "owner"), (2, 11, "member")),
    claims=((1, 2, 2, 100, 11, "confirmed"), (2, 2, 2, 101, 10, "pending")),
    invites=((1, 2, 2, 2), (2, 2, 5, None)),
    exempt=frozenset([1]),
    addresses=((100, "anna@example.org"),),
)


def test_sound_facts_have_no_problems():
    assert member_problems(SOUND) == []
    assert member_problems(MemberFacts()) == []


@pytest.mark.parametrize(
    "change, expected",
    [
        ({"exempt": frozenset()}, "league 1 has members but no owner"),
        ({"memberships": ((2, 11, "member"),)}, "league 2 has members but no owner"),
        ({"claims": ((1, 2, 2, 100, 12, "confirmed"),)}, "no member"),
        ({"claims": ((1, 1, 2, 100, 11, "confirmed"),)}, "another league"),
        (
            {"claims": ((1, 2, 2, 100, 11, "confirmed"), (2, 2, 2, 100, 10, "confirmed"))},
            "several accounts",
        ),
        (
            {"claims": ((1, 2, 2, 100, 11, "confirmed"), (2, 2, 2, 101, 11, "confirmed"))},
            "several players",
        ),
        ({"invites": ((1, 2, 3, 2),)}, "invite 1 is used 3 times of 2"),
        ({"invites": ((1, 2, -1, None),)}, "invite 1 is used -1 times"),
        ({"addresses": ((100, "anna@"),)}, "player 100 has an address that is no e-mail"),
    ],
)
def test_each_broken_rule_is_named(change, expected, settings):
    settings.LANGUAGE_CODE = "en"
    from django.utils import translation

    facts = MemberFacts(**{**SOUND.__dict__, **change})
    with translation.override("en"):
        problems = member_problems(facts)
    assert len(problems) == 1
    assert expected in problems[0]


@pytest.mark.django_db
def test_league_problems_names_a_league_without_owner_but_not_the_first():
    from tests.factories import scorekeeper_of

    scorekeeper_of(UserFactory())  # the first league: its scorekeepers predate owners
    assert league_problems() == []
    other = League.objects.create(name="B", slug="b")
    Membership.objects.create(league=other, user=UserFactory(), role=Role.MEMBER)
    Invite.objects.create(league=other, uses=1, max_uses=1)
    problems = league_problems()
    assert [problem.evening for problem in problems] == [0]
    assert league_problems(evening_ids=[]) == []
