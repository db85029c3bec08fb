"""What the members' rows do when the core changes something (``ofcleague.league.hooks``),
registered by :func:`connect` when the app is ready."""

from __future__ import annotations

from ofcleague.league import hooks
from ofcleague.league.models import League, Player
from ofcleague.members.invariants import member_rules
from ofcleague.members.invites import ClaimStatus, Invite, PlayerClaim
from ofcleague.members.models import FormerAddress


def move_links(keep: Player, merge: Player) -> None:
    """The account linked to ``merge`` becomes ``keep``'s, unless ``keep`` has one; invites
    for ``merge`` now name ``keep``. Other claims to ``merge`` go with it."""
    confirmed = PlayerClaim.objects.filter(status=ClaimStatus.CONFIRMED)
    moved = confirmed.filter(player=merge).first()
    if moved is not None and not confirmed.filter(player=keep).exists():
        PlayerClaim.objects.filter(
            player=keep, user_id=moved.user_id, status=ClaimStatus.PENDING
        ).delete()
        PlayerClaim.objects.filter(pk=moved.pk).update(player=keep)
    Invite.objects.filter(player=merge).update(player=keep)


def keep_former_address(league: League, former: str | None) -> None:
    """Links with the league's old address keep working (``urls/middleware.py``); a league
    that takes an address another league once had ends that one's redirect."""
    if former:
        FormerAddress.objects.update_or_create(slug=former, defaults={"league": league})
    FormerAddress.objects.filter(slug=league.slug).delete()


def linked_addresses(player_ids: list[int]) -> dict[int, str]:
    """The addresses of the accounts confirmed as these players."""
    claims = PlayerClaim.objects.filter(
        player_id__in=player_ids, status=ClaimStatus.CONFIRMED
    ).exclude(user__email="")
    return dict(claims.values_list("player_id", "user__email"))


def connect() -> None:
    """The members' receivers, each once."""
    hooks.register(hooks.PLAYERS_MERGING, move_links)
    hooks.register(hooks.LEAGUE_ADDRESS_TAKEN, keep_former_address)
    hooks.register(hooks.PLAYER_ADDRESSES, linked_addresses)
    hooks.register(hooks.MEMBER_RULES, member_rules)
