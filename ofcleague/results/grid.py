"""The points grid of an evening: rounds down, players across, entered a round at a time.

Every cell carries the value it was rendered with (``o_<seat>_<round>``), so after "changed
meanwhile" the page can tell the cells the user changed from those saved by someone else,
take the others' values where the user typed nothing new, and ask where both changed a cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from ofcleague.league.limits import ROUND_POINTS
from ofcleague.league.models import Status
from ofcleague.league.places import places_from_totals, tied_groups
from ofcleague.league.services import grid_problems, grid_totals, tie_break_problems
from ofcleague.results.forms import (
    WHOLE_NUMBER,
    ErrorSummaryMixin,
    VersionField,
    points_name,
    table_name,
    tie_break_name,
)

MINE, SAVED = "mine", "saved"


def original_name(seat_id: int, number: int) -> str:
    """The name of the hidden field holding a cell's value as the page showed it."""
    return f"o_{seat_id}_{number}"


def keep_name(seat_id: int, number: int) -> str:
    """The name of the choice between the user's and the saved value of a conflicting cell."""
    return f"keep_{seat_id}_{number}"


def _as_int(value) -> int | None:
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return None


def _same(first, second) -> bool:
    """Whether two typed values mean the same (" 5" and "5"; "" and None)."""
    first, second = ("" if v is None else str(v).strip() for v in (first, second))
    return first == second or (_as_int(first) is not None and _as_int(first) == _as_int(second))


@dataclass
class Merge:
    """What a merge after "changed meanwhile" did: cells that took the saved value, and cells
    both sides changed (``(seat, round)`` pairs)."""

    taken: set = field(default_factory=set)
    conflicts: list = field(default_factory=list)


def merge_saved(data, seats, rounds: int, scores, hand_rounds=frozenset()) -> tuple[dict, Merge]:
    """The posted grid merged with what is saved now.

    A cell the user left as it was shown takes the saved value; a cell only the user changed
    keeps the user's value; a cell both changed keeps the user's value and becomes a conflict,
    which saving again needs a choice for. The originals become the saved values. Rounds
    played at the tables (``hand_rounds``) are read-only: they take the saved values and never
    offer a choice, because saving would not keep the user's.
    """
    data = data.copy()
    merge = Merge()
    for seat in seats:
        for number in range(1, rounds + 1):
            score = scores.get((seat.pk, number))
            saved = "" if score is None else str(score.points)
            name, original = points_name(seat.pk, number), original_name(seat.pk, number)
            mine = data.get(name, "")
            shown = data.get(original)
            if number in hand_rounds:
                data[name] = data[original] = saved
                data.pop(keep_name(seat.pk, number), None)
                continue
            if shown is not None and _same(mine, shown):
                if not _same(mine, saved):
                    merge.taken.add((seat.pk, number))
                data[name] = saved
            elif not (_same(mine, saved) or (shown is not None and _same(saved, shown))):
                merge.conflicts.append((seat.pk, number))
            data[original] = saved
            data.pop(keep_name(seat.pk, number), None)
    data["conflicts"] = " ".join(f"{seat}_{number}" for seat, number in merge.conflicts)
    return data, merge


def _parse_conflicts(text) -> list[tuple[int, int]]:
    cells = []
    for item in str(text or "").split():
        seat, _sep, number = item.partition("_")
        if seat.isdigit() and number.isdigit():
            cells.append((int(seat), int(number)))
    return cells


@dataclass
class Cell:
    """One player's cell of a round: the fields and how the page marks it."""

    seat: object
    points: forms.BoundField
    table: forms.BoundField
    original: forms.BoundField
    keep: forms.BoundField | None = None
    taken: bool = False


@dataclass
class Round:
    """One round of the grid as the page shows it."""

    number: int
    cells: list
    sum: str | None
    complete: bool
    errors: list

    @property
    def off(self) -> bool:
        return bool(self.errors) or (self.complete and self.sum not in ("0", None))


