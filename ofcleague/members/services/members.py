"""Who belongs to a league: invites, joining, roles, leaving, and the claims that link an
account to a player.

Each function runs in one transaction and checks everything before it writes: a refusal is a
``ValidationError`` (``code`` says which), and nothing is written. Who may call them is checked
here too: invites, roles, removals and decisions on claims are the owner's (or a superuser's).

The rules: a league that has an owner keeps one (its last owner can be neither demoted nor
removed, nor leave); joining never lowers a role (a member who opens a scorekeeper's invite
becomes a scorekeeper, a scorekeeper who opens a member's stays one); an owner's invite is
made by an owner like every invite, so nobody becomes owner without one; a use of an invite
counts when it changes something (a new member, a higher role, a linked player).
"""

from __future__ import annotations

import datetime
import re
from functools import partial

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from ofcleague.league import hooks
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Player
from ofcleague.league.roles import OWNER_ONLY, require, runs
from ofcleague.members.invites import ClaimStatus, Invite, PlayerClaim
from ofcleague.members.services.claim_mail import mail_decision_task, mail_owners_of_claim_task
from ofcleague.web.league_writes import league_write

#: How much a role may do, to compare them: joining never lowers one.
RANK = {Role.MEMBER: 1, Role.SCOREKEEPER: 2, Role.OWNER: 3}
#: An invite lasts at most this many days, and allows at most this many uses.
MAX_DAYS = 365
MAX_USES = 1000

#: Why an invite does not let anyone in (``ValidationError.code`` of ``accept_invite``).
UNKNOWN, REVOKED, EXPIRED, USED_UP, PLAYER_TAKEN = (
    "unknown",
    "revoked",
    "expired",
    "used_up",
    "player_taken",
)


def _role(value) -> Role:
    if value not in Role.values:
        raise ValidationError({"role": _("Choose a role: owner, scorekeeper or member.")})
    return Role(value)


def _is_last_owner(league: League, user) -> bool:
    owners = Membership.objects.filter(league=league, role=Role.OWNER)
    return owners.filter(user=user).exists() and not owners.exclude(user=user).exists()


def _forget_roles(user) -> None:
    """Drop the roles ``roles.role_of`` keeps on the user object: they changed."""
    user.__dict__.pop("_league_roles", None)


def invite_refusal(invite: Invite | None, now: datetime.datetime | None = None):
    """Why ``invite`` lets nobody in, as (code, sentence), or None when it is good."""
    now = now or timezone.now()
    if invite is None:
        return UNKNOWN, _("This invite link is not known. Ask for a new one.")
    if invite.revoked_at is not None:
        return REVOKED, _("This invite was withdrawn. Ask the league's owner for a new one.")
    if invite.expires_at is not None and invite.expires_at <= now:
        return EXPIRED, _("This invite has expired. Ask the league's owner for a new one.")
    if invite.max_uses is not None and invite.uses >= invite.max_uses:
        return USED_UP, _("This invite has been used up. Ask the league's owner for a new one.")
    return None


#: What an invite's token is made of (``secrets.token_urlsafe``).
TOKEN = re.compile(r"[A-Za-z0-9_-]+")


def find_invite(token) -> Invite | None:
    """The invite of ``token`` (with its league and player), or None."""
    token = str(token or "")
    if len(token) > Invite._meta.get_field("token").max_length or not TOKEN.fullmatch(token):
        # Not a token the site makes (a NUL byte, say, which PostgreSQL refuses): none.
        return None
    return Invite.objects.select_related("league", "player").filter(token=token).first()


