"""A league's own ways of counting a season (issue 42): its points systems, its season windows,
and the kept table of every window under every system.

``PointsSystem`` and ``SeasonWindow`` are the league's settings, changed by its owner
(``services.py``). ``CountedRow`` is derived, like every kept row: one per window, system and
player, refreshed in the transaction of every write to a finished evening of the window
(``refresh.py``, the core's ``EVENING_CHANGED``) and of every change to a system or window,
rebuilt by ``rebuild_standings``, and compared with a rebuild by the stateful tests.
Points are exact fractions (a three-way tie for 10-7-5 shares 22/3 each): two whole numbers.
"""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from ofcleague.league.current import LeagueManager, league_field

#: At most this many places in a points table, and this many points for one place.
MAX_PLACES = 40
MAX_PLACE_POINTS = 10_000


class PointsSystem(models.Model):
    """One way to count an evening: its parts add up (``counting.PointsSystem``)."""

    league = league_field()
    name = models.CharField(_("name"), max_length=60)
    # Points for place 1, 2, ...: a list of whole numbers (places past it get nothing).
    places = models.JSONField(_("points per place"), default=list, blank=True)
    per_place_from_last = models.PositiveSmallIntegerField(
        _("points per place from last"), default=0
    )
    for_playing = models.PositiveSmallIntegerField(_("points for playing"), default=0)
    per_beaten = models.PositiveSmallIntegerField(_("points per opponent beaten"), default=0)
    ofc_points = models.DecimalField(
        _("factor on the evening's points"), max_digits=6, decimal_places=2, default=0
    )
    money = models.DecimalField(
        _("factor on the money won"), max_digits=6, decimal_places=2, default=0
    )
    share_ties = models.BooleanField(_("tied players share the points"), default=True)
    main = models.BooleanField(_("the league's main table"), default=False)

    objects = LeagueManager()

    class Meta:
        verbose_name = _("points system")
        verbose_name_plural = _("points systems")
        ordering = ["-main", "name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="one_points_system_per_name"),
            models.UniqueConstraint(
                fields=["league"], condition=Q(main=True), name="one_main_points_system"
            ),
            models.CheckConstraint(
                condition=Q(ofc_points__gte=0) & Q(money__gte=0),
                name="points_system_factors_not_negative",
            ),
        ]

    def __str__(self):
        return self.name


class SeasonWindow(models.Model):
    """A season of the league's choosing: its first and last day (both counted), how many of
    a player's best evenings count (empty: all), and how many a player needs to be ranked.
    It closes after its last day."""

    league = league_field()
    name = models.CharField(_("name"), max_length=60)
    first_day = models.DateField(_("first day"))
    last_day = models.DateField(_("last day"))
    best_of = models.PositiveSmallIntegerField(_("best evenings that count"), null=True, blank=True)
    min_evenings = models.PositiveSmallIntegerField(_("evenings needed to be ranked"), default=0)

    objects = LeagueManager()

    class Meta:
        verbose_name = _("season window")
        verbose_name_plural = _("season windows")
        ordering = ["-first_day", "name", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="one_season_window_per_name"),
            models.CheckConstraint(
                condition=Q(last_day__gte=F("first_day")), name="season_window_ends_after_start"
            ),
            models.CheckConstraint(
                condition=Q(best_of__isnull=True) | Q(best_of__gte=1),
                name="season_window_best_of_positive",
            ),
        ]

    def __str__(self):
        return self.name


class CountedRow(models.Model):
    """A player's kept line in a window's table under one points system: the place in it
    (ranked players first, the players short of the minimum after them), the points as an exact
    fraction, the evenings played in the window, and the ids of those that count."""

    league = league_field()
    window = models.ForeignKey(
        SeasonWindow, on_delete=models.CASCADE, related_name="rows", verbose_name=_("season window")
    )
    system = models.ForeignKey(
        PointsSystem, on_delete=models.CASCADE, related_name="rows", verbose_name=_("points system")
    )
    player = models.ForeignKey(
        "league.Player", on_delete=models.CASCADE, related_name="+", verbose_name=_("player")
    )
    position = models.PositiveIntegerField(_("position"))
    points_numerator = models.BigIntegerField(_("points (numerator)"))
    points_denominator = models.BigIntegerField(_("points (denominator)"))
    played = models.PositiveIntegerField(_("evenings played"))
    counted = models.JSONField(_("evenings that count"), default=list)
    ranked = models.BooleanField(_("ranked"))

    objects = LeagueManager()

    class Meta:
        verbose_name = _("counted row")
        verbose_name_plural = _("counted rows")
        constraints = [
            models.UniqueConstraint(
                fields=["window", "system", "player"], name="one_counted_row_per_player"
            ),
            models.UniqueConstraint(
                fields=["window", "system", "position"], name="one_counted_row_per_position"
            ),
            models.CheckConstraint(
                condition=Q(points_denominator__gte=1), name="counted_points_denominator_positive"
            ),
        ]
        indexes = [models.Index(fields=["league", "window", "system"], name="counted_table")]

    def __str__(self):
        return f"{self.window} {self.system} {self.player}"