class PointsGridForm(ErrorSummaryMixin, forms.Form):
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
            for cell in _parse_conflicts(data.get("conflicts"))
            if cell[0] in {seat.pk for seat in seats} and cell[1] in self.numbers
        ]
        for number in self.numbers:
            for seat in seats:
                self._add_cell(seat, number, scores.get((seat.pk, number)))
        for seat in seats:
            self.fields[tie_break_name(seat.pk)] = forms.TypedChoiceField(
                choices=[("", _("shared place"))]
                + [(position, str(position)) for position in range(1, len(seats) + 1)],
                coerce=int,
                empty_value=None,
                required=False,
                initial=seat.tie_break,
                label=seat.player.name,
                widget=forms.Select(attrs={"class": "tie-break-input", "data-seat": seat.pk}),
            )

    def _add_cell(self, seat, number, score):
        name = seat.player.name
        label = _("%(player)s, round %(round)s") % {"player": name, "round": number}
        table_label = _("Table of %(player)s, round %(round)s") % {"player": name, "round": number}
        # type=number: on iPhones the only keyboard with digits and a minus sign; a text that
        # is no whole number stays in the field and the script answers it (see points.js).
        self.fields[points_name(seat.pk, number)] = forms.IntegerField(
            required=False,
            min_value=ROUND_POINTS.low,
            max_value=ROUND_POINTS.high,
            initial=score.points if score else None,
            disabled=number in self.hand_rounds,
            label=label,
            error_messages={"invalid": WHOLE_NUMBER},
            widget=forms.NumberInput(
                attrs={
                    "aria-label": label,
                    "step": "1",
                    "class": "points-input",
                    "enterkeyhint": "next",
                    "autocomplete": "off",
                    "data-seat": seat.pk,
                    "data-round": number,
                    "data-player": name,
                }
            ),
        )
        self.fields[original_name(seat.pk, number)] = forms.CharField(
            required=False,
            initial="" if score is None else str(score.points),
            widget=forms.HiddenInput,
        )
        self.fields[table_name(seat.pk, number)] = forms.IntegerField(
            required=False,
            min_value=1,
            max_value=len(self.seats),
            initial=score.table if score else None,
            disabled=number in self.hand_rounds,
            label=table_label,
            error_messages={"invalid": WHOLE_NUMBER},
            widget=forms.NumberInput(
                attrs={"aria-label": table_label, "step": "1", "class": "table-input"}
            ),
        )
        if (seat.pk, number) in self.conflict_cells:
            mine = self.data.get(points_name(seat.pk, number), "")
            saved = self.data.get(original_name(seat.pk, number), "")
            self.fields[keep_name(seat.pk, number)] = forms.ChoiceField(
                label=label,
                choices=[
                    (MINE, _("yours: %(value)s") % {"value": mine or "–"}),
                    (SAVED, _("saved meanwhile: %(value)s") % {"value": saved or "–"}),
                ],
                widget=forms.RadioSelect(attrs={"class": "keep-input"}),
                error_messages={
                    "required": _("You both changed this value: choose which one to keep.")
                },
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
                saved = _as_int(self.cleaned_data.get(original_name(seat, number)))
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
        if None in values or not sum(values):
            return []
        originals = [
            _as_int(self.cleaned_data.get(original_name(seat.pk, number))) for seat in self.seats
        ]
        if None in originals or sum(originals):
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

    # What the page shows ---------------------------------------------------------------------

    def _typed(self, seat_id, number) -> int | None:
        return _as_int(self[points_name(seat_id, number)].value())

    def _typed_totals(self) -> dict[int, int]:
        """Each seat's total of what is typed now; seats without any value are left out."""
        totals = {}
        for seat in self.seats:
            entered = [self._typed(seat.pk, n) for n in self.numbers]
            entered = [value for value in entered if value is not None]
            if entered:
                totals[seat.pk] = sum(entered)
        return totals

    def complete(self) -> bool:
        """Whether every round is fully typed in (then the main button finishes)."""
        return all(
            self._typed(seat.pk, number) is not None
            for seat in self.seats
            for number in self.numbers
        )

    def rounds(self) -> list[Round]:
        """Per round: its cells, the sum of what is typed (``None`` while empty) and problems."""
        taken = self.merge.taken if self.merge else set()
        result = []
        for number in self.numbers:
            cells = [
                Cell(
                    seat=seat,
                    points=self[points_name(seat.pk, number)],
                    table=self[table_name(seat.pk, number)],
                    original=self[original_name(seat.pk, number)],
                    keep=self[keep_name(seat.pk, number)]
                    if (seat.pk, number) in self.conflict_cells
                    else None,
                    taken=(seat.pk, number) in taken,
                )
                for seat in self.seats
            ]
            values = [self._typed(seat.pk, number) for seat in self.seats]
            entered = [value for value in values if value is not None]
            total = sum(entered)
            shown = (f"{total:+d}" if total else "0") if entered else None
            complete = len(entered) == len(values)
            result.append(Round(number, cells, shown, complete, self.round_errors.get(number, [])))
        return result

    def standings(self):
        """Per player: the seat, the total so far and the place so far (none without points)."""
        totals = self._typed_totals()
        places = places_from_totals(totals, self._tie_breaks_typed()) if totals else {}
        return [(seat, totals.get(seat.pk), places.get(seat.pk)) for seat in self.seats]

    def _tie_breaks_typed(self):
        return {seat.pk: _as_int(self[tie_break_name(seat.pk)].value()) for seat in self.seats}

    def _ties(self) -> set:
        """The seats tied now; ties count only once every round is in."""
        if not self.complete():
            return set()
        return {seat for group in tied_groups(self._typed_totals()) for seat in group}

    def tie_rows(self):
        """Per player: the seat, its tie-break field, its total so far and whether it is tied
        now (only then the page shows the field; the script shows it as ties appear)."""
        totals, tied = self._typed_totals(), self._ties()
        return [
            (seat, self[tie_break_name(seat.pk)], totals.get(seat.pk), seat.pk in tied)
            for seat in self.seats
        ]

    def has_ties(self):
        """Whether players are tied on a complete grid."""
        return bool(self._ties())

    def has_tables(self):
        """Whether any table is given (or wrong), so the table section opens by itself."""
        return any(
            self[table_name(seat.pk, number)].value() not in (None, "")
            for seat in self.seats
            for number in self.numbers
        )

    def script_labels(self) -> dict:
        """The words points.js shows, in the page's language."""
        return {
            "wholeNumber": str(WHOLE_NUMBER),
            # %(value)s is the value that makes the round add up to zero, e.g. "-12".
            "offer": str(_("Fill in %(value)s: the round adds up to zero")),
        }

    def merge_message(self) -> str:
        """What the page says after merging with values saved meanwhile."""
        if self.conflict_cells:
            return ngettext(
                "Someone else saved this evening meanwhile. Their values are in where you "
                "changed nothing; %(count)s value was changed by both of you: choose which "
                "one to keep, then save.",
                "Someone else saved this evening meanwhile. Their values are in where you "
                "changed nothing; %(count)s values were changed by both of you: choose which "
                "one to keep, then save.",
                len(self.conflict_cells),
            ) % {"count": len(self.conflict_cells)}
        return str(
            _(
                "Someone else saved this evening meanwhile. Their values are in where you "
                "changed nothing, and your changes are kept: check and save again."
            )
        )
