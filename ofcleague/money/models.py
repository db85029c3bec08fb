"""Money per point and who pays whom: the stakes of a pair of players, and the transfers.

An evening's stake per point is a field of the evening (``Evening.stake_per_point``); a pair
of players may play for a stake of their own (:class:`PairStake`). A :class:`Transfer` is one
payment the settlement proposes, of one evening or of the open balances of several (no
evening); once paid it never changes (``services/settling.py`` refuses it).

Both tables keep the names they had in the league app (``db_table``): the models moved into
this app without copying a row (``migrations/0001_moved_from_league.py``).
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from ofcleague.league import limits
from ofcleague.league.current import LeagueManager, current_league_pk


class PairStake(models.Model):
    """What one point is worth between two players of an evening, instead of its stake."""

    evening = models.ForeignKey(
        "league.Evening",
        on_delete=models.CASCADE,
        related_name="pair_stakes",
        verbose_name=_("evening"),
    )
    # The pair in the order of their keys: each pair once.
    player_a = models.ForeignKey(
        "league.Player", on_delete=models.CASCADE, related_name="+", verbose_name=_("player")
    )
    player_b = models.ForeignKey(
        "league.Player", on_delete=models.CASCADE, related_name="+", verbose_name=_("opponent")
    )
    stake = models.DecimalField(_("stake per point"), max_digits=7, decimal_places=2)

    class Meta:
        db_table = "league_pairstake"
        ordering = ["evening", "player_a", "player_b"]
        verbose_name = _("stake of a pair")
        verbose_name_plural = _("stakes of pairs")
        constraints = [
            models.UniqueConstraint(
                fields=["evening", "player_a", "player_b"], name="one_stake_per_pair_and_evening"
            ),
            models.CheckConstraint(
                condition=Q(player_a__lt=F("player_b")), name="pair_stake_players_in_order"
            ),
            models.CheckConstraint(
                condition=limits.STAKE.q("stake"), name="pair_stake_within_limits"
            ),
        ]

    def __str__(self):
        return f"{self.evening}: {self.player_a_id}-{self.player_b_id} {self.stake}"


class Transfer(models.Model):
    """One payment: ``payer`` pays ``payee`` ``amount``, for one evening or (no evening) for
    the open balances of several; ``paid_at`` once it is paid, after which it never changes."""

    league = models.ForeignKey(
        "league.League",
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("league"),
        default=current_league_pk,
    )
    # A deleted evening leaves what was paid for it as it was (a paid transfer never changes,
    # not even its evening): the key stays without a constraint, and a restored evening, which
    # comes back under its key, has its transfers again. Its open transfers go with it
    # (services/deleted.py). No evening: a settlement of the open balances of several.
    evening = models.ForeignKey(
        "league.Evening",
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        null=True,
        blank=True,
        related_name="transfers",
        verbose_name=_("evening"),
    )
    payer = models.ForeignKey(
        "league.Player", on_delete=models.CASCADE, related_name="+", verbose_name=_("payer")
    )
    payee = models.ForeignKey(
        "league.Player", on_delete=models.CASCADE, related_name="+", verbose_name=_("payee")
    )
    amount = models.DecimalField(_("amount"), max_digits=limits.MONEY_DIGITS, decimal_places=2)
    created_at = models.DateTimeField(_("proposed"), auto_now_add=True)
    paid_at = models.DateTimeField(_("paid"), null=True, blank=True)
    paid_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("marked paid by"),
    )

    objects = LeagueManager()

    class Meta:
        db_table = "league_transfer"
        ordering = ["created_at", "pk"]
        verbose_name = _("transfer")
        verbose_name_plural = _("transfers")
        indexes = [models.Index(fields=["league", "paid_at"], name="transfer_league_paid")]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="transfer_amount_positive"),
            models.CheckConstraint(
                condition=~Q(payer=F("payee")), name="transfer_payer_is_not_payee"
            ),
            models.CheckConstraint(
                condition=Q(paid_by__isnull=True) | Q(paid_at__isnull=False),
                name="transfer_paid_by_only_when_paid",
            ),
        ]

    def __str__(self):
        return f"{self.payer_id} → {self.payee_id}: {self.amount}"
