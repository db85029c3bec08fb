"""A league's history brought in: the evenings of a checked preview stored in one
transaction, checked by the rules the league's services check, and an import undone in one
step through the evening delete of the services.

The preview comes from ``ofcleague/imports`` (which this layer does not import): anything
with ``problems`` (each with ``blocking``) and ``evenings`` (each with ``date``,
``start_time``, ``buy_in``, ``rounds``, ``hands_per_round``, ``variant`` and ``places``,
each place with ``player``, ``place``, ``points`` and ``prize``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from simple_history.utils import bulk_create_with_history

from ofcleague.league import hooks
from ofcleague.league.batches import ImportBatch
from ofcleague.league.current import using_league
from ofcleague.league.invariants import league_problems
from ofcleague.league.limits import MONEY
from ofcleague.league.models import (
    Evening,
    EveningPlayer,
    PlacesSource,
    Player,
    RoundScore,
    Status,
)
from ofcleague.league.names import name_key
from ofcleague.league.places import places_from_totals
from ofcleague.league.roles import OWNER_ONLY, require
from ofcleague.league.services.deleted import delete_evening
from ofcleague.league.services.evenings import check_field_size
from ofcleague.league.services.finishing import finishing_order_problems
from ofcleague.league.services.grid import grid_problems, grid_totals
from ofcleague.league.services.players import create_players
from ofcleague.league.services.version import validated
from ofcleague.web.league_writes import league_write

#: The change reason of every history record an import writes.
IMPORTED = "imported"


@league_write
def import_evenings(league, preview, by, *, source_name: str = "", token: str = "") -> ImportBatch:
    """Store every evening of ``preview`` in ``league``, finished: new names become players,
    places come from the round points where every player has them (players tied on points
    keep their imported places, shared or each their own), else from the imported finishing
    order; prizes as given.

    Each evening is checked by the rules the league's services check (at least two players,
    a complete zero-sum points grid or a plain finishing order, prizes that make the pot, the
    fields' limits), then all are inserted at once with their history records, checked again
    by the league's invariants, and the kept tables are brought up to date once. One
    transaction: a blocking problem in the preview, or any evening refused, and nothing is
    written. ``token`` names the input: a second import with the same one is refused."""
    require(OWNER_ONLY, by, league)
    if any(problem.blocking for problem in preview.problems):
        raise ValidationError(
            _("The import still has problems to put right: nothing was imported."),
            code="blocking_problems",
        )
    if not preview.evenings:
        raise ValidationError(_("There is no evening to import."), code="nothing")
    with using_league(league):
        known = set(Player.objects.values_list("pk", flat=True))
        names = [place.player for evening in preview.evenings for place in evening.places]
        players = {name_key(player.name): player for player in create_players(names)}
        batch = _new_batch(league, by, source_name, token)
        plans = [_planned_refusing_with_date(league, batch, e, players) for e in preview.evenings]
        evenings = _insert(plans, by)
        problems = league_problems([evening.pk for evening in evenings])
        if problems:
            raise ValidationError(
                _("The evening of %(date)s cannot be stored: %(problem)s Nothing was imported.")
                % {"date": problems[0].label, "problem": problems[0].rule},
                code="evening_refused",
            )
        Player.objects.exclude(pk__in=known).update(import_batch=batch)
        batch.evening_count = len(evenings)
        batch.save(update_fields=["evening_count"])
        hooks.evenings_changed(evenings, seasons_too=True)
    return batch


def _new_batch(league, by, source_name, token) -> ImportBatch:
    try:
        with league_write():
            return ImportBatch.objects.create(
                league=league, created_by=by, source_name=str(source_name or "")[:200],
                token=str(token or "")[:40],
            )  # fmt: skip
    except IntegrityError:
        raise ValidationError(
            _("This import is stored already."), code="imported_already"
        ) from None


@dataclass
class _Planned:
    """An evening checked and ready to insert: its seats, and each seat's round scores."""

    evening: Evening
    seats: list[EveningPlayer]
    scores: list[list[RoundScore]]


def _planned_refusing_with_date(league, batch, evening, players) -> _Planned:
    try:
        return _planned(league, batch, evening, players)
    except ValidationError as error:
        raise ValidationError(
            _("The evening of %(date)s cannot be stored: %(problem)s Nothing was imported.")
            % {
                "date": date_format(evening.date, "SHORT_DATE_FORMAT"),
                "problem": " ".join(error.messages),
            },
            code="evening_refused",
        ) from error


