"""A plain finishing order: places entered without points (or deciding between players tied
on points), checked and stored, which finishes the evening."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.core.exceptions import ValidationError
from django.db.models import Sum
from django.utils.translation import gettext as _

from ofcleague.league import hooks
from ofcleague.league.models import Evening, EveningPlayer, PlacesSource, RoundScore, Status
from ofcleague.league.services.placing import apply_places
from ofcleague.league.services.version import claim_evening, fresh_seats, validated
from ofcleague.web.league_writes import league_write


def shared_places(evening: Evening) -> list[tuple[int, list[str]]]:
    """The places that tied players share at this evening, with their names, best first."""
    seats = EveningPlayer.objects.filter(evening=evening, place__isnull=False).values_list(
        "place", "player__name"
    )
    names: dict[int, list[str]] = {}
    for place, name in seats.order_by("place", "player__name"):
        names.setdefault(place, []).append(name)
    return [(place, group) for place, group in names.items() if len(group) > 1]


def finishing_order_problems(places: Mapping[int, int | None]) -> dict[int, str]:
    """Check a plain finishing order (``places[seat]``): places 1..n, ties only as shared places.

    Players tied for a place share it and the places they cover are skipped (1, 2, 2, 4), as
    the standings count it. Returns a message per seat whose place is wrong.
    """
    size = len(places)
    problems: dict[int, str] = {}
    for seat, place in places.items():
        if place is None:
            problems[seat] = _("Give every player a place.")
        elif not 1 <= place <= size:
            problems[seat] = _("Places go from 1 to %(size)s.") % {"size": size}
    if problems:
        return problems
    counts: dict[int, int] = {}
    for place in places.values():
        counts[place] = counts.get(place, 0) + 1
    expected = 1
    for place in sorted(counts):
        if place != expected:
            for seat, value in places.items():
                if value == place:
                    problems[seat] = _(
                        "Place %(place)s cannot follow: the next place is %(expected)s "
                        "(tied players share a place, the places after them are skipped)."
                    ) % {"place": place, "expected": expected}
            break
        expected += counts[place]
    return problems


def _refuse_order_against_points(seats: Sequence[EveningPlayer], places: Mapping[int, int]):
    """Where round points were kept they decide the places: an entered order may only
    decide between players tied on points."""
    totals = dict(
        RoundScore.objects.filter(evening_player__in=seats)
        .values("evening_player")
        .annotate(total=Sum("points"))
        .values_list("evening_player", "total")
    )
    if not totals:
        return
    names = {seat.pk: seat.player.name for seat in seats}
    for better in seats:
        for worse in seats:
            ahead = totals.get(better.pk, 0) > totals.get(worse.pk, 0)
            if ahead and places[better.pk] >= places[worse.pk]:
                raise ValidationError(
                    _(
                        "The points decide the places at this evening: %(better)s has more "
                        "points than %(worse)s and cannot finish behind. An order here only "
                        "decides between players tied on points (or correct the points)."
                    )
                    % {"better": names[better.pk], "worse": names[worse.pk]},
                    code="order_against_points",
                )


@league_write
def save_finishing_order(evening: Evening, read_version: int, places: Mapping[int, int]) -> Evening:
    """Store an evening's result as a plain finishing order (no points needed) and finish it."""
    evening = claim_evening(evening, read_version)
    seats = fresh_seats(evening)
    if set(places) != {seat.pk for seat in seats}:
        raise ValidationError(_("Give a place to every player of this evening, and only to them."))
    problems = finishing_order_problems(places)
    if problems:
        raise ValidationError(sorted(set(problems.values())))
    _refuse_order_against_points(seats, places)
    evening.places_source = PlacesSource.ENTERED
    evening.status = Status.FINISHED
    validated(evening)
    apply_places(seats, places)
    evening.save(update_fields=["places_source", "status"])
    hooks.evening_changed(evening)
    return evening
