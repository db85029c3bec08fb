"""Hands played at the table: who sits where in a round, each hand and each player's result.

A round of an evening is played at one or more tables (``RoundTable``); each table has its seat
order (``TableSeat``) and its hands 1..N (``Hand``), each with one ``HandResult`` per seated
player. The round's points per player are the sums of their hands; the table's services write
them into ``league.RoundScore`` in the same transaction.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from ofcleague.league import limits
from ofcleague.league.models import Evening, EveningPlayer


class Entry(models.TextChoices):
    """How a hand was entered."""

    POINTS = "points", _("points only")
    BOARDS = "boards", _("boards")


class RoundTable(models.Model):
    """One table in one round of an evening, with its dealer for hand 1."""

    evening = models.ForeignKey(
        Evening, on_delete=models.CASCADE, related_name="round_tables", verbose_name=_("evening")
    )
    round_number = models.PositiveSmallIntegerField(_("round"))
    table = models.PositiveSmallIntegerField(_("table"))
    #: Seat position (1 = first in the seat order) holding the button for hand 1.
    first_dealer = models.PositiveSmallIntegerField(_("dealer of hand 1"), default=1)

    # Kept so a deleted evening comes back with its tables (see services.restore_evening).
    history = HistoricalRecords()

    class Meta:
        ordering = ["evening", "round_number", "table"]
        verbose_name = _("table of a round")
        verbose_name_plural = _("tables of a round")
        constraints = [
            models.UniqueConstraint(
                fields=["evening", "round_number", "table"], name="one_table_per_number_and_round"
            ),
            models.CheckConstraint(
                condition=limits.ROUNDS.q("round_number"), name="round_table_round_within_limits"
            ),
            models.CheckConstraint(condition=Q(table__gte=1), name="round_table_table_at_least_1"),
            models.CheckConstraint(
                condition=Q(first_dealer__gte=1, first_dealer__lte=limits.TABLE_SEATS.high),
                name="round_table_dealer_is_a_seat",
            ),
        ]

    def __str__(self):
        return f"{self.evening} R{self.round_number} T{self.table}"


class TableSeat(models.Model):
    """A player's seat at a table for one round; ``position`` 1.. is the order clockwise."""

    round_table = models.ForeignKey(
        RoundTable, on_delete=models.CASCADE, related_name="chairs", verbose_name=_("table")
    )
    position = models.PositiveSmallIntegerField(_("seat"))
    evening_player = models.ForeignKey(
        EveningPlayer,
        on_delete=models.CASCADE,
        related_name="table_seats",
        verbose_name=_("player"),
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["round_table", "position"]
        verbose_name = _("seat at a table")
        verbose_name_plural = _("seats at a table")
        constraints = [
            models.UniqueConstraint(fields=["round_table", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(
                fields=["round_table", "evening_player"], name="one_seat_per_player_and_table"
            ),
            models.CheckConstraint(
                condition=Q(position__gte=1, position__lte=limits.TABLE_SEATS.high),
                name="seat_position_within_limits",
            ),
        ]

    def __str__(self):
        return f"{self.round_table} #{self.position}: {self.evening_player}"


class Hand(models.Model):
    """One hand at a table: its number in the round, the dealer, how it was entered."""

    round_table = models.ForeignKey(
        RoundTable, on_delete=models.CASCADE, related_name="hands", verbose_name=_("table")
    )
    number = models.PositiveSmallIntegerField(_("hand"))
    #: Seat position of the button.
    dealer = models.PositiveSmallIntegerField(_("dealer"))
    #: Made by the phone that entered the hand: a resend of the same hand is recognised.
    client_id = models.UUIDField(_("entry id"), unique=True)
    entry = models.CharField(_("entered as"), max_length=10, choices=Entry.choices)
    created = models.DateTimeField(_("entered"), auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["round_table", "number"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(
                fields=["round_table", "number"], name="one_hand_per_number_and_table"
            ),
            models.CheckConstraint(
                condition=limits.HANDS_PER_ROUND.q("number"), name="hand_number_within_limits"
            ),
            models.CheckConstraint(
                condition=Q(dealer__gte=1, dealer__lte=limits.TABLE_SEATS.high),
                name="hand_dealer_is_a_seat",
            ),
            models.CheckConstraint(condition=Q(entry__in=Entry.values), name="hand_entry_valid"),
        ]

    def __str__(self):
        return f"{self.round_table} #{self.number}"


class HandResult(models.Model):
    """One player's result in one hand: net points, and the board where it was entered."""

    hand = models.ForeignKey(
        Hand, on_delete=models.CASCADE, related_name="results", verbose_name=_("hand")
    )
    evening_player = models.ForeignKey(
        EveningPlayer,
        on_delete=models.CASCADE,
        related_name="hand_results",
        verbose_name=_("player"),
    )
    points = models.IntegerField(_("points"))
    front = models.CharField(_("front"), max_length=40, blank=True)
    middle = models.CharField(_("middle"), max_length=60, blank=True)
    back = models.CharField(_("back"), max_length=60, blank=True)
    fouled = models.BooleanField(_("fouled"), default=False)
    surrendered = models.BooleanField(_("surrendered"), default=False)
    #: Cards dealt in Fantasyland this hand; null: a normal hand.
    fantasyland = models.PositiveSmallIntegerField(_("Fantasyland cards"), null=True, blank=True)
    #: Cards this hand earns for the next one in Fantasyland (entry or stay); null: none.
    fantasyland_next = models.PositiveSmallIntegerField(
        _("Fantasyland next hand"), null=True, blank=True
    )
    #: Royalties of the board's rows (front + middle + back), for the statistics.
    royalties = models.PositiveSmallIntegerField(_("royalties"), null=True, blank=True)
    #: Opponents whose three rows this board all beat (boards only).
    scoops = models.PositiveSmallIntegerField(_("scoops"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["hand", "pk"]
        verbose_name = _("hand result")
        verbose_name_plural = _("hand results")
        constraints = [
            models.UniqueConstraint(
                fields=["hand", "evening_player"], name="one_result_per_player_and_hand"
            ),
            models.CheckConstraint(
                condition=limits.HAND_POINTS.q("points"), name="hand_points_within_limits"
            ),
        ]

    def __str__(self):
        return f"{self.hand}: {self.evening_player} {self.points:+d}"


def with_results(hands):
    """``hands`` (a queryset) with their results, read in one more query in the order they
    were stored: ``HandResult``'s own order goes through the hand, its table and the evening,
    a join of four tables the rows do not need (each result is found by its player)."""
    return hands.prefetch_related(
        models.Prefetch("results", queryset=HandResult.objects.order_by("pk"))
    )
