"""The league itself: a group that plays, with its own players, evenings and kept standings.

Every league-owned row carries a plain foreign key to its league (as Tabbycat does for its
tournaments): players, evenings, the default prize split and the kept counters; tables, hands
and changes belong to a league through their evening. A :class:`Membership` gives an account
a role in one league.
"""

import datetime
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from ofcleague.league import limits
from ofcleague.league.choices import Variant
from ofcleague.league.current import LeagueManager, current_league_pk

#: First path segments of the league pages' own paths (``/<slug>/alltime/``): such a path
#: without a league is one of the addresses of the site's single-league days, which the league
#: middleware sends on to the site's first league.
LEAGUE_PAGE_SEGMENTS = frozenset(
    [
        "alltime",
        "api",
        "calculator",
        "evenings",
        "history",
        "players",
        "rules",
        "seasons",
        "statistics",
    ]
)

#: First path segments of the site's own pages, and those of the league pages: no league can
#: take one as its slug. The one list of them; the middleware and the services read it here.
RESERVED_SLUGS = LEAGUE_PAGE_SEGMENTS | frozenset(
    [
        "about",
        "accounts",
        "admin",
        "calendar",
        "favicon.ico",
        "healthz",
        "i18n",
        "invite",
        "invites",
        "join",
        "leagues",
        "login",
        "logout",
        "manifest.webmanifest",
        "media",
        "new",
        "robots.txt",
        "start",
        "static",
        "sw.js",
    ]
)


#: What a reserved slug is told, wherever it is refused.
RESERVED_MESSAGE = _("“%(slug)s” is a word of the site's own addresses; choose another.")


def _not_reserved(value):
    if value in RESERVED_SLUGS:
        raise ValidationError(RESERVED_MESSAGE, code="reserved_slug", params={"slug": value})


class Visibility(models.TextChoices):
    PUBLIC = "public", _("public: anyone can read its pages")
    MEMBERS = "members", _("members only")


class Role(models.TextChoices):
    OWNER = "owner", _("owner")
    SCOREKEEPER = "scorekeeper", _("scorekeeper")
    MEMBER = "member", _("member")


#: The roles that may enter and correct results.
ENTERS_RESULTS = (Role.OWNER, Role.SCOREKEEPER)


def seven_in_the_evening():
    """A new league's start of its evenings. A function, not a fixed time: Django's system
    check takes a fixed time within ten seconds of the clock for a mistake (it was 19:00)."""
    return datetime.time(19, 0)


class League(models.Model):
    """A league: its name and address, its language, and the defaults a new evening takes."""

    name = models.CharField(_("name"), max_length=80)
    slug = models.SlugField(_("address"), max_length=40, unique=True, validators=[_not_reserved])
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default="de"
    )
    time_zone = models.CharField(_("time zone"), max_length=40, default="Europe/Berlin")
    currency = models.CharField(_("currency"), max_length=3, default="EUR")
    visibility = models.CharField(
        _("visibility"), max_length=10, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    # Whether visitors without an account see the money (prizes, Net, buy-ins) on the
    # evening and player pages; members always do.
    money_public = models.BooleanField(
        _("visitors see the money"),
        default=False,
        help_text=_(
            "Prizes, buy-ins and Net on the evening and player pages. Off: only the league's "
            "members see them."
        ),
    )
    # The sites that may show the league's standings in a frame (one origin a line, as
    # ``league/embed_sites.py`` keeps them); empty: none (CSP ``frame-ancestors 'none'``).
    embed_sites = models.TextField(_("sites that may embed the standings"), blank=True, default="")
    # The defaults a new evening takes.
    buy_in = models.DecimalField(
        _("buy-in"),
        max_digits=7,
        decimal_places=2,
        default=Decimal("10.00"),
        validators=[MinValueValidator(limits.BUY_IN.low), MaxValueValidator(limits.BUY_IN.high)],
    )
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=3)
    hands_per_round = models.PositiveSmallIntegerField(_("hands per round"), default=15)
    variant = models.CharField(
        _("variant"), max_length=20, choices=Variant.choices, default=Variant.PINEAPPLE
    )
    rule_set = models.CharField(_("rule set"), max_length=20, blank=True, default="")
    start_time = models.TimeField(_("start time"), default=seven_in_the_evening)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(visibility__in=Visibility.values), name="league_visibility_valid"
            ),
            models.CheckConstraint(condition=~models.Q(slug=""), name="league_slug_set"),
        ]

    def __str__(self):
        return self.name

    @property
    def members_only(self):
        return self.visibility == Visibility.MEMBERS


class Membership(models.Model):
    """An account's role in one league."""

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("league")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="memberships",
        verbose_name=_("account"),
    )
    role = models.CharField(_("role"), max_length=12, choices=Role.choices)
    since = models.DateTimeField(_("since"), auto_now_add=True)

    class Meta:
        ordering = ["league", "role", "user__username"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["league", "user"], name="one_role_per_league"),
            models.CheckConstraint(condition=models.Q(role__in=Role.values), name="role_valid"),
        ]

    def __str__(self):
        return f"{self.league}: {self.user} ({self.get_role_display()})"


def league_field():
    """The league a row belongs to; a row written without one named goes to the current league
    (``current.py``)."""
    return models.ForeignKey(
        League,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("league"),
        default=current_league_pk,
    )


class PrizeShare(models.Model):
    """The league's default split of the pot: each place's weight (2 and 1 give 2/3 and 1/3)."""

    league = league_field()
    place = models.PositiveSmallIntegerField(_("place"))
    weight = models.PositiveSmallIntegerField(_("weight"))

    objects = LeagueManager()

    class Meta:
        ordering = ["place"]
        verbose_name = _("prize share")
        verbose_name_plural = _("default prize split")
        constraints = [
            models.UniqueConstraint(fields=["league", "place"], name="one_share_per_place"),
            models.CheckConstraint(
                condition=models.Q(place__gte=1), name="prize_share_place_at_least_1"
            ),
            models.CheckConstraint(
                condition=models.Q(weight__gte=1), name="prize_share_weight_positive"
            ),
        ]

    def __str__(self):
        return f"{self.place}: {self.weight}"
