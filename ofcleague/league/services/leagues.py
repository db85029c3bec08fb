"""Running a league: starting one, changing its settings, deleting it with everything in it.

Each function runs in one transaction and checks everything before it writes: a refusal is a
``ValidationError`` whose messages name the field they belong to, and nothing is written. Who
may call them is checked here too (``roles.require``): the owner of the league, or a superuser.
Renaming and merging players live in ``merging.py`` and are exported here as well.
"""

from __future__ import annotations

import re
import zoneinfo
from decimal import Decimal, InvalidOperation

from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.text import slugify
from django.utils.translation import gettext as _

from ofcleague.league import hooks, limits
from ofcleague.league.current import using_league
from ofcleague.league.leagues import (
    RESERVED_MESSAGE,
    RESERVED_SLUGS,
    League,
    Membership,
    Role,
)
from ofcleague.league.models import Evening, Player, PrizeShare
from ofcleague.league.names import clean_text
from ofcleague.league.roles import OWNER_ONLY, require
from ofcleague.league.services.merging import (
    MergePreview,
    merge_players,
    merge_preview,
    rename_player,
)
from ofcleague.league.services.wiping import wipe_league
from ofcleague.scoring import RULE_SETS
from ofcleague.web.league_writes import league_write

__all__ = [
    "LEAGUE_SETTINGS",
    "MergePreview",
    "change_league",
    "delete_league",
    "merge_players",
    "merge_preview",
    "prize_split",
    "rename_player",
    "start_league",
]

#: The settings a league's owner changes (with ``name`` and ``slug``), and the defaults a
#: new evening takes from them.
LEAGUE_SETTINGS = (
    "language",
    "time_zone",
    "currency",
    "visibility",
    "money_public",
    "buy_in",
    "rounds",
    "hands_per_round",
    "variant",
    "rule_set",
    "start_time",
)
#: The prize split a new league starts with: two thirds to the winner, one to the second.
DEFAULT_SPLIT = (2, 1)
#: At most this many places share the pot, each weighing at most this much.
MAX_PAID_PLACES = 10
MAX_WEIGHT = 100
_CURRENCY = re.compile(r"[A-Z]{3}")
_SLUG_LENGTH = League._meta.get_field("slug").max_length


def _slug_from(name: str) -> str:
    """A free address made from the name: numbered when taken or reserved."""
    base = slugify(name)[: _SLUG_LENGTH - 4].strip("-") or "liga"
    taken = set(League.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, number = base, 2
    while slug in taken or slug in RESERVED_SLUGS:
        slug = f"{base}-{number}"
        number += 1
    return slug


def _slug_problem(slug: str, league: League | None) -> str | None:
    if slug != slugify(slug) or not slug:
        return _("An address holds only small letters, digits and hyphens, e.g. “friday-club”.")
    if len(slug) > _SLUG_LENGTH:
        return _("An address has at most %(max)s characters.") % {"max": _SLUG_LENGTH}
    if slug in RESERVED_SLUGS:
        return RESERVED_MESSAGE % {"slug": slug}
    others = League.objects.filter(slug=slug)
    if league is not None:
        others = others.exclude(pk=league.pk)
    if others.exists():
        return _("The address “%(slug)s” belongs to another league.") % {"slug": slug}
    return None


def _setting_problems(values: dict) -> dict[str, str]:
    """The message of every setting in ``values`` that cannot be stored."""
    problems = {}
    zone = values.get("time_zone")
    if zone is not None:
        try:
            zoneinfo.ZoneInfo(str(zone))
        except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError, OSError):
            problems["time_zone"] = _("“%(zone)s” is no time zone; e.g. Europe/Berlin.") % {
                "zone": zone
            }
    currency = values.get("currency")
    if currency is not None and not _CURRENCY.fullmatch(str(currency)):
        problems["currency"] = _("A currency is a code of three capital letters, e.g. EUR.")
    rule_set = values.get("rule_set")
    if rule_set not in (None, "") and rule_set not in RULE_SETS:
        problems["rule_set"] = _("There is no rule set “%(key)s”.") % {"key": rule_set}
    for field, bounds in (("rounds", limits.ROUNDS), ("hands_per_round", limits.HANDS_PER_ROUND)):
        value = values.get(field)
        if value is not None and not (
            isinstance(value, int) and bounds.low <= value <= bounds.high
        ):
            problems[field] = _("Choose a whole number from %(low)s to %(high)s.") % {
                "low": bounds.low,
                "high": bounds.high,
            }
    return problems


def _checked_split(weights) -> list[int]:
    """The prize split's weights, checked: one per paid place, each a whole number."""
    try:
        split = [int(Decimal(str(weight))) for weight in weights]
    except (InvalidOperation, ValueError, TypeError):
        split = None
    if not split or any(not 1 <= weight <= MAX_WEIGHT for weight in split):
        message = _("Give each paid place a weight from 1 to %(max)s, e.g. 2, 1.")
        raise ValidationError({"prize_split": message % {"max": MAX_WEIGHT}}, code="prize_split")
    if len(split) > MAX_PAID_PLACES:
        raise ValidationError(
            {"prize_split": _("At most %(max)s places share the pot.") % {"max": MAX_PAID_PLACES}},
            code="prize_split",
        )
    return split


