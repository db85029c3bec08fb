"""One hand's results at a table: what the pad sends for each seat, checked and scored into
the fields of the hand's HandResult rows (by the rule set's engine for boards)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ofcleague.league.limits import HAND_POINTS
from ofcleague.rules.presenters import error_message
from ofcleague.scoring import RuleSet, ScoringError, fantasyland
from ofcleague.scoring.table import Board, score_boards
from ofcleague.scoring.zero_sum import off_by
from ofcleague.table.models import Entry, Hand, TableSeat


@dataclass(frozen=True)
class ResultInput:
    """What the pad sends for one seat: points (points only) or the board (boards)."""

    seat: int
    points: int | None = None
    front: str = ""
    middle: str = ""
    back: str = ""
    fouled: bool = False
    surrender: bool = False
    #: Points only: the Fantasyland cards the player earned for the next hand (the tick).
    fantasyland_next: int | None = None


def result_fields(
    rules: RuleSet,
    seats: Sequence[TableSeat],
    entry: str,
    results: Sequence[ResultInput],
    in_fantasyland: Mapping[int, int | None],
) -> dict[int, dict]:
    """The HandResult fields per EveningPlayer id, checked; raises ValidationError."""
    by_seat = {result.seat: result for result in results}
    if len(by_seat) != len(results) or set(by_seat) != {seat.position for seat in seats}:
        raise ValidationError(_("Give a result for every player at this table, and only them."))
    if entry == Entry.BOARDS:
        return result_fields_from_boards(rules, seats, by_seat, in_fantasyland)
    if entry != Entry.POINTS:
        raise ValidationError(_("A hand is entered as points or as boards."))
    fields: dict[int, dict[str, Any]] = {}
    for seat in seats:
        given = by_seat[seat.position]
        name = seat.evening_player.player.name
        in_fl = in_fantasyland.get(seat.evening_player_id)
        allowed = fantasyland.allowed_cards(rules, in_fantasyland=in_fl is not None)
        if given.points is None:
            raise ValidationError(_("%(name)s has no points for this hand.") % {"name": name})
        if given.points not in HAND_POINTS:
            raise ValidationError(
                _("Points of a hand lie between %(low)s and %(high)s.")
                % {"low": HAND_POINTS.low, "high": HAND_POINTS.high}
            )
        if given.fantasyland_next is not None and given.fantasyland_next not in allowed:
            if in_fl is not None and allowed:
                raise ValidationError(
                    _("%(name)s plays Fantasyland now: staying gets %(cards)s cards.")
                    % {"name": name, "cards": fantasyland.stay_cards(rules)}
                )
            raise ValidationError(
                _("These rules have no Fantasyland with %(cards)s cards.")
                % {"cards": given.fantasyland_next}
            )
        fields[seat.evening_player_id] = {
            "points": given.points,
            "fouled": given.fouled,
            "surrendered": given.surrender,
            "fantasyland": in_fl,
            "fantasyland_next": given.fantasyland_next,
            "front": "",
            "middle": "",
            "back": "",
            "royalties": None,
            "scoops": None,
        }
    if total := off_by(field["points"] for field in fields.values()):
        raise ValidationError(
            _("The points of a hand add up to zero at its table: these are off by %(diff)s.")
            % {"diff": f"{total:+d}"}
        )
    return fields


def result_fields_from_boards(rules, seats, by_seat, in_fantasyland) -> dict[int, dict]:
    boards = [
        Board(
            seat.evening_player.player.name,
            by_seat[seat.position].front,
            by_seat[seat.position].middle,
            by_seat[seat.position].back,
            by_seat[seat.position].surrender,
        )
        for seat in seats
    ]
    dealt = [in_fantasyland.get(seat.evening_player_id) for seat in seats]
    try:
        outcomes = score_boards(rules, boards, dealt)
    except ScoringError as error:
        message = error_message(error)
        if error.player is not None:
            message = f"{boards[error.player].name}: {message}"
        raise ValidationError(message, code="bad_board") from None
    return {
        seat.evening_player_id: {**outcome._asdict(), "fantasyland": in_fl}
        for seat, outcome, in_fl in zip(seats, outcomes, dealt, strict=True)
    }


def fantasyland_after(hand: Hand | None) -> dict[int, int | None]:
    """Who plays Fantasyland in the hand after ``hand``, and with how many cards."""
    if hand is None:
        return {}
    return {result.evening_player_id: result.fantasyland_next for result in hand.results.all()}
