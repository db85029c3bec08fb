"""What the points grid shows besides its fields: rounds with their sums, the standings so
far, ties and the words of its script, all from what is typed now."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ofcleague.league.places import places_from_totals, tied_groups
from ofcleague.results.forms import WHOLE_NUMBER, points_name, table_name, tie_break_name
from ofcleague.results.merge import as_int, keep_name, original_name
from ofcleague.web.form_mixin import FormMixin


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


class GridShown(FormMixin):
    """The page's view of a :class:`~ofcleague.results.grid.PointsGridForm` (a mixin: it
    reads the form's fields, seats, rounds, merge and conflicts)."""

    # Given by the form it is mixed into.
    seats: list[Any]
    numbers: range
    merge: Any
    conflict_cells: list[tuple[int, int]]
    round_errors: dict[int, list[str]]

    def _typed(self, seat_id, number) -> int | None:
        return as_int(self[points_name(seat_id, number)].value())

    def _typed_totals(self) -> dict[int, int]:
        """Each seat's total of what is typed now; seats without any value are left out."""
        totals = {}
        for seat in self.seats:
            typed = [self._typed(seat.pk, n) for n in self.numbers]
            entered = [value for value in typed if value is not None]
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
        return {seat.pk: as_int(self[tie_break_name(seat.pk)].value()) for seat in self.seats}

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
            # Return at the end of a round whose points do not add up; %(sum)s is e.g. "+14".
            "roundOff": str(_("Round %(round)s adds up to %(sum)s, not 0. Check its points.")),
        }
