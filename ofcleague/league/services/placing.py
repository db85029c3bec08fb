"""Places from the round points: tie-breaks decided at the table, totals and places, and the
prize money that moves with the places."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from django.utils.translation import gettext as _

from ofcleague.league.models import Evening, EveningPlayer, RoundScore
from ofcleague.league.places import places_from_totals, tied_groups
from ofcleague.league.services.prizes import default_payouts, split_prizes
from ofcleague.league.services.version import fresh_seats, save_all_changed


def tie_break_problems(
    totals: Mapping[int, int], tie_breaks: Mapping[int, int | None]
) -> dict[int, str]:
    """Check the order decided at the table for every group of equal totals.

    Within a group of k tied players, either nobody has a tie-break (they share the place) or
    they have the positions 1 to k, each once. Returns a message per seat of a group that
    breaks this. Tie-breaks of players who are not tied are no problem: saving clears them.
    """
    problems: dict[int, str] = {}
    for group in tied_groups(totals):
        given = [tie_breaks.get(seat) for seat in group]
        if all(order is None for order in given):
            continue
        if None not in given and sorted(given) == list(range(1, len(group) + 1)):
            continue
        message = _(
            "Give each of the %(count)s tied players a different position from 1 to %(count)s, "
            "or leave them all on “shared place”."
        ) % {"count": len(group)}
        for seat in group:
            problems[seat] = message
    return problems


def _tie_breaks_that_apply(seats, totals: Mapping[int, int], given) -> dict[int, int]:
    """The tie-break to keep per seat: the given ones (else the recorded ones) of tied groups
    that are fully ordered. Everyone else gets none, so a tie-break recorded for an earlier
    tie never reorders a later one.

    Kept tie-breaks are renumbered 1 to k in their order: when a player leaves a tied group
    (taken off the evening), the others keep their order and the form can show it as is.
    """
    chosen = {seat.pk: seat.tie_break if given is None else given.get(seat.pk) for seat in seats}
    kept = {}
    for group in tied_groups(totals):
        orders = [chosen[seat] for seat in group]
        if None not in orders and len(set(orders)) == len(orders):
            for position, seat in enumerate(sorted(group, key=chosen.__getitem__), 1):
                kept[seat] = position
    return kept


def recompute_places(evening: Evening, tie_breaks: Mapping[int, int | None] | None = None) -> None:
    """Recompute totals, tie-breaks and places from the round points as stored."""
    seats = fresh_seats(evening)
    totals: dict[int, int] = {}
    for score in RoundScore.objects.filter(evening_player__evening=evening):
        totals[score.evening_player_id] = totals.get(score.evening_player_id, 0) + score.points
    if totals:
        for seat in seats:
            totals.setdefault(seat.pk, 0)
    place_by_totals(evening, seats, totals, tie_breaks)


def place_by_totals(
    evening: Evening,
    seats: Sequence[EveningPlayer],
    totals: Mapping[int, int],
    tie_breaks: Mapping[int, int | None] | None = None,
) -> None:
    """Save the totals, tie-breaks and places that follow from ``totals`` (every seat's total,
    or empty while the evening has no round points); only seats that change are saved.
    ``tie_breaks`` replaces the recorded ones; without it they are kept where their group is
    still tied alike."""
    if totals:
        kept = _tie_breaks_that_apply(seats, totals, tie_breaks)
        places = places_from_totals(totals, kept)
    else:
        kept, places = {}, {}
        _clear_prizes(evening, seats)
    apply_places(seats, places, totals, kept)


def _clear_prizes(evening: Evening, seats: Sequence[EveningPlayer]) -> None:
    """Every point cleared (or every hand undone): the places are gone, and so is the prize
    money that followed them; the pot is set again once there is a result to pay."""
    if evening.pot is None and all(seat.prize is None for seat in seats):
        return
    for seat in seats:
        if seat.prize is not None:
            seat.prize = None
            seat.save(update_fields=["prize"])
    evening.pot = None
    evening.save(update_fields=["pot"])


def payouts_behind(seats: Sequence[EveningPlayer]) -> dict[int, Decimal]:
    """The payout per place behind the recorded prizes.

    Exact where every place is distinct; where tied players shared money, how it was split
    between their places is lost, so the league's default split of the same pot is used.
    """
    places = [seat.place for seat in seats]
    if None not in places and len(set(places)) == len(places):
        return {seat.place: seat.prize or Decimal(0) for seat in seats}
    pot = sum((seat.prize or Decimal(0) for seat in seats), Decimal(0))
    return default_payouts(pot, len(seats))


def apply_places(
    seats,
    places: Mapping[int, int],
    totals: Mapping[int, int] | None = None,
    tie_breaks: Mapping[int, int] | None = None,
):
    """Save new places (and totals and tie-breaks, where given; a seat missing from them gets
    none); when places move, the prize money moves with them."""
    prizes = {}
    moved = any(seat.place != places.get(seat.pk) for seat in seats)
    paid = any(seat.prize is not None for seat in seats)
    if moved and paid and len(places) == len(seats):
        prizes = split_prizes(places, payouts_behind(seats))
    rows = []
    for seat in seats:
        new = {"place": places.get(seat.pk), "prize": prizes.get(seat.pk, seat.prize)}
        if totals is not None:
            new["total"] = totals.get(seat.pk)
        if tie_breaks is not None:
            new["tie_break"] = tie_breaks.get(seat.pk)
        rows.append((seat, new))
    save_all_changed(rows)
