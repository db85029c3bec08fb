"""The league's data: players, evenings, who played and where they finished, round points.

The database holds the rules it can check by itself (unique names, one entry per player and
evening and round, positive places and rounds). Rules that span rows, such as a place not
exceeding the field size, are checked by the service functions that write these rows.
"""

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from ofcleague.league import limits
from ofcleague.league.batches import ImportBatch
from ofcleague.league.choices import PlacesSource, Status, Variant
from ofcleague.league.current import LeagueManager, league_reverse
from ofcleague.league.leagues import (  # noqa: F401 (registered here)
    League,
    Membership,
    PrizeShare,
    Role,
    league_field,
)
from ofcleague.league.players import Player  # noqa: F401 (registered here)


def _within(bounds: limits.Range) -> list:
    """Validators for a field limited to ``bounds``."""
    return [MinValueValidator(bounds.low), MaxValueValidator(bounds.high)]


def _not_too_far_ahead(value):
    if value > limits.latest_date():
        raise ValidationError(
            _("An evening can be planned at most a year ahead."), code="too_far_ahead"
        )


# The permission of owners and scorekeepers, entering and correcting results (roles.py).
from ofcleague.league.roles import ENTER_RESULTS  # noqa: E402, F401


class Evening(models.Model):
    """One game night: its format, and (through its players) the result."""

    league = league_field()
    date = models.DateField(
        _("date"), validators=[MinValueValidator(limits.FIRST_DATE), _not_too_far_ahead]
    )
    start_time = models.TimeField(_("start time"))
    buy_in = models.DecimalField(
        _("buy-in"),
        max_digits=7,
        decimal_places=2,
        default=Decimal("10.00"),
        validators=_within(limits.BUY_IN),
    )
    rounds = models.PositiveSmallIntegerField(
        _("rounds"), default=3, validators=_within(limits.ROUNDS)
    )
    hands_per_round = models.PositiveSmallIntegerField(
        _("hands per round"), default=15, validators=_within(limits.HANDS_PER_ROUND)
    )
    variant = models.CharField(
        _("variant"), max_length=20, choices=Variant.choices, default=Variant.PINEAPPLE
    )
    # How hands are scored at this evening's tables (a key of ofcleague.scoring.RULE_SETS);
    # empty: the variant's usual rule set (see ofcleague.league.rule_set.evening_rule_set).
    rule_set = models.CharField(
        _("rule set"),
        max_length=20,
        blank=True,
        default="",
        choices=[
            ("house", _("League house rules (OFC)")),
            ("pineapple", _("OFC Pineapple (published table)")),
            ("classic-2-4", _("Classic Chinese Poker, 2-4 count")),
            ("classic-units", _("Classic Chinese Poker, units")),
            ("", _("usual for the variant")),
        ],
    )
    location = models.CharField(_("location"), max_length=120, blank=True)
    notes = models.TextField(_("notes"), blank=True)
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.PLANNED
    )
    places_source = models.CharField(
        _("places"), max_length=10, choices=PlacesSource.choices, default=PlacesSource.POINTS
    )
    # The prize money paid out; null until prizes are set, then the players' prizes add up to it.
    pot = models.DecimalField(
        _("pot"),
        max_digits=limits.MONEY_DIGITS,
        decimal_places=2,
        null=True,
        blank=True,
        validators=_within(limits.MONEY),
    )
    # Whether the league set the pot by hand (the prize page, an import): otherwise the pot is
    # the sum of the buy-ins and follows every change of the buy-in or the field.
    pot_set_by_hand = models.BooleanField(_("pot set by hand"), default=False)
    # The import that brought the evening in (``batches.py``); null for one entered here.
    import_batch = models.ForeignKey(
        ImportBatch,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="evenings",
        verbose_name=_("import"),
    )
    # Where the league plays for money per point: what a point is worth this evening (a pair
    # of players may agree on its own, ``PairStake``); null: points are not played for money.
    stake_per_point = models.DecimalField(
        _("stake per point"),
        max_digits=7,
        decimal_places=2,
        null=True,
        blank=True,
        validators=_within(limits.STAKE),
    )
    # An announced evening (planned): the most seats, until when players answer, when it was
    # announced (``ofcleague/rsvp/services/answers.py``); empty for an evening entered without
    # announcing it.
    most_seats = models.PositiveSmallIntegerField(_("most seats"), null=True, blank=True)
    rsvp_until = models.DateTimeField(_("answers until"), null=True, blank=True)
    announced_at = models.DateTimeField(_("announced"), null=True, blank=True)
    # The day it was announced for: an evening started early and moved to that day can go
    # back to it, also once finished (limits.py, finished_date_allowed).
    announced_for = models.DateField(_("announced for"), null=True, blank=True)
    # Bumped by every write; a save that read an older version is refused (optimistic locking).
    version = models.PositiveIntegerField(_("version"), default=1)
    # The hidden key of the form that made the evening ("new evening", "announce"): the same
    # form sent twice (a double tap, Back and send again) finds this evening, never a second.
    submit_key = models.UUIDField(_("form key"), null=True, blank=True, unique=True, editable=False)
    history = HistoricalRecords()

    objects = LeagueManager()

    class Meta:
        ordering = ["-date", "-start_time", "-id"]
        verbose_name = _("evening")
        verbose_name_plural = _("evenings")
        permissions = [("enter_results", _("Can enter and correct results"))]
        # The order the history lists evenings in (and the ratings replay them in): a page
        # of it reads 20 entries of the index, not every evening sorted.
        indexes = [
            models.Index(fields=["league", "date", "start_time"], name="evening_league_order")
        ]
        constraints = [
            models.CheckConstraint(
                condition=limits.ROUNDS.q("rounds"), name="evening_rounds_within_limits"
            ),
            models.CheckConstraint(
                condition=limits.HANDS_PER_ROUND.q("hands_per_round"),
                name="evening_hands_within_limits",
            ),
            models.CheckConstraint(
                condition=limits.BUY_IN.q("buy_in"), name="evening_buy_in_within_limits"
            ),
            models.CheckConstraint(
                condition=models.Q(pot__isnull=True) | limits.MONEY.q("pot"),
                name="evening_pot_within_limits",
            ),
            models.CheckConstraint(
                condition=models.Q(
                    date__gte=limits.FIRST_DATE, date__lte=limits.LAST_STORABLE_DATE
                ),
                name="evening_date_within_limits",
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=Status.values), name="evening_status_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(variant__in=Variant.values), name="evening_variant_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(most_seats__isnull=True) | models.Q(most_seats__gte=2),
                name="evening_most_seats_at_least_2",
            ),
            models.CheckConstraint(
                condition=models.Q(places_source__in=PlacesSource.values),
                name="evening_places_source_valid",
            ),
        ]

    def __str__(self):
        return f"{self.date:%Y-%m-%d} {self.get_variant_display()}"

    def get_absolute_url(self):
        return league_reverse(self.league_id, "results:evening", kwargs={"pk": self.pk})

    def clean(self):
        if (
            self.status == Status.FINISHED
            and self.date
            and not limits.finished_date_allowed(
                self.date, self.announced_for, timezone.localdate()
            )
        ):
            raise ValidationError(
                {"date": _("A finished evening cannot lie in the future.")}, code="future"
            )

    @property
    def total_hands(self):
        return self.rounds * self.hands_per_round


