"""A backup holds the league's invites and the claims that link accounts to players: a restore
brings them back; with --without-users it leaves out the claims (whose accounts stay behind)
and restores the invites without their author."""

import io

import pytest
from django.core.management import call_command

from ofcleague.league.leagues import Membership, Role
from ofcleague.members.invites import ClaimStatus, Invite, PlayerClaim
from ofcleague.members.services import members as services
from tests.backup.test_backup import wipe
from tests.backup.test_restore import take_backup, write
from tests.factories import EveningFactory, EveningPlayerFactory, RoundScoreFactory, UserFactory


@pytest.fixture
def backup(seeded, tmp_path):
    evening = EveningFactory(rounds=1)
    seats = []
    for place, value in enumerate([5, -5], start=1):
        seats.append(EveningPlayerFactory(evening=evening, place=place, total=value))
        RoundScoreFactory(evening_player=seats[-1], round_number=1, points=value)
    owner, fan = UserFactory(username="owner"), UserFactory(username="fan")
    Membership.objects.create(league_id=1, user=owner, role=Role.OWNER)
    Membership.objects.create(league_id=1, user=fan, role=Role.MEMBER)
    invite = services.make_invite(evening.league, owner, Role.SCOREKEEPER, max_uses=3)
    claim = services.claim_player(seats[0].player, fan)
    services.decide_claim(claim, True, owner)
    objects = take_backup(tmp_path)
    wipe()
    return write(tmp_path, objects), invite


def restore(path, *options):
    call_command("restore", str(path), *options, stdout=io.StringIO())


def test_a_restore_brings_back_invites_and_claims(backup):
    path, invite = backup
    restore(path)
    assert Invite.objects.get().token == invite.token
    claim = PlayerClaim.objects.get()
    assert (claim.user.username, claim.status) == ("fan", ClaimStatus.CONFIRMED)


def test_without_users_the_claims_stay_out(backup):
    path, invite = backup
    restore(path, "--without-users")
    assert not PlayerClaim.objects.exists()
    restored = Invite.objects.get()
    assert restored.token == invite.token and restored.created_by is None
