"""The kept rows: a player's counters per year and variant, per year, and over all of them.

Derived data only: :mod:`ofcleague.standings.kept` recomputes the rows a write touches, in its
transaction, and ``manage.py rebuild_standings`` rebuilds them all. The columns are the fields
of :class:`ofcleague.standings.kept.record.Counters` under the same names (an abstract model
lists them once); place counts and opponents beaten are JSON objects of whole numbers.
Imported by ``ofcleague.standings.models``, so they belong to the standings app; their tables
keep the names they had in the league app (``db_table``: they moved without copying a row).
"""

import json

from django.db import models
from django.utils.translation import gettext_lazy as _

from ofcleague.league.choices import Variant
from ofcleague.league.current import LeagueManager, current_league_pk, league_field

_decode = json.JSONDecoder().decode


def counts(value) -> dict[int, int]:
    """Counts by whole number from their JSON object (text, or parsed already): JSON's keys
    are text, so they turn back into numbers."""
    if isinstance(value, str):
        value = _decode(value)
    return {int(key): count for key, count in value.items()}


class CountsField(models.JSONField):
    """Counts by a whole number (place: evenings), stored as a JSON object in key order."""

    def get_prep_value(self, value):
        value = super().get_prep_value(value)
        if value is None:
            return None
        return dict(sorted((int(key), count) for key, count in value.items()))

    def from_db_value(self, value, expression, connection):
        return None if value is None else counts(value)


class KeptCounters(models.Model):
    """A player's kept counters over some evenings, one column per field of ``Counters``."""

    evenings = models.PositiveIntegerField(_("evenings"))
    places = CountsField(_("places"))  # place: evenings finished there
    place_sum = models.PositiveIntegerField(_("sum of places"))
    best_place = models.PositiveSmallIntegerField(_("best place"))
    largest_field = models.PositiveSmallIntegerField(_("largest field"))
    opponents_beaten = CountsField(_("opponents beaten"))  # opponents: opponents beaten
    beaten_evenings = models.PositiveIntegerField(_("evenings with opponents"))
    points = models.BigIntegerField(_("points"), null=True)
    points_evenings = models.PositiveIntegerField(_("evenings with points"))
    money_evenings = models.PositiveIntegerField(_("evenings with payouts"))
    buy_ins = models.DecimalField(_("buy-ins"), max_digits=14, decimal_places=2, null=True)
    prizes = models.DecimalField(_("prizes"), max_digits=14, decimal_places=2, null=True)
    first_date = models.DateField(_("first evening"))
    # The last evening (date, start time, id: its place in the rating order) and the
    # player's rating after it; of several rows, the latest is the one whose evening is.
    last_date = models.DateField(_("last evening"))
    last_start_time = models.TimeField(_("start time of the last evening"))
    last_evening = models.PositiveBigIntegerField(_("id of the last evening"))
    mu = models.FloatField(_("rating mu"), null=True)
    sigma = models.FloatField(_("rating sigma"), null=True)

    class Meta:
        abstract = True


class Standing(KeptCounters):
    """A player's kept counters for one year and variant: the season and filtered tables add
    these rows up instead of folding every seat."""

    # The player's league, leading the indexes: a league's table reads its own rows only.
    league = league_field()
    player = models.ForeignKey(
        "league.Player",
        on_delete=models.CASCADE,
        related_name="standings",
        verbose_name=_("player"),
    )
    year = models.PositiveSmallIntegerField(_("year"))
    variant = models.CharField(_("variant"), max_length=20, choices=Variant.choices)

    class Meta:
        db_table = "league_standing"
        verbose_name = _("standing")
        verbose_name_plural = _("standings")
        constraints = [
            models.UniqueConstraint(
                fields=["player", "year", "variant"], name="one_standing_per_player_year_variant"
            ),
        ]
        indexes = [
            models.Index(fields=["league", "year", "variant"], name="standing_league_year_variant")
        ]

    def __str__(self):
        return f"{self.player} {self.year} {self.variant}"


class SeasonTotal(KeptCounters):
    """A player's kept counters of one calendar year over every variant (their standings of
    the year added up): a season's table reads one row per player."""

    # The player's league, leading the indexes: a league's table reads its own rows only.
    league = league_field()
    player = models.ForeignKey(
        "league.Player", on_delete=models.CASCADE, related_name="seasons", verbose_name=_("player")
    )
    year = models.PositiveSmallIntegerField(_("year"))

    class Meta:
        db_table = "league_seasontotal"
        verbose_name = _("season total")
        verbose_name_plural = _("season totals")
        constraints = [
            models.UniqueConstraint(fields=["player", "year"], name="one_season_total_per_year")
        ]
        indexes = [models.Index(fields=["league", "year"], name="season_total_league_year")]

    def __str__(self):
        return f"{self.player} {self.year}"


class PlayerTotal(KeptCounters):
    """A player's kept counters over every year and variant (their season totals added up):
    the unfiltered all-time table reads one row per player, whatever the size of the league."""

    # The player's league, leading the indexes: a league's table reads its own rows only.
    league = league_field()
    player = models.OneToOneField(
        "league.Player", on_delete=models.CASCADE, related_name="total", verbose_name=_("player")
    )

    class Meta:
        db_table = "league_playertotal"
        verbose_name = _("player total")
        verbose_name_plural = _("player totals")

    def __str__(self):
        return str(self.player)


class Rivalry(models.Model):
    """A player's kept record against one opponent over the finished evenings both were
    placed in (the player page's head-to-head): evenings together, ahead, behind and level
    by place, and over the shared evenings where both have points, how many and the sum of
    the player's total minus the opponent's (``None`` without such an evening)."""

    league = league_field()

    player = models.ForeignKey(
        "league.Player",
        on_delete=models.CASCADE,
        related_name="rivalries",
        verbose_name=_("player"),
    )
    opponent = models.ForeignKey(
        "league.Player", on_delete=models.CASCADE, related_name="+", verbose_name=_("opponent")
    )
    evenings = models.PositiveIntegerField(_("evenings"))
    ahead = models.PositiveIntegerField(_("ahead"))
    behind = models.PositiveIntegerField(_("behind"))
    level = models.PositiveIntegerField(_("level"))
    points_evenings = models.PositiveIntegerField(_("evenings with points"))
    net_points = models.BigIntegerField(_("net points"), null=True)

    class Meta:
        db_table = "league_rivalry"
        verbose_name = _("rivalry")
        verbose_name_plural = _("rivalries")
        constraints = [
            models.UniqueConstraint(fields=["player", "opponent"], name="one_rivalry_per_pair")
        ]

    def __str__(self):
        return f"{self.player} – {self.opponent}"


class Season(models.Model):
    """How many finished evenings one calendar year has: the seasons list reads one row per
    year instead of the year of every evening (derived like the counters, see ``seasons.py``)."""

    league = models.ForeignKey(
        "league.League",
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("league"),
        default=current_league_pk,
    )
    year = models.PositiveSmallIntegerField(_("year"))
    evenings = models.PositiveIntegerField(_("evenings"))

    objects = LeagueManager()

    class Meta:
        db_table = "league_season"
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.UniqueConstraint(fields=["league", "year"], name="one_season_per_league_year")
        ]

    def __str__(self):
        return str(self.year)
