"""Prize money: the league's default split, ties sharing what their places pay, the pot."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import ROUND_DOWN, Decimal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ofcleague.league import hooks
from ofcleague.league.limits import MONEY
from ofcleague.league.models import (
    Evening,
    PrizeShare,
)
from ofcleague.league.services.version import claim_evening, fresh_seats, save_changed, validated
from ofcleague.web.league_writes import league_write
from ofcleague.web.money import CENT, money


def _split_evenly(amount: Decimal, parts: int) -> list[Decimal]:
    """Split an amount into parts in whole cents that add up exactly (first parts get more)."""
    share = (amount / parts).quantize(CENT, rounding=ROUND_DOWN)
    rest = int((amount - share * parts) / CENT)
    return [share + CENT if index < rest else share for index in range(parts)]


def default_payouts(pot: Decimal, field_size: int) -> dict[int, Decimal]:
    """The pot split by the league's default weights (PrizeShare), for places that exist.

    Cents that do not divide evenly go to the best place, so the payouts add up to the pot.
    """
    weights = {
        share.place: share.weight for share in PrizeShare.objects.filter(place__lte=field_size)
    }
    if not weights:
        weights = {1: 1}
    total_weight = sum(weights.values())
    payouts = {
        place: (pot * weight / total_weight).quantize(CENT, rounding=ROUND_DOWN)
        for place, weight in sorted(weights.items())
    }
    payouts[min(payouts)] += pot - sum(payouts.values())
    return payouts


def split_prizes(places: Mapping[int, int], payouts: Mapping[int, Decimal]) -> dict[int, Decimal]:
    """Each player's prize: players tied for a place share the payouts of the places they cover.

    ``places[key]`` is a player's place (shared places skip the following ones), ``payouts``
    maps a place to its money. Two players tied for 1st split the payouts of places 1 and 2
    equally, in whole cents, and the prizes always add up to the payouts of the places taken.
    """
    groups: dict[int, list] = {}
    for key, place in places.items():
        groups.setdefault(place, []).append(key)
    prizes = {}
    for place, keys in groups.items():
        amount = sum(
            (payouts.get(covered, Decimal(0)) for covered in range(place, place + len(keys))),
            Decimal(0),
        )
        for key, share in zip(sorted(keys), _split_evenly(amount, len(keys)), strict=True):
            prizes[key] = share
    return prizes


def payout_problem(pot: Decimal, payouts: Mapping[int, Decimal]) -> str | None:
    """What is wrong when the payouts do not add up to the pot, or ``None`` when they do."""
    total = sum(payouts.values(), Decimal(0))
    if total > pot:
        template = _("The payouts add up to %(sum)s: %(diff)s more than the pot.")
    elif total < pot:
        template = _("The payouts add up to %(sum)s: %(diff)s less than the pot.")
    else:
        return None
    return template % {"sum": money(total, exact=True), "diff": money(abs(total - pot), exact=True)}


@league_write
def set_prizes(
    evening: Evening, read_version: int, pot: Decimal, payouts: Mapping[int, Decimal]
) -> Evening:
    """Give every player their prize from the payouts per place (they must add up to the pot)."""
    evening = claim_evening(evening, read_version)
    seats = fresh_seats(evening)
    if any(seat.place is None for seat in seats):
        raise ValidationError(_("Prizes need a place for every player first."))
    if pot not in MONEY or any(amount not in MONEY for amount in payouts.values()):
        raise ValidationError(
            _("The pot and every payout lie between %(low)s and %(high)s €.")
            % {"low": MONEY.low, "high": MONEY.high}
        )
    if any(place > len(seats) for place, amount in payouts.items() if amount):
        raise ValidationError(_("Only places that exist this evening can be paid."))
    problem = payout_problem(pot, payouts)
    if problem:
        raise ValidationError(problem)
    prizes = split_prizes({seat.pk: seat.place for seat in seats}, payouts)
    for seat in seats:
        save_changed(seat, {"prize": prizes[seat.pk]}, check=True)
    evening.pot = pot
    # A pot other than the sum of the buy-ins is the league's own: it stays when they change.
    evening.pot_set_by_hand = pot != evening.buy_in * len(seats)
    validated(evening)
    evening.save(update_fields=["pot", "pot_set_by_hand"])
    # Prize money moves the money counters, never a rating.
    hooks.evening_changed(evening, money_only=True)
    return evening
