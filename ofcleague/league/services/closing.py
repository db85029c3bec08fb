"""Finishing an evening as a step of its own, and undoing that step.

Finishing an evening whose every round is in puts its places into the tables, pays the pot
by the league's usual split (unless prizes are set already), moves the ratings and lets the
result mail go out. Until anybody changes the evening again, the step can be undone: the
evening is exactly as it was before, in progress.

What the undo restores is read from the evening's own history: the finish marks the
evening's last history record with what it changed (:data:`FINISHED_BY_STEP`), and the undo
holds only while that record is still the evening as stored (its version unchanged: every
later write claims a new version first).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ofcleague.league import hooks
from ofcleague.league.models import Evening, EveningPlayer, RoundScore, Status
from ofcleague.league.services.grid import grid_problems
from ofcleague.league.services.points import finish_with_default_prizes
from ofcleague.league.services.version import claim_evening, fresh_seats, validated
from ofcleague.web.league_writes import league_write

#: The change reason of the history record a finish leaves: the status and places source
#: the evening had before, and whether the finish paid the prizes.
FINISHED_BY_STEP = "finished by its step"


@dataclass(frozen=True)
class Undo:
    """What undoing a finish puts back."""

    status: str
    places_source: str
    prizes_paid: bool

    def reason(self) -> str:
        paid = "prizes" if self.prizes_paid else "kept"
        return f"{FINISHED_BY_STEP}|{self.status}|{self.places_source}|{paid}"

    @classmethod
    def read(cls, reason: str | None) -> Undo | None:
        parts = (reason or "").split("|")
        if len(parts) != 4 or parts[0] != FINISHED_BY_STEP:
            return None
        return cls(parts[1], parts[2], parts[3] == "prizes")


def stored_grid(evening: Evening):
    """The evening's points and tables as stored, per seat and round."""
    seat_ids = list(
        EveningPlayer.objects.filter(evening=evening).order_by("pk").values_list("pk", flat=True)
    )
    points = {seat: {} for seat in seat_ids}
    tables = {seat: {} for seat in seat_ids}
    for score in RoundScore.objects.filter(evening_player__evening=evening):
        points[score.evening_player_id][score.round_number] = score.points
        tables[score.evening_player_id][score.round_number] = score.table
    return seat_ids, points, tables


def finish_problems(evening: Evening) -> list[str]:
    """Why the evening cannot be finished now (empty: it can)."""
    if evening.status == Status.FINISHED:
        return [_("This evening is finished already.")]
    if evening.status != Status.IN_PROGRESS:
        return [_("Only an evening being played can be finished: start it first.")]
    seat_ids, points, tables = stored_grid(evening)
    return grid_problems(seat_ids, evening.rounds, points, tables, finish=True).messages()


@league_write
def finish_evening(evening: Evening, read_version: int) -> Evening:
    """Finish an evening being played whose every round is in, as stored; pay the pot by
    the league's usual split unless prizes are set. Refused (nothing written) otherwise."""
    current = Evening.objects.select_for_update().get(pk=evening.pk)
    problems = finish_problems(current)
    if problems:
        raise ValidationError(problems, code="cannot_finish")
    undo = Undo(current.status, current.places_source, prizes_paid=current.pot is None)
    _seat_ids, points, tables = stored_grid(current)
    finished = finish_with_default_prizes(current, read_version, points, tables)
    record = finished.history.order_by("-history_date", "-history_id").first()
    record.history_change_reason = undo.reason()
    record.save(update_fields=["history_change_reason"])
    return finished


def undo_of(evening: Evening) -> Undo | None:
    """What undoing the evening's finish puts back, or ``None`` when it cannot be undone: it
    was not finished by its step, or anybody changed it since."""
    if evening.status != Status.FINISHED:
        return None
    record = evening.history.order_by("-history_date", "-history_id").first()
    if record is None or record.version != evening.version:
        return None
    return Undo.read(record.history_change_reason)


@league_write
def undo_finish(evening: Evening, read_version: int) -> Evening:
    """Put a finished evening back as it was before its finish, while nobody has changed it
    since. Refused (nothing written) otherwise."""
    current = Evening.objects.select_for_update().get(pk=evening.pk)
    undo = undo_of(current)
    if undo is None or current.version != read_version:
        raise ValidationError(
            _(
                "The finish can no longer be undone: the evening was changed since. Correct "
                "it where it was changed instead."
            ),
            code="cannot_undo",
        )
    evening = claim_evening(current, read_version)
    if undo.prizes_paid:
        for seat in fresh_seats(evening):
            if seat.prize is not None:
                seat.prize = None
                seat.save(update_fields=["prize"])
        evening.pot = None
    evening.status = undo.status
    evening.places_source = undo.places_source
    validated(evening)
    evening.save(update_fields=["status", "places_source", "pot"])
    hooks.evening_changed(evening)
    return evening