@league_write
def make_invite(
    league: League,
    by,
    role=Role.MEMBER,
    *,
    days: int | None = None,
    max_uses: int | None = None,
    player: Player | None = None,
) -> Invite:
    """An invite into ``league`` with ``role``, valid ``days`` days (None: until revoked) for
    ``max_uses`` uses (None: any number); with ``player``, joining links the account to them."""
    require(OWNER_ONLY, by, league)
    problems = {}
    try:
        role = _role(role)
    except ValidationError as error:
        problems.update(error.message_dict)
    if days is not None and not (isinstance(days, int) and 1 <= days <= MAX_DAYS):
        problems["days"] = _("An invite lasts 1 to %(max)s days.") % {"max": MAX_DAYS}
    if max_uses is not None and not (isinstance(max_uses, int) and 1 <= max_uses <= MAX_USES):
        problems["max_uses"] = _("An invite allows 1 to %(max)s uses.") % {"max": MAX_USES}
    if player is not None:
        if player.league_id != league.pk:
            problems["player"] = _("This player belongs to another league.")
        elif _confirmed(player=player).exists():
            problems["player"] = _("%(name)s is already linked to an account.") % {
                "name": player.name
            }
    if problems:
        raise ValidationError(problems)
    expires = timezone.now() + datetime.timedelta(days=days) if days else None
    return Invite.objects.create(
        league=league,
        role=role,
        expires_at=expires,
        max_uses=max_uses,
        player=player,
        created_by=by if by.is_authenticated else None,
    )


@league_write
def revoke_invite(invite: Invite, by) -> Invite:
    """Withdraw ``invite``: its link lets nobody in any more (revoking twice changes nothing)."""
    require(OWNER_ONLY, by, invite.league)
    Invite.objects.filter(pk=invite.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())
    invite.refresh_from_db()
    return invite


def _confirmed(**filters):
    return PlayerClaim.objects.filter(status=ClaimStatus.CONFIRMED, **filters)


@league_write
def accept_invite(token, user) -> Membership:
    """Make ``user`` a member of the invite's league with its role (a member already keeps
    the higher of the two roles) and, for an invite naming a player, link them. Refused,
    with the reason as the error's code, when the invite is unknown, revoked, expired or
    used up, or its player is linked to another account."""
    if not user.is_authenticated or not user.is_active:
        raise PermissionDenied(_("Log in to join a league."))
    invite = find_invite(token)
    if invite is not None:
        invite = (
            Invite.objects.select_for_update(of=("self",))
            .select_related("league")
            .get(pk=invite.pk)
        )
    refusal = invite_refusal(invite)
    if refusal:
        raise ValidationError(refusal[1], code=refusal[0])
    league = invite.league
    player = invite.player
    mine = _confirmed(league=league, user=user).first()
    if player is not None:
        taken = _confirmed(player=player).exclude(user=user).exists()
        if taken or (mine is not None and mine.player_id != player.pk):
            raise ValidationError(
                _("This invite is for %(name)s, who is linked to another account already.")
                % {"name": player.name},
                code=PLAYER_TAKEN,
            )
    membership = Membership.objects.filter(league=league, user=user).first()
    changed = False
    if membership is None:
        membership = Membership.objects.create(league=league, user=user, role=invite.role)
        changed = True
    elif RANK[Role(invite.role)] > RANK[Role(membership.role)]:
        membership.role = invite.role
        membership.save(update_fields=["role"])
        changed = True
    if player is not None and mine is None:
        PlayerClaim.objects.filter(league=league, user=user, status=ClaimStatus.PENDING).delete()
        PlayerClaim.objects.create(
            league=league,
            player=player,
            user=user,
            status=ClaimStatus.CONFIRMED,
            decided_by=invite.created_by,
            decided_at=timezone.now(),
        )
        changed = True
    if changed:
        Invite.objects.filter(pk=invite.pk).update(uses=F("uses") + 1)
    _forget_roles(user)
    return membership


def _membership(league: League, user) -> Membership:
    membership = Membership.objects.select_for_update().filter(league=league, user=user).first()
    if membership is None:
        raise ValidationError(_("This account is no member of the league."), code="no_member")
    return membership


@league_write
def set_role(league: League, user, role, by) -> Membership:
    """Give the member ``user`` the role ``role``; the league's last owner stays owner."""
    require(OWNER_ONLY, by, league)
    role = _role(role)
    membership = _membership(league, user)
    if role != Role.OWNER and _is_last_owner(league, user):
        raise ValidationError(
            _("The league's last owner stays owner: make someone else owner first."),
            code="last_owner",
        )
    membership.role = role
    membership.save(update_fields=["role"])
    _forget_roles(user)
    return membership


def _drop(league: League, user) -> None:
    """Take ``user`` out of ``league``, with their claims to its players; their private
    calendar links to it stop working."""
    for receiver in hooks.MEMBER_LEAVING:  # their calendar links (ofcleague/rsvp)
        receiver(league, user)
    PlayerClaim.objects.filter(league=league, user=user).delete()
    Membership.objects.filter(league=league, user=user).delete()
    _forget_roles(user)


