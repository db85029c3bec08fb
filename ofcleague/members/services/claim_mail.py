"""The mails of a claim: when a member says "that's me" of a player, each owner of the
league gets one mail with the page where they decide; once decided, the member hears what
changed for them. Both in the league's language.

Queued once the claim (or the decision) is committed (the services enqueue the tasks at the
end of this module): a write rolled back mails nobody. Each mail is kept once per claim and
address (``web/mail_queue.py``) and sent by the task worker, tried again when the mail server
fails; the members page and the menu's badge show the claim meanwhile.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django_tasks import task

from ofcleague.league.current import across_leagues, league_reverse
from ofcleague.league.leagues import Membership, Role
from ofcleague.members.invites import ClaimStatus, PlayerClaim
from ofcleague.web.mail_queue import queue_mail


def open_claims(league) -> int:
    """How many claims wait for the owner's decision (the badge in the owner's menu)."""
    return PlayerClaim.objects.filter(league=league, status=ClaimStatus.PENDING).count()


def mail_owners_of_claim(claim_id: int) -> int:
    """Tell each owner with an address that a claim waits; how many mails were queued."""
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
    queued = [
        queue_mail(f"claim:{claim_id}:owner:{address}", address, subject, body)
        for address in sorted(set(owners))
    ]
    return sum(mail is not None for mail in queued)


def mail_decision(claim_id: int) -> int:
    """Tell the member who claimed a player what the owner decided and what it changed."""
    claim = (
        PlayerClaim.objects.filter(pk=claim_id)
        .exclude(status=ClaimStatus.PENDING)
        .select_related("league", "player", "user")
        .first()
    )
    if claim is None or not claim.user.email:
        return 0
    league = claim.league
    names = {"player": claim.player.name, "league": league.name}
    with translation.override(league.language):
        if claim.status == ClaimStatus.CONFIRMED:
            subject = _("You are %(player)s in %(league)s") % names
            body = (
                _(
                    "The owner of %(league)s confirmed it: your account is the player %(player)s. "
                    "You answer the evenings on the evening's page, your money is on the cash "
                    "page, and the reminders come to this address."
                )
                % names
            )
        else:
            subject = _("Your claim to be %(player)s in %(league)s") % names
            body = (
                _(
                    "The owner of %(league)s did not confirm that you are %(player)s: your account "
                    "has no player there yet. If that is a mistake, talk to the owner, or say "
                    "“This is me” of the right player on the members page."
                )
                % names
            )
        page = settings.SITE_URL + league_reverse(league.pk, "leaguemembers:members")
    key = f"claim:{claim_id}:{claim.status}"
    return int(queue_mail(key, claim.user.email, subject, f"{body}\n{page}") is not None)


@task()
@across_leagues
def mail_owners_of_claim_task(claim_id: int) -> int:
    return mail_owners_of_claim(claim_id)


@task()
@across_leagues
def mail_decision_task(claim_id: int) -> int:
    return mail_decision(claim_id)
