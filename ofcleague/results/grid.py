"""The points grid of an evening: rounds down, players across, entered a round at a time.

This module holds the form's fields and their checks; what the page shows of them is in
``grid_shown.py``, the merge with values saved meanwhile in ``merge.py``.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ofcleague.league.limits import ROUND_POINTS
from ofcleague.league.models import Status
from ofcleague.league.rule_set import evening_rule_set
from ofcleague.league.services import grid_problems, grid_totals, tie_break_problems
from ofcleague.results.forms import (
    WHOLE_NUMBER,
    ErrorSummaryMixin,
    VersionField,
    points_name,
    table_name,
    tie_break_name,
)
from ofcleague.results.grid_shown import GridShown
from ofcleague.results.merge import (
    SAVED,
    as_int,
    keep_field,
    keep_name,
    merge_message,
    original_name,
    parse_conflicts,
)
from ofcleague.scoring.zero_sum import adds_up


def _points_field(seat, number, label, initial, *, disabled) -> forms.IntegerField:
    """A cell's points. type=number: on iPhones the only keyboard with digits and a minus
    sign; a text that is no whole number stays in the field and the script answers it (see
    points.js)."""
    return forms.IntegerField(
        required=False,
        min_value=int(ROUND_POINTS.low),
        max_value=int(ROUND_POINTS.high),
        initial=initial,
        disabled=disabled,
        label=label,
        error_messages={"invalid": WHOLE_NUMBER},
        widget=_read_only(disabled)(
            attrs={
                "aria-label": label,
                "step": "1",
                "class": "points-input",
                "enterkeyhint": "next",
                "autocomplete": "off",
                "data-seat": seat.pk,
                "data-round": number,
                "data-player": seat.player.name,
            }
        ),
    )


def _read_only(disabled):
    """A cell's widget: a number field, or for a round played on the pad a hidden value
    (the page shows it as text; the script still counts it into the totals)."""
    return forms.HiddenInput if disabled else forms.NumberInput


def _table_field(label, initial, tables, *, disabled) -> forms.IntegerField:
    """The table a cell's player sat at (1 to ``tables``)."""
    return forms.IntegerField(
        required=False,
        min_value=1,
        max_value=tables,
        initial=initial,
        disabled=disabled,
        label=label,
        error_messages={"invalid": WHOLE_NUMBER},
        widget=_read_only(disabled)(
            attrs={"aria-label": label, "step": "1", "class": "table-input"}
        ),
    )


def _tie_break_field(seat, seats: int) -> forms.TypedChoiceField:
    """The position the table decided for a player tied on points (empty: a shared place)."""
    return forms.TypedChoiceField(
        choices=[("", _("shared place"))]
        + [(position, str(position)) for position in range(1, seats + 1)],
        coerce=int,
        empty_value=None,
        required=False,
        initial=seat.tie_break,
        label=seat.player.name,
        widget=forms.Select(attrs={"class": "tie-break-input", "data-seat": seat.pk}),
    )


