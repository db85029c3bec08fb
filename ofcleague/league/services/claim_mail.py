"""The owners hear of a claim: when a member says "that's me" of a player, each owner of the
league gets one mail in the league's language, with the page where they decide.

Sent once the claim is committed (``claim_player`` registers it): a claim rolled back mails
nobody. A mail that fails to go out is logged; the members page and the menu's badge still
show the claim.
"""

from __future__ import annotations

import logging
import smtplib

from django.conf import settings
from django.core.mail import send_mail
from django.utils import translation
from django.utils.translation import gettext as _

from ofcleague.league.current import league_reverse
from ofcleague.league.invites import ClaimStatus, PlayerClaim
from ofcleague.league.leagues import Membership, Role

logger = logging.getLogger(__name__)


def open_claims(league) -> int:
    """How many claims wait for the owner's decision (the badge in the owner's menu)."""
    return PlayerClaim.objects.filter(league=league, status=ClaimStatus.PENDING).count()


def mail_owners_of_claim(claim_id: int) -> int:
    """Tell each owner with an address that a claim waits; how many mails went out."""
    claim = (
        PlayerClaim.objects.filter(pk=claim_id, status=ClaimStatus.PENDING)
        .select_related("league", "player", "user")
        .first()
    )
    if claim is None:
        return 0  # decided or withdrawn meanwhile
    league = claim.league
    owners = (
        Membership.objects.filter(league=league, role=Role.OWNER)
        .exclude(user__email="")
        .values_list("user__email", flat=True)
    )
    page = settings.SITE_URL + league_reverse(league.pk, "leaguemembers:members")
    with translation.override(league.language):
        names = {"user": claim.user.get_username(), "player": claim.player.name}
        subject = _("%(user)s says they are %(player)s") % names
        body = "\n".join(
            [
                _(
                    "%(user)s, a member of %(league)s, says they are the player %(player)s. "
                    "Once you confirm, their account is %(player)s: they answer the evenings "
                    "and see their money as %(player)s."
                )
                % {**names, "league": league.name},
                _("Confirm or refuse it here:"),
                page,
            ]
        )
    sent = 0
    for address in sorted(set(owners)):
        try:
            send_mail(subject, body, None, [address])
        except (OSError, smtplib.SMTPException):
            logger.warning("The claim mail of claim %s to an owner failed", claim_id)
        else:
            sent += 1
    return sent