class EveningPlayer(models.Model):
    """A player's seat at one evening: final place, point total and prize."""

    evening = models.ForeignKey(
        Evening, on_delete=models.CASCADE, related_name="seats", verbose_name=_("evening")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="seats", verbose_name=_("player")
    )
    # Null while the evening has no result yet.
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    # Sum of the round points; null where the evening has no points (history).
    total = models.IntegerField(
        _("points"), null=True, blank=True, validators=_within(limits.TOTAL_POINTS)
    )
    # Order decided at the table between players with equal totals (1 goes first).
    tie_break = models.PositiveSmallIntegerField(_("tie-break"), null=True, blank=True)
    prize = models.DecimalField(
        _("prize"),
        max_digits=limits.MONEY_DIGITS,
        decimal_places=2,
        null=True,
        blank=True,
        validators=_within(limits.MONEY),
    )
    # The player's skill rating (openskill, Plackett-Luce) before and after this evening: kept
    # by ``standings/kept/ratings.py`` in the same transaction as every write; null where the
    # evening is not rated.
    mu_before = models.FloatField(_("rating mu before"), null=True, blank=True, editable=False)
    sigma_before = models.FloatField(
        _("rating sigma before"), null=True, blank=True, editable=False
    )
    mu_after = models.FloatField(_("rating mu after"), null=True, blank=True, editable=False)
    sigma_after = models.FloatField(_("rating sigma after"), null=True, blank=True, editable=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["evening", models.F("place").asc(nulls_last=True), "player__name"]
        verbose_name = _("evening player")
        verbose_name_plural = _("evening players")
        constraints = [
            models.UniqueConstraint(
                fields=["evening", "player"], name="one_seat_per_player_and_evening"
            ),
            models.CheckConstraint(
                condition=models.Q(place__isnull=True) | models.Q(place__gte=1),
                name="place_at_least_1",
            ),
            models.CheckConstraint(
                condition=models.Q(prize__isnull=True) | limits.MONEY.q("prize"),
                name="prize_within_limits",
            ),
            models.CheckConstraint(
                condition=models.Q(total__isnull=True) | limits.TOTAL_POINTS.q("total"),
                name="total_within_limits",
            ),
            models.CheckConstraint(
                condition=models.Q(tie_break__isnull=True) | models.Q(tie_break__gte=1),
                name="tie_break_at_least_1",
            ),
        ]
        # A player's placed seats by evening without reading the seats themselves: the
        # player page's window of recent evenings and page of its list sort them by date.
        indexes = [
            models.Index(fields=["player", "place", "evening"], name="seat_player_place_evening")
        ]

    def __str__(self):
        return f"{self.evening}: {self.player}"


class RoundScore(models.Model):
    """The points one player made in one round of an evening (tallied at the table)."""

    evening_player = models.ForeignKey(
        EveningPlayer, on_delete=models.CASCADE, related_name="scores", verbose_name=_("player")
    )
    round_number = models.PositiveSmallIntegerField(_("round"), validators=_within(limits.ROUNDS))
    points = models.IntegerField(_("points"), validators=_within(limits.ROUND_POINTS))
    table = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["evening_player", "round_number"]
        verbose_name = _("round score")
        verbose_name_plural = _("round scores")
        constraints = [
            models.UniqueConstraint(
                fields=["evening_player", "round_number"], name="one_score_per_player_and_round"
            ),
            models.CheckConstraint(
                condition=limits.ROUNDS.q("round_number"), name="round_within_limits"
            ),
            models.CheckConstraint(
                condition=limits.ROUND_POINTS.q("points"), name="round_points_within_limits"
            ),
            models.CheckConstraint(
                condition=models.Q(table__isnull=True) | models.Q(table__gte=1),
                name="table_at_least_1",
            ),
        ]

    def __str__(self):
        return f"{self.evening_player} R{self.round_number}: {self.points}"