def _planned(league, batch, evening, players) -> _Planned:
    imported = sorted(evening.places, key=lambda place: place.place)
    seated = [players[name_key(place.player)] for place in imported]
    check_field_size(seated)
    keys = list(range(len(imported)))
    with_points = all(place.points for place in imported)
    if with_points:
        most = max(len(place.points) for place in imported)
        rounds = max(evening.rounds or most, most)
        grid = {
            key: {n: _round(place.points, n) for n in range(1, rounds + 1)}
            for key, place in zip(keys, imported, strict=True)
        }
        problems = grid_problems(keys, rounds, grid, finish=True)
        if problems:
            raise ValidationError(problems.messages())
        totals = grid_totals(keys, grid)
        tie_breaks = _tie_breaks(totals, [place.place for place in imported])
        places = places_from_totals(totals, tie_breaks)
    else:
        rounds, grid, totals, tie_breaks = evening.rounds or league.rounds, {}, {}, {}
        places = {key: place.place for key, place in zip(keys, imported, strict=True)}
        problems = finishing_order_problems(places)
        if problems:
            raise ValidationError(sorted(set(problems.values())))
    pot, prizes = _prizes(imported)
    stored = Evening(
        league=league, import_batch=batch, status=Status.FINISHED, pot=pot,
        pot_set_by_hand=pot is not None and pot != _buy_in(league, evening) * len(imported),
        places_source=PlacesSource.POINTS if with_points else PlacesSource.ENTERED,
        date=evening.date, start_time=evening.start_time or league.start_time,
        buy_in=_buy_in(league, evening),
        rounds=rounds, hands_per_round=evening.hands_per_round or league.hands_per_round,
        variant=evening.variant,
    )  # fmt: skip
    validated(stored, exclude=["import_batch"])
    seats = [
        validated(
            EveningPlayer(
                player=player, place=places[key], total=totals.get(key),
                tie_break=tie_breaks.get(key), prize=prizes.get(key),
            ),
            exclude=["evening", "player"],
        )
        for key, player in zip(keys, seated, strict=True)
    ]  # fmt: skip
    scores = [
        [
            validated(RoundScore(round_number=n, points=value), exclude=["evening_player"])
            for n, value in grid.get(key, {}).items()
        ]
        for key in keys
    ]
    return _Planned(stored, seats, scores)


def _prizes(imported) -> tuple[Decimal | None, dict]:
    """The pot and each seat's prize as imported (0 for a seat without one; None and none
    when no seat has a prize). Players sharing a place keep the shares the file shows."""
    given = [place.prize for place in imported]
    if all(prize is None for prize in given):
        return None, {}
    prizes = {key: prize or Decimal(0) for key, prize in enumerate(given)}
    pot = sum(prizes.values(), Decimal(0))
    if pot not in MONEY or any(amount not in MONEY for amount in prizes.values()):
        raise ValidationError(
            _("The pot and every payout lie between %(low)s and %(high)s €.")
            % {"low": MONEY.low, "high": MONEY.high}
        )
    return pot, prizes


def _insert(plans: list[_Planned], by) -> list[Evening]:
    """Insert the planned evenings, seats and scores, a history record for each row."""
    history = {"default_user": by, "default_change_reason": IMPORTED, "batch_size": 500}
    evenings = bulk_create_with_history([plan.evening for plan in plans], Evening, **history)
    for plan, evening in zip(plans, evenings, strict=True):
        for seat in plan.seats:
            seat.evening_id = evening.pk
    seats = [seat for plan in plans for seat in plan.seats]
    bulk_create_with_history(seats, EveningPlayer, **history)
    scores = []
    for plan in plans:
        for seat, seat_scores in zip(plan.seats, plan.scores, strict=True):
            for score in seat_scores:
                score.evening_player_id = seat.pk
                scores.append(score)
    bulk_create_with_history(scores, RoundScore, **history)
    return evenings


def _round(points, number: int) -> int:
    return points[number - 1] if number <= len(points) else 0


def _tie_breaks(totals, shown) -> dict[int, int]:
    """Players tied on points keep the places the import shows (the keys are in place order):
    a tied group on places of its own keeps that order (the table decided it); a group
    sharing its place gets no tie-break, so it shares the place as the league ranks it."""
    groups = defaultdict(list)
    for key in range(len(shown)):
        groups[totals[key]].append(key)
    tie_breaks = {}
    for group in groups.values():
        if len(group) > 1 and len({shown[key] for key in group}) == len(group):
            tie_breaks.update({key: n for n, key in enumerate(group, start=1)})
    return tie_breaks


def import_batches(league):
    """The league's imports, newest first."""
    return ImportBatch.objects.filter(league=league).select_related("created_by")


@league_write
def undo_import(batch: ImportBatch, by) -> ImportBatch:
    """Delete every evening of ``batch`` (as deleting one does: restorable one by one) and
    the players it created that have no other evening; the kept tables are brought up to
    date once. One transaction."""
    batch = (
        ImportBatch.objects.select_for_update(of=("self",))
        .select_related("league")
        .get(pk=batch.pk)
    )
    require(OWNER_ONLY, by, batch.league)
    if batch.undone_at is not None:
        raise ValidationError(_("This import was undone already."), code="undone")
    with using_league(batch.league), hooks.changed_together():
        for evening in Evening.objects.filter(import_batch=batch).order_by("pk"):
            delete_evening(evening, evening.version)
        seated = EveningPlayer.objects.values("player_id")
        Player.objects.filter(import_batch=batch).exclude(pk__in=seated).delete()
    batch.undone_at, batch.undone_by = timezone.now(), by
    batch.save(update_fields=["undone_at", "undone_by"])
    return batch


def _buy_in(league, evening):
    """An imported evening's buy-in: its own, else the league's."""
    return league.buy_in if evening.buy_in is None else evening.buy_in
