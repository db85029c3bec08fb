"""The rules of who belongs to a league, pure over plain facts (read by :func:`member_facts`),
joined to the league's rules through ``hooks.MEMBER_RULES`` (:func:`member_rules`):

- a league with members has an owner; the site's first league, whose scorekeepers came from
  the single-league days' group before leagues had owners, may have none (``exempt``);
- a confirmed claim links an account that is a member of the player's league, and is stored
  under that league;
- an account has at most one confirmed player per league, a player at most one account;
- an invite is used at most as often as it allows, never less than no times;
- a player's address, where the owner gave one, is an e-mail address (the mails go there).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _

from ofcleague.league.current import site_league
from ofcleague.league.leagues import Membership
from ofcleague.members.invites import Invite, PlayerClaim


@dataclass(frozen=True)
class MemberFacts:
    """Memberships (league, user, role), claims (id, league, player's league, player, user,
    status), invites (id, league, uses, allowed uses), the addresses given for players
    (player, address) and the leagues exempt from the owner rule."""

    memberships: tuple[tuple[int, int, str], ...] = ()
    claims: tuple[tuple[int, int, int, int, int, str], ...] = ()
    invites: tuple[tuple[int, int, int, int | None], ...] = ()
    exempt: frozenset[int] = frozenset()
    addresses: tuple[tuple[int, str], ...] = ()


def _is_address(text: str) -> bool:
    try:
        validate_email(text)
    except ValidationError:
        return False
    return True


def member_problems(facts: MemberFacts) -> list[str]:
    """Every rule of the memberships, claims and invites that ``facts`` break, as sentences."""
    problems = []
    leagues = {league for league, _user, _role in facts.memberships}
    owned = {league for league, _user, role in facts.memberships if role == "owner"}
    for league in sorted(leagues - owned - facts.exempt):
        problems.append(_("the league %(id)s has members but no owner.") % {"id": league})
    members = {(league, user) for league, user, _role in facts.memberships}
    confirmed = [claim for claim in facts.claims if claim[5] == "confirmed"]
    for claim_id, league, player_league, _player, user, _status in confirmed:
        if league != player_league:
            problems.append(
                _("the claim %(id)s is stored under another league than its player's.")
                % {"id": claim_id}
            )
        if (player_league, user) not in members:
            problems.append(
                _("the claim %(id)s links an account that is no member of the league.")
                % {"id": claim_id}
            )
    for player, count in Counter(claim[3] for claim in confirmed).items():
        if count > 1:
            problems.append(_("the player %(id)s is linked to several accounts.") % {"id": player})
    for (league, user), count in Counter((claim[1], claim[4]) for claim in confirmed).items():
        if count > 1:
            problems.append(
                _("the account %(user)s is linked to several players of the league %(id)s.")
                % {"user": user, "id": league}
            )
    for invite_id, _league, uses, max_uses in facts.invites:
        if uses < 0 or (max_uses is not None and uses > max_uses):
            problems.append(
                _("the invite %(id)s is used %(uses)s times of %(max)s.")
                % {"id": invite_id, "uses": uses, "max": max_uses}
            )
    for player, address in facts.addresses:
        if not _is_address(address):
            problems.append(
                _("the player %(id)s has an address that is no e-mail address.") % {"id": player}
            )
    return problems


def member_facts() -> MemberFacts:
    """The facts of every league, read fresh (five queries)."""
    from ofcleague.league.models import Player

    first = site_league()
    return MemberFacts(
        memberships=tuple(Membership.objects.values_list("league_id", "user_id", "role")),
        claims=tuple(
            PlayerClaim.objects.values_list(
                "id", "league_id", "player__league_id", "player_id", "user_id", "status"
            )
        ),
        invites=tuple(Invite.objects.values_list("id", "league_id", "uses", "max_uses")),
        exempt=frozenset([first.pk]) if first is not None else frozenset(),
        addresses=tuple(Player._base_manager.exclude(email="").values_list("pk", "email")),
    )


def member_rules() -> list[str]:
    """Every broken rule of who belongs to the leagues, read fresh (``hooks.MEMBER_RULES``)."""
    return member_problems(member_facts())
