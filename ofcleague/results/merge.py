"""The points grid after "changed meanwhile": the user's grid merged with what is saved.

Every cell carries the value it was rendered with (``o_<seat>_<round>``), so the page can
tell the cells the user changed from those saved by someone else, take the others' values
where the user typed nothing new, and ask where both changed a cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from ofcleague.results.forms import points_name

MINE, SAVED = "mine", "saved"


def original_name(seat_id: int, number: int) -> str:
    """The name of the hidden field holding a cell's value as the page showed it."""
    return f"o_{seat_id}_{number}"


def keep_name(seat_id: int, number: int) -> str:
    """The name of the choice between the user's and the saved value of a conflicting cell."""
    return f"keep_{seat_id}_{number}"


def as_int(value) -> int | None:
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return None


def _same(first, second) -> bool:
    """Whether two typed values mean the same (" 5" and "5"; "" and None)."""
    first, second = ("" if v is None else str(v).strip() for v in (first, second))
    return first == second or (as_int(first) is not None and as_int(first) == as_int(second))


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


def parse_conflicts(text) -> list[tuple[int, int]]:
    cells = []
    for item in str(text or "").split():
        seat, _sep, number = item.partition("_")
        if seat.isdigit() and number.isdigit():
            cells.append((int(seat), int(number)))
    return cells


def keep_field(label, mine, saved) -> forms.ChoiceField:
    """The choice between the user's value of a cell and the one saved meanwhile."""
    return forms.ChoiceField(
        label=label,
        # Each radio names its cell ("Anna, round 1: yours 5"): read alone, it still says
        # which player and round it is about.
        choices=[
            (MINE, _("%(cell)s: yours %(value)s") % {"cell": label, "value": mine or "–"}),
            (
                SAVED,
                _("%(cell)s: saved meanwhile %(value)s") % {"cell": label, "value": saved or "–"},
            ),
        ],
        widget=forms.RadioSelect(attrs={"class": "keep-input"}),
        error_messages={"required": _("You both changed this value: choose which one to keep.")},
    )


def merge_message(conflicts: int) -> str:
    """What the page says after merging with values saved meanwhile (``conflicts``: the
    cells both changed)."""
    if conflicts:
        return ngettext(
            "Someone else saved this evening meanwhile. Their values are in where you "
            "changed nothing; %(count)s value was changed by both of you: choose which "
            "one to keep, then save.",
            "Someone else saved this evening meanwhile. Their values are in where you "
            "changed nothing; %(count)s values were changed by both of you: choose which "
            "one to keep, then save.",
            conflicts,
        ) % {"count": conflicts}
    return str(
        _(
            "Someone else saved this evening meanwhile. Their values are in where you "
            "changed nothing, and your changes are kept: check and save again."
        )
    )
