"""Getting into a league: invites, and the claim that links an account to a player.

An :class:`Invite` is a link with a random token that makes whoever opens it (logged in) a
member of its league with its role; it may expire, be used a limited number of times, be
revoked, and name a player, whom joining links to the account. A :class:`PlayerClaim` is an
account's "that's me" for a player of the league: pending until an owner confirms or refuses
it. A player has at most one confirmed account, an account at most one confirmed player per
league. The services that write these rows are in ``services/members.py``; the rules over them
in ``invariants.py``. Both moved here from the league app (issue 39) without copying a row:
their tables keep their names (``league_invite``, ``league_playerclaim``).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ofcleague.league.invites import new_token
from ofcleague.league.leagues import League, Role


class Invite(models.Model):
    """A link into a league with a role (and perhaps a player to be)."""

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="invites", verbose_name=_("league")
    )
    token = models.CharField(_("token"), max_length=64, unique=True, default=new_token)
    role = models.CharField(_("role"), max_length=12, choices=Role.choices, default=Role.MEMBER)
    player = models.ForeignKey(
        "league.Player",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("player"),
    )
    expires_at = models.DateTimeField(_("expires"), null=True, blank=True)
    max_uses = models.PositiveIntegerField(_("uses allowed"), null=True, blank=True)
    uses = models.PositiveIntegerField(_("uses"), default=0)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("made by"),
    )
    created_at = models.DateTimeField(_("made"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        db_table = "league_invite"
        verbose_name = _("invite")
        verbose_name_plural = _("invites")
        constraints = [
            models.CheckConstraint(condition=models.Q(role__in=Role.values), name="invite_role"),
            models.CheckConstraint(condition=~models.Q(token=""), name="invite_token_set"),
            models.CheckConstraint(condition=models.Q(uses__gte=0), name="invite_uses_positive"),
            models.CheckConstraint(
                condition=models.Q(max_uses__isnull=True) | models.Q(max_uses__gte=1),
                name="invite_max_uses_at_least_1",
            ),
            models.CheckConstraint(
                condition=models.Q(max_uses__isnull=True)
                | models.Q(uses__lte=models.F("max_uses")),
                name="invite_uses_within_max",
            ),
        ]

    def __str__(self):
        return f"{self.league}: {self.get_role_display()} ({self.token[:6]}…)"


class ClaimStatus(models.TextChoices):
    PENDING = "pending", _("waiting for the owner")
    CONFIRMED = "confirmed", _("confirmed")
    REFUSED = "refused", _("refused")


class PlayerClaim(models.Model):
    """An account's claim to be a player of the league ("that's me")."""

    # The player's league, stored so the database keeps one player per account and league.
    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="+", verbose_name=_("league")
    )
    player = models.ForeignKey(
        "league.Player", on_delete=models.CASCADE, related_name="claims", verbose_name=_("player")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="player_claims",
        verbose_name=_("account"),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=ClaimStatus.choices, default=ClaimStatus.PENDING
    )
    created_at = models.DateTimeField(_("asked"), auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("decided by"),
    )
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        db_table = "league_playerclaim"
        verbose_name = _("player claim")
        verbose_name_plural = _("player claims")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=ClaimStatus.values), name="claim_status_valid"
            ),
            # Pending: not decided; confirmed or refused: decided.
            models.CheckConstraint(
                condition=models.Q(status=ClaimStatus.PENDING, decided_at__isnull=True)
                | (~models.Q(status=ClaimStatus.PENDING) & models.Q(decided_at__isnull=False)),
                name="claim_decided_unless_pending",
            ),
            models.UniqueConstraint(
                fields=["player"],
                condition=models.Q(status=ClaimStatus.CONFIRMED),
                name="one_account_per_player",
            ),
            models.UniqueConstraint(
                fields=["league", "user"],
                condition=models.Q(status=ClaimStatus.CONFIRMED),
                name="one_player_per_account",
            ),
            models.UniqueConstraint(
                fields=["league", "user"],
                condition=models.Q(status=ClaimStatus.PENDING),
                name="one_pending_claim_per_account",
            ),
        ]

    def __str__(self):
        return f"{self.user} = {self.player} ({self.get_status_display()})"