class PointsGridForm(GridShown, ErrorSummaryMixin, forms.Form):
    """Points per round (rows) and player (columns), with an optional table per cell.

    The ``finish`` button closes the evening and pays the pot by the league's default split,
    ``finish_prizes`` closes it and leads to the prize page; both need every round. Players
    tied on points get a position decided at the table (empty: they share a place).
    """

    def __init__(
        self, *args, evening, seats, scores=None, merge=None, hand_rounds=frozenset(), **kwargs
    ):
        scores = scores or {}
        super().__init__(*args, **kwargs)
        self.evening, self.seats = evening, seats
        # Rounds played hand by hand: their points come from the hands, shown read-only.
        self.hand_rounds = sorted(hand_rounds)
        self.numbers = range(1, evening.rounds + 1)
        self.merge = merge
        self.finished = evening.status == Status.FINISHED
        data = self.data if self.is_bound else {}
        self.finishing = bool(self.is_bound and ("finish" in data or "finish_prizes" in data))
        self.default_prizes = bool(self.is_bound and "finish" in data)
        self.round_errors: dict[int, list[str]] = {}
        self.fields["version"] = VersionField(initial=evening.version)
        self.fields["conflicts"] = forms.CharField(required=False, widget=forms.HiddenInput)
        self.conflict_cells = [
            cell
            for cell in parse_conflicts(data.get("conflicts"))
            if cell[0] in {seat.pk for seat in seats} and cell[1] in self.numbers
        ]
        for number in self.numbers:
            for seat in seats:
                self._add_cell(seat, number, scores.get((seat.pk, number)))
        for seat in seats:
            self.fields[tie_break_name(seat.pk)] = _tie_break_field(seat, len(seats))

    def merge_message(self) -> str:
        """What the page says after merging with values saved meanwhile."""
        return merge_message(len(self.conflict_cells))

    def _add_cell(self, seat, number, score):
        name = seat.player.name
        label = _("%(player)s, round %(round)s") % {"player": name, "round": number}
        table_label = _("Table of %(player)s, round %(round)s") % {"player": name, "round": number}
        read_only = number in self.hand_rounds
        self.fields[points_name(seat.pk, number)] = _points_field(
            seat, number, label, score.points if score else None, disabled=read_only
        )
        self.fields[original_name(seat.pk, number)] = forms.CharField(
            required=False,
            initial="" if score is None else str(score.points),
            widget=forms.HiddenInput,
        )
        self.fields[table_name(seat.pk, number)] = _table_field(
            table_label, score.table if score else None, len(self.seats), disabled=read_only
        )
        if (seat.pk, number) in self.conflict_cells:
            self.fields[keep_name(seat.pk, number)] = keep_field(
                label,
                self.data.get(points_name(seat.pk, number), ""),
                self.data.get(original_name(seat.pk, number), ""),
            )

    def _grid(self, prefix_name) -> dict[int, dict[int, int | None]]:
        return {
            seat.pk: {
                number: self.cleaned_data.get(prefix_name(seat.pk, number))
                for number in self.numbers
            }
            for seat in self.seats
        }

    def points(self):
        """``points[seat_id][round]`` from the cleaned data."""
        return self._grid(points_name)

    def tables(self):
        """``tables[seat_id][round]`` from the cleaned data."""
        return self._grid(table_name)

    def tie_breaks(self) -> dict[int, int | None]:
        """``tie_breaks[seat_id]`` from the cleaned data (``None``: shared place)."""
        return {seat.pk: self.cleaned_data.get(tie_break_name(seat.pk)) for seat in self.seats}

    def _apply_choices(self):
        """Where both changed a cell and the user chose the saved value, take it."""
        for seat, number in self.conflict_cells:
            if self.cleaned_data.get(keep_name(seat, number)) == SAVED:
                saved = as_int(self.cleaned_data.get(original_name(seat, number)))
                self.cleaned_data[points_name(seat, number)] = saved

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        self._apply_choices()
        problems = grid_problems(
            [seat.pk for seat in self.seats],
            self.evening.rounds,
            self.points(),
            self.tables(),
            finish=self.finishing or self.finished,
            table_seats=evening_rule_set(self.evening).table_seats,
        )
        for (seat, number), message in problems.cells.items():
            self.add_error(points_name(seat, number), message)
        self.round_errors = {
            number: messages + self._one_cell_hint(number)
            for number, messages in problems.rounds.items()
        }
        for number in sorted(self.round_errors):
            for message in self.round_errors[number]:
                self.add_error(None, message)
        for message in problems.general:
            self.add_error(None, message)
        if not problems:
            totals = grid_totals([seat.pk for seat in self.seats], self.points())
            for seat, message in tie_break_problems(totals, self.tie_breaks()).items():
                self.add_error(tie_break_name(seat), message)
        return cleaned

    def _one_cell_hint(self, number) -> list[str]:
        """When one saved value of a full round was changed and the round no longer adds up,
        name the other cells: a correction in a round moves at least two values."""
        points = self.points()
        values = [points[seat.pk][number] for seat in self.seats]
        typed = [value for value in values if value is not None]
        if len(typed) < len(values) or adds_up(typed):
            return []
        originals = [
            as_int(self.cleaned_data.get(original_name(seat.pk, number))) for seat in self.seats
        ]
        stored = [value for value in originals if value is not None]
        if len(stored) < len(originals) or not adds_up(stored):
            return []
        changed = [
            seat for seat, value, shown in zip(self.seats, values, originals, strict=True)
            if value != shown
        ]  # fmt: skip
        if len(changed) != 1:
            return []
        others = ", ".join(seat.player.name for seat in self.seats if seat not in changed)
        return [
            _(
                "You changed only %(player)s in round %(round)s. Change another value of "
                "round %(round)s too (%(others)s): in a round that adds up to zero, two values "
                "always change together."
            )
            % {"player": changed[0].player.name, "round": number, "others": others}
        ]

    def error_anchor(self, message) -> str | None:
        """Round problems point at the round's first cell."""
        for number, messages in self.round_errors.items():
            if message in messages:
                return self[points_name(self.seats[0].pk, number)].auto_id
        return None
