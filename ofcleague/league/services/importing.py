"""A league's history brought in: the evenings of a checked preview stored through the
league's own services in one transaction, and an import undone in one step.

The preview comes from ``ofcleague/imports`` (which this layer does not import): anything
with ``problems`` (each with ``blocking``) and ``evenings`` (each with ``date``,
``start_time``, ``buy_in``, ``rounds``, ``hands_per_round``, ``variant`` and ``places``,
each place with ``player``, ``place``, ``points`` and ``prize``).
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from ofcleague.league import kept
from ofcleague.league.batches import ImportBatch
from ofcleague.league.current import using_league
from ofcleague.league.models import Evening, EveningPlayer, Player
from ofcleague.league.names import name_key
from ofcleague.league.roles import runs
from ofcleague.league.services.deleted import delete_evening
from ofcleague.league.services.evenings import create_evening
from ofcleague.league.services.finishing import save_finishing_order
from ofcleague.league.services.players import create_players
from ofcleague.league.services.points import save_points_grid
from ofcleague.league.services.prizes import set_prizes
from ofcleague.web.cache import invalidate_league_pages


def _refuse_unless_owner(user, league) -> None:
    if user is None or not runs(user, league):
        raise PermissionDenied(_("Only the league's owner may do this."))


@transaction.atomic
def import_evenings(league, preview, by, *, source_name: str = "") -> ImportBatch:
    """Store every evening of ``preview`` in ``league``: new names become players, each
    evening is created, given its places (from its round points where every player has
    them, else as a finishing order) and its prizes, and finished. One transaction: a
    blocking problem in the preview, or any evening the league's rules refuse, and nothing
    is written. The kept tables are brought up to date once, at the end."""
    _refuse_unless_owner(by, league)
    if any(problem.blocking for problem in preview.problems):
        raise ValidationError(
            _("The import still has problems to put right: nothing was imported."),
            code="blocking_problems",
        )
    if not preview.evenings:
        raise ValidationError(_("There is no evening to import."), code="nothing")
    with using_league(league):
        known = set(Player.objects.values_list("pk", flat=True))
        batch = ImportBatch.objects.create(
            league=league, created_by=by, source_name=str(source_name or "")[:200]
        )
        with kept.refreshed_once():
            for evening in preview.evenings:
                _store_refusing_with_date(league, batch, evening)
        batch.new_player_ids = sorted(set(Player.objects.values_list("pk", flat=True)) - known)
        batch.evening_count = len(preview.evenings)
        batch.save(update_fields=["new_player_ids", "evening_count"])
        invalidate_league_pages()
    return batch


def _store_refusing_with_date(league, batch, evening) -> None:
    try:
        _store(league, batch, evening)
    except ValidationError as error:
        raise ValidationError(
            _("The evening of %(date)s cannot be stored: %(problem)s Nothing was imported.")
            % {
                "date": date_format(evening.date, "SHORT_DATE_FORMAT"),
                "problem": " ".join(error.messages),
            },
            code="evening_refused",
        ) from error


def _store(league, batch, evening) -> Evening:
    places = sorted(evening.places, key=lambda place: place.place)
    players = {name_key(p.name): p for p in create_players([place.player for place in places])}
    seated = [players[name_key(place.player)] for place in places]
    with_points = all(place.points for place in places)
    rounds = evening.rounds or league.rounds
    if with_points:
        most = max(len(place.points) for place in places)
        rounds = max(evening.rounds or most, most)
    stored = create_evening(
        players=seated,
        date=evening.date,
        start_time=evening.start_time or league.start_time,
        buy_in=league.buy_in if evening.buy_in is None else evening.buy_in,
        rounds=rounds,
        hands_per_round=evening.hands_per_round or league.hands_per_round,
        variant=evening.variant,
        import_batch=batch,
    )
    seat_of = dict(EveningPlayer.objects.filter(evening=stored).values_list("player_id", "pk"))
    seats = [seat_of[player.pk] for player in seated]
    if with_points:
        points = {
            seat: {n: _round(place.points, n) for n in range(1, rounds + 1)}
            for seat, place in zip(seats, places, strict=True)
        }
        stored = save_points_grid(
            stored, stored.version, points, finish=True, tie_breaks=_tie_breaks(points, seats)
        )
    else:
        order = {seat: place.place for seat, place in zip(seats, places, strict=True)}
        stored = save_finishing_order(stored, stored.version, order)
    payouts = {place.place: place.prize for place in places if place.prize is not None}
    if payouts:
        stored = set_prizes(stored, stored.version, sum(payouts.values(), Decimal(0)), payouts)
    return stored


def _round(points, number: int) -> int:
    return points[number - 1] if number <= len(points) else 0


def _tie_breaks(points, seats) -> dict[int, int | None]:
    """Players tied on points keep the order of their imported places (``seats`` is in
    place order): the table decided it."""
    groups = defaultdict(list)
    for seat in seats:
        groups[sum(points[seat].values())].append(seat)
    tie_breaks: dict[int, int | None] = dict.fromkeys(seats)
    for group in groups.values():
        if len(group) > 1:
            tie_breaks.update({seat: n for n, seat in enumerate(group, start=1)})
    return tie_breaks


def import_batches(league):
    """The league's imports, newest first."""
    return ImportBatch.objects.filter(league=league).select_related("created_by")


@transaction.atomic
def undo_import(batch: ImportBatch, by) -> ImportBatch:
    """Delete every evening of ``batch`` (as deleting one does: restorable one by one) and
    the players it created that have no other evening; the kept tables are brought up to
    date once. One transaction."""
    batch = ImportBatch.objects.select_for_update().select_related("league").get(pk=batch.pk)
    _refuse_unless_owner(by, batch.league)
    if batch.undone_at is not None:
        raise ValidationError(_("This import was undone already."), code="undone")
    with using_league(batch.league):
        with kept.refreshed_once():
            for evening in Evening.objects.filter(import_batch=batch).order_by("pk"):
                delete_evening(evening, evening.version)
            seated = EveningPlayer.objects.values("player_id")
            Player.objects.filter(pk__in=batch.new_player_ids).exclude(pk__in=seated).delete()
        invalidate_league_pages()
    batch.undone_at, batch.undone_by = timezone.now(), by
    batch.save(update_fields=["undone_at", "undone_by"])
    return batch
