"""The "that's me" of a player's page: ``{% load members %}{% claim_button player %}``.

A tag of the members app, so the standings app's template shows it without importing it."""

from django import template
from django.db.models import Q

from ofcleague.league.roles import role_of
from ofcleague.members.invites import ClaimStatus, PlayerClaim

register = template.Library()


@register.inclusion_tag("members/_claim_button.html", takes_context=True)
def claim_button(context, player):
    """The button for a logged-in member of the player's league when neither the player nor
    the member is linked yet (two queries for a member, none for anybody else)."""
    request = context.get("request")
    user = getattr(request, "user", None)
    league = getattr(request, "league", None)
    shown = {"player": player, "can_claim": False, "pending": False}
    if user is None or league is None or not user.is_authenticated:
        return shown
    if player.league_id != league.pk or role_of(user, league) is None:
        return shown
    claims = PlayerClaim.objects.filter(league=league).filter(
        Q(player=player, status=ClaimStatus.CONFIRMED)
        | Q(user=user, status__in=[ClaimStatus.PENDING, ClaimStatus.CONFIRMED])
    )
    found = list(claims.values_list("player_id", "status"))
    linked = any(status == ClaimStatus.CONFIRMED for _player, status in found)
    shown["pending"] = (player.pk, ClaimStatus.PENDING) in found
    shown["can_claim"] = not linked and not shown["pending"]
    return shown
