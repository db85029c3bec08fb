"""Invites, joining, roles, leaving and player claims: the services and their refusals."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from ofcleague.league.invariants import league_problems
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.members.invites import ClaimStatus, Invite, PlayerClaim
from ofcleague.members.services import members as services
from tests.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(db):
    league = League.objects.create(name="Freitagsrunde", slug="freitagsrunde")
    return league


@pytest.fixture
def boss(league):
    user = UserFactory(username="boss")
    Membership.objects.create(league=league, user=user, role=Role.OWNER)
    return user


def role(league, user):
    return (
        Membership.objects.filter(league=league, user=user).values_list("role", flat=True).first()
    )


def refusal(call, *args, **kwargs):
    with pytest.raises(ValidationError) as caught:
        call(*args, **kwargs)
    return caught.value


def test_an_invite_makes_a_member_with_its_role_and_counts_its_use(league, boss):
    invite = services.make_invite(league, boss, Role.SCOREKEEPER, days=7, max_uses=2)
    assert len(invite.token) >= 32 and invite.expires_at > timezone.now()
    guest = UserFactory()
    services.accept_invite(invite.token, guest)
    assert role(league, guest) == Role.SCOREKEEPER
    invite.refresh_from_db()
    assert invite.uses == 1
    assert league_problems() == []


def test_joining_never_lowers_a_role_and_upgrades_a_lower_one(league, boss):
    keeper, member = UserFactory(), UserFactory()
    Membership.objects.create(league=league, user=keeper, role=Role.SCOREKEEPER)
    Membership.objects.create(league=league, user=member, role=Role.MEMBER)
    low = services.make_invite(league, boss, Role.MEMBER)
    services.accept_invite(low.token, keeper)
    services.accept_invite(low.token, boss)
    assert role(league, keeper) == Role.SCOREKEEPER
    assert role(league, boss) == Role.OWNER
    low.refresh_from_db()
    assert low.uses == 0  # nothing changed: no use counted
    high = services.make_invite(league, boss, Role.SCOREKEEPER)
    services.accept_invite(high.token, member)
    assert role(league, member) == Role.SCOREKEEPER
    high.refresh_from_db()
    assert high.uses == 1


@pytest.mark.parametrize("code", ["revoked", "expired", "used_up", "unknown"])
def test_every_refusal_of_an_invite(league, boss, code):
    invite = services.make_invite(league, boss, Role.MEMBER, max_uses=1)
    token = invite.token
    if code == "revoked":
        services.revoke_invite(invite, boss)
    elif code == "expired":
        Invite.objects.filter(pk=invite.pk).update(
            expires_at=timezone.now() - datetime.timedelta(seconds=1)
        )
    elif code == "used_up":
        services.accept_invite(token, UserFactory())
    else:
        token = "no-such-token"
    guest = UserFactory()
    error = refusal(services.accept_invite, token, guest)
    assert error.code == code
    assert error.messages[0]
    assert role(league, guest) is None


def test_garbage_tokens_are_unknown(league, boss):
    for token in ("", None, "x" * 500, "' OR 1=1 --"):
        assert refusal(services.accept_invite, token, UserFactory()).code == "unknown"


def test_anonymous_cannot_join(league, boss):
    from django.contrib.auth.models import AnonymousUser

    invite = services.make_invite(league, boss)
    with pytest.raises(PermissionDenied):
        services.accept_invite(invite.token, AnonymousUser())


def test_only_the_owner_makes_and_revokes_invites(league, boss):
    keeper = UserFactory()
    Membership.objects.create(league=league, user=keeper, role=Role.SCOREKEEPER)
    with pytest.raises(PermissionDenied):
        services.make_invite(league, keeper, Role.OWNER)
    invite = services.make_invite(league, boss, Role.OWNER)
    with pytest.raises(PermissionDenied):
        services.revoke_invite(invite, keeper)
    assert Invite.objects.get(pk=invite.pk).revoked_at is None


def test_make_invite_refuses_bad_values(league, boss, other_league):
    error = refusal(services.make_invite, league, boss, "king", days=0, max_uses=0)
    assert set(error.message_dict) == {"role", "days", "max_uses"}
    foreign = PlayerFactory(league=other_league, name="Fremd")
    error = refusal(services.make_invite, league, boss, player=foreign)
    assert set(error.message_dict) == {"player"}
    assert not Invite.objects.filter(league=league).exists()


def test_an_invite_for_a_player_links_the_account(league, boss):
    player = PlayerFactory(league=league, name="Micha")
    invite = services.make_invite(league, boss, Role.MEMBER, player=player)
    guest = UserFactory()
    services.accept_invite(invite.token, guest)
    claim = PlayerClaim.objects.get(player=player)
    assert (claim.user, claim.status) == (guest, ClaimStatus.CONFIRMED)
    # Someone else with the same link: the player is taken.
    assert refusal(services.accept_invite, invite.token, UserFactory()).code == "player_taken"
    assert league_problems() == []


def test_the_last_owner_stays(league, boss):
    error = refusal(services.set_role, league, boss, Role.MEMBER, boss)
    assert error.code == "last_owner"
    assert refusal(services.remove_member, league, boss, boss).code == "last_owner"
    assert refusal(services.leave_league, league, boss).code == "last_owner"
    assert role(league, boss) == Role.OWNER
    second = UserFactory()
    Membership.objects.create(league=league, user=second, role=Role.MEMBER)
    services.set_role(league, second, Role.OWNER, boss)
    services.set_role(league, boss, Role.SCOREKEEPER, second)
    assert role(league, boss) == Role.SCOREKEEPER
    services.leave_league(league, boss)
    assert role(league, boss) is None
    assert league_problems() == []


def test_roles_and_removals_are_the_owners(league, boss):
    keeper, member = UserFactory(), UserFactory()
    Membership.objects.create(league=league, user=keeper, role=Role.SCOREKEEPER)
    Membership.objects.create(league=league, user=member, role=Role.MEMBER)
    with pytest.raises(PermissionDenied):
        services.set_role(league, member, Role.OWNER, keeper)
    with pytest.raises(PermissionDenied):
        services.remove_member(league, member, keeper)
    assert refusal(services.set_role, league, member, "boss", boss).message_dict.keys() == {"role"}
    assert refusal(services.set_role, league, UserFactory(), Role.MEMBER, boss).code == "no_member"
    assert refusal(services.leave_league, league, UserFactory()).code == "no_member"
    services.remove_member(league, member, boss)
    assert role(league, member) is None


def test_claim_confirm_and_the_rules_of_links(league, boss):
    micha, melanie = PlayerFactory(league=league, name="Micha"), PlayerFactory(league=league)
    member, other = UserFactory(), UserFactory()
    for user in (member, other):
        Membership.objects.create(league=league, user=user, role=Role.MEMBER)
    assert refusal(services.claim_player, micha, UserFactory()).code == "stranger"
    claim = services.claim_player(micha, member)
    assert claim.status == ClaimStatus.PENDING
    assert refusal(services.claim_player, micha, member).code == "pending"
    # A claim for another player replaces the pending one.
    claim = services.claim_player(melanie, member)
    assert PlayerClaim.objects.filter(user=member).count() == 1
    claim = services.claim_player(micha, member)
    rival = services.claim_player(micha, other)
    with pytest.raises(PermissionDenied):
        services.decide_claim(claim, True, member)
    services.decide_claim(claim, True, boss)
    assert PlayerClaim.objects.get(pk=claim.pk).status == ClaimStatus.CONFIRMED
    assert refusal(services.decide_claim, claim, False, boss).code == "decided"
    assert refusal(services.decide_claim, rival, True, boss).code == "taken"
    assert refusal(services.claim_player, melanie, member).code == "linked"
    assert refusal(services.claim_player, micha, other).code == "taken"
    services.decide_claim(rival, False, boss)
    assert PlayerClaim.objects.get(pk=rival.pk).status == ClaimStatus.REFUSED
    assert league_problems() == []
    # Leaving takes the link along.
    services.leave_league(league, member)
    assert not PlayerClaim.objects.filter(user=member).exists()


def test_an_owners_claim_is_confirmed_at_once_and_unlink(league, boss):
    player = PlayerFactory(league=league)
    claim = services.claim_player(player, boss)
    assert claim.status == ClaimStatus.CONFIRMED
    with pytest.raises(PermissionDenied):
        services.unlink(claim, UserFactory())
    services.unlink(claim, boss)
    assert not PlayerClaim.objects.exists()


def test_the_database_keeps_one_account_per_player(league, boss):
    player = PlayerFactory(league=league)
    now = timezone.now()
    PlayerClaim.objects.create(
        league=league, player=player, user=boss, status="confirmed", decided_at=now
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerClaim.objects.create(
            league=league, player=player, user=UserFactory(), status="confirmed", decided_at=now
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerClaim.objects.create(
            league=league,
            player=PlayerFactory(league=league),
            user=boss,
            status="confirmed",
            decided_at=now,
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerClaim.objects.create(league=league, player=player, user=boss, status="confirmed")


@pytest.mark.parametrize("values", [{"uses": 3, "max_uses": 2}, {"max_uses": 0}, {"role": "x"}])
def test_the_database_keeps_invites_sound(league, values):
    with pytest.raises(IntegrityError), transaction.atomic():
        Invite.objects.create(league=league, **values)


def test_deleting_the_league_takes_its_invites_and_claims(league, boss):
    from ofcleague.league.services.leagues import delete_league

    player = PlayerFactory(league=league)
    services.make_invite(league, boss, player=player)
    services.claim_player(player, boss)
    delete_league(boss, league, "Freitagsrunde")
    assert not Invite.objects.exists() and not PlayerClaim.objects.exists()


def test_a_merge_moves_the_link_to_the_player_kept(league, boss):
    from ofcleague.league.services.leagues import merge_players

    keep, merge = PlayerFactory(league=league, name="Micha"), PlayerFactory(league=league)
    fan = UserFactory()
    Membership.objects.create(league=league, user=fan, role=Role.MEMBER)
    invite = services.make_invite(league, boss, player=merge)
    services.decide_claim(services.claim_player(merge, fan), True, boss)
    merge_players(league, keep, merge, boss)
    assert PlayerClaim.objects.get().player == keep
    assert Invite.objects.get(pk=invite.pk).player == keep
    assert league_problems() == []


@pytest.mark.parametrize("token", ["abc\x00def", "\x00", "a b", "ä" * 5, "", None])
def test_a_token_the_site_never_makes_finds_no_invite(token):
    """A NUL byte in a token reached PostgreSQL and failed there (found by the state machine
    on PostgreSQL); such a token finds no invite on either database."""
    from ofcleague.members.services.members import find_invite

    assert find_invite(token) is None