def _validated(league: League, exclude_slug: bool = False) -> None:
    """Every problem of ``league`` as it would be stored, raised at once."""
    problems = _setting_problems({name: getattr(league, name) for name in LEAGUE_SETTINGS})
    slug_problem = _slug_problem(league.slug, league if league.pk else None)
    if slug_problem and not exclude_slug:
        problems["slug"] = slug_problem
    if not str(league.name or "").strip():
        problems["name"] = _("A league needs a name.")
    try:
        league.full_clean(exclude=["slug", *problems], validate_unique=False)
    except ValidationError as error:
        for field, messages in error.message_dict.items():
            problems.setdefault(field, messages[0])
    if problems:
        raise ValidationError(problems)


def _store_split(league: League, weights) -> None:
    with using_league(league):
        PrizeShare.objects.all().delete()
        PrizeShare.objects.bulk_create(
            PrizeShare(league=league, place=place, weight=weight)
            for place, weight in enumerate(weights, start=1)
        )


def prize_split(league: League) -> list[int]:
    """The league's default prize split: the weights of places 1, 2, ..."""
    return list(
        PrizeShare._base_manager.filter(league=league)
        .order_by("place")
        .values_list("weight", flat=True)
    )


@league_write
def start_league(user, name: str, slug: str | None = None, **settings) -> League:
    """Start a league with ``user`` as its owner, the default prize split 2:1 and the given
    settings (any of :data:`LEAGUE_SETTINGS`, and ``prize_split``). Without a slug the
    address comes from the name (numbered when taken); a slug given must be free."""
    if not user.is_authenticated or not user.is_active:
        raise PermissionDenied(_("Log in to start a league."))
    weights = _checked_split(settings.pop("prize_split", DEFAULT_SPLIT))
    unknown = set(settings) - set(LEAGUE_SETTINGS)
    if unknown:
        raise TypeError(f"unknown league settings: {sorted(unknown)}")
    name = clean_text(str(name or ""))
    slug = (slug or "").strip().lower() or _slug_from(name)
    league = League(name=name, slug=slug, **settings)
    _validated(league)
    league.save()
    _take_address(league)
    Membership.objects.create(league=league, user=user, role=Role.OWNER)
    _store_split(league, weights)
    return league


@league_write
def change_league(owner, league: League, **fields) -> League:
    """Change the league's name, address, settings and defaults (``prize_split``: the
    weights of the paid places). A new address must be free and not one of the site's."""
    # The league's own write, whichever league the caller is in: its pages go stale.
    with using_league(league):
        return _change_league(owner, league, **fields)


def _change_league(owner, league: League, **fields) -> League:
    require(OWNER_ONLY, owner, league)
    weights = fields.pop("prize_split", None)
    unknown = set(fields) - {"name", "slug", *LEAGUE_SETTINGS}
    if unknown:
        raise TypeError(f"unknown league settings: {sorted(unknown)}")
    if "name" in fields:
        fields["name"] = clean_text(str(fields["name"] or ""))
    if "slug" in fields:
        fields["slug"] = str(fields["slug"] or "").strip().lower()
    changed = League.objects.select_for_update().get(pk=league.pk)
    for field, value in fields.items():
        setattr(changed, field, value)
    problems = {}
    try:
        _validated(changed, exclude_slug=changed.slug == league.slug)
    except ValidationError as error:
        problems.update(error.message_dict)
    if weights is not None:
        try:
            weights = _checked_split(weights)
        except ValidationError as error:
            problems.update(error.message_dict)
    if problems:
        raise ValidationError(problems)
    changed.save()
    if changed.slug != league.slug:
        # Links with the old address keep working (the members' former addresses).
        _take_address(changed, league.slug)
    if weights is not None:
        _store_split(changed, weights)
    return changed


def _take_address(league: League, former: str | None = None) -> None:
    """The apps around the core hear that ``league`` took its address (it had ``former``)."""
    for receiver in hooks.LEAGUE_ADDRESS_TAKEN:
        receiver(league, former)


@league_write
def delete_league(owner, league: League, confirm_name: str) -> None:
    """Delete the league with everything in it: its evenings, players, kept standings,
    memberships and their history. ``confirm_name`` must be the league's name as typed."""
    require(OWNER_ONLY, owner, league)
    if clean_text(str(confirm_name or "")).casefold() != league.name.casefold():
        message = _("Type the league's name exactly, “%(name)s”.") % {"name": league.name}
        raise ValidationError({"confirm_name": message}, code="confirm_name")
    wipe_league(league)


def league_counts(league: League) -> dict[str, int]:
    """What deleting the league takes with it, counted."""
    return {
        "evenings": Evening._base_manager.filter(league=league).count(),
        "players": Player._base_manager.filter(league=league).count(),
        "members": Membership.objects.filter(league=league).count(),
    }