@league_write
def remove_member(league: League, user, by) -> None:
    """Take ``user`` out of the league (and their link to its player); never its last owner."""
    require(OWNER_ONLY, by, league)
    _membership(league, user)
    if _is_last_owner(league, user):
        raise ValidationError(
            _("The league's last owner cannot be removed: make someone else owner first."),
            code="last_owner",
        )
    _drop(league, user)


@league_write
def leave_league(league: League, user) -> None:
    """``user`` leaves the league (and their link to its player); its last owner cannot."""
    if not user.is_authenticated:
        raise PermissionDenied(_("Log in first."))
    _membership(league, user)
    if _is_last_owner(league, user):
        raise ValidationError(
            _("You are the league's last owner: make someone else owner before you leave."),
            code="last_owner",
        )
    _drop(league, user)


@league_write
def claim_player(player: Player, user) -> PlayerClaim:
    """``user`` says "that's me" of ``player``: a claim the owner confirms (an owner's own
    claim is confirmed at once). Refused when the player or the account is linked already,
    or the account is no member of the player's league; a pending claim of the account for
    another player is replaced."""
    if not user.is_authenticated:
        raise PermissionDenied(_("Log in first."))
    league = League.objects.get(pk=player.league_id)
    if not Membership.objects.filter(league=league, user=user).exists():
        raise ValidationError(_("Only members of the league can claim a player."), code="stranger")
    if _confirmed(player=player).exists():
        raise ValidationError(
            _("%(name)s is already linked to an account.") % {"name": player.name}, code="taken"
        )
    if _confirmed(league=league, user=user).exists():
        raise ValidationError(
            _("Your account is already linked to a player of this league."), code="linked"
        )
    pending = PlayerClaim.objects.filter(league=league, user=user, status=ClaimStatus.PENDING)
    if pending.filter(player=player).exists():
        raise ValidationError(
            _("You asked for this already; the league's owner decides."), code="pending"
        )
    pending.delete()
    if runs(user, league):
        return PlayerClaim.objects.create(
            league=league,
            player=player,
            user=user,
            status=ClaimStatus.CONFIRMED,
            decided_by=user,
            decided_at=timezone.now(),
        )
    claim = PlayerClaim.objects.create(league=league, player=player, user=user)
    transaction.on_commit(partial(mail_owners_of_claim_task.enqueue, claim.pk))
    return claim


@league_write
def decide_claim(claim: PlayerClaim, confirm: bool, by) -> PlayerClaim:
    """The owner confirms or refuses a pending claim. Confirming is refused when the player
    or the account got linked meanwhile, or the account left the league."""
    league = League.objects.get(pk=claim.league_id)
    require(OWNER_ONLY, by, league)
    claim = (
        PlayerClaim.objects.select_for_update(of=("self",))
        .select_related("player")
        .get(pk=claim.pk)
    )
    if claim.status != ClaimStatus.PENDING:
        raise ValidationError(_("This claim is decided already."), code="decided")
    if confirm:
        if not Membership.objects.filter(league=league, user_id=claim.user_id).exists():
            raise ValidationError(_("This account is no member of the league."), code="no_member")
        if _confirmed(player=claim.player).exists():
            raise ValidationError(
                _("%(name)s is already linked to an account.") % {"name": claim.player.name},
                code="taken",
            )
        if _confirmed(league=league, user_id=claim.user_id).exists():
            raise ValidationError(
                _("This account is already linked to a player of this league."), code="linked"
            )
    claim.status = ClaimStatus.CONFIRMED if confirm else ClaimStatus.REFUSED
    claim.decided_by = by
    claim.decided_at = timezone.now()
    claim.save(update_fields=["status", "decided_by", "decided_at"])
    transaction.on_commit(partial(mail_decision_task.enqueue, claim.pk))
    return claim


@league_write
def unlink(claim: PlayerClaim, by) -> None:
    """Undo a claim (the link of a confirmed one): the owner's, or the claiming account's."""
    league = League.objects.get(pk=claim.league_id)
    if claim.user_id != by.pk:
        require(OWNER_ONLY, by, league)
    PlayerClaim.objects.filter(pk=claim.pk).delete()
