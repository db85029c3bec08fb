"""A form that remembers what it showed, and its merge after someone else saved meanwhile.

The points page does this for its grid (``results/merge.py``); this is the same rule for any
form of fields: each field named in ``read_at`` gets a hidden twin (``shown-<name>``) holding
the value as the page showed it. When the thing was saved by someone else after the page was
read (its version moved on, or a value stored now is not the one shown), the posted form is
merged with what is stored now, field by field:

- a field this person left as shown takes the value stored now (the other person's change);
- a field only this person changed keeps this person's value;
- a field both changed keeps this person's value and is named, with the value stored now,
  next to the field, so saving again is a decision, never a silent loss.

The merged form is shown again (nothing is saved) with a message saying what happened, like
the points page. The twins then hold the values stored now, so saving again goes through.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ofcleague.web.form_mixin import FormMixin

SHOWN = "shown-"


def shown_name(name: str) -> str:
    """The hidden twin of field ``name``: its value as the page showed it."""
    return f"{SHOWN}{name}"


def _as_posted(bound) -> list[str]:
    """What a browser posts for this field as the page shows it (a list: a multiple choice
    posts several values, a checkbox that is not ticked none)."""
    widget = bound.field.widget
    value = bound.value()
    if isinstance(widget, forms.CheckboxInput):
        return ["on"] if widget.check_test(value) else []
    if getattr(widget, "allow_multiple_selected", False):
        return [str(item) for item in (value or [])]
    if value is None:
        return [""]
    shown = widget.format_value(value)
    return [str(value) if shown is None else str(shown)]


def _posted(data, name: str) -> list[str]:
    return data.getlist(name) if hasattr(data, "getlist") else [data.get(name, "")]


def _same(form_field, first: list[str], second: list[str]) -> bool:
    """Whether two posted values mean the same to the field ("5" and " 5", "10" and "10.00",
    the same choices in another order)."""
    first = [str(item).strip() for item in first]
    second = [str(item).strip() for item in second]
    if getattr(form_field.widget, "allow_multiple_selected", False):
        return sorted(first) == sorted(second)
    if isinstance(form_field.widget, forms.CheckboxInput):
        return bool(first) == bool(second)
    if first == second:
        return True
    one, other = (items[0] if items else "" for items in (first, second))
    try:
        return form_field.to_python(one) == form_field.to_python(other)
    except (forms.ValidationError, ArithmeticError):
        # Garbage is never the same as anything ("SNAN" reads as a signalling NaN, which
        # refuses to be compared at all).
        return False


class ReadAtMixin(FormMixin):
    """A form whose fields in ``read_at`` carry the value they were shown with.

    Call :meth:`add_read_at` at the end of ``__init__``; the page renders
    ``form.read_at_fields`` (``results/_read_at.html``) inside the form.
    """

    read_at: tuple[str, ...] = ()

    def add_read_at(self) -> None:
        shown = {name: json.dumps(_as_posted(self[name])) for name in self.read_at}
        for name in self.read_at:
            self.fields[shown_name(name)] = forms.CharField(
                required=False, widget=forms.HiddenInput, initial=shown[name]
            )

    def read_at_fields(self):
        return [self[shown_name(name)] for name in self.read_at]

    def shown_values(self) -> dict[str, list[str] | None]:
        """The posted twins: the values the page showed (None where a twin is missing)."""
        return _shown_of(self.data, self)

    def stored_values(self) -> dict[str, list[str]]:
        """The values this (unbound) form shows: what is stored now."""
        return {name: _as_posted(self[name]) for name in self.read_at}


@dataclass
class Merge:
    """What the merge did: fields that took the stored value, and fields both changed (each
    with the value stored now as the page shows it)."""

    taken: list = field(default_factory=list)
    conflicts: dict = field(default_factory=dict)


def shown_is_stored(posted_form: ReadAtMixin, stored_form: ReadAtMixin) -> bool:
    """Whether every value the page showed is still the one stored (an old page without the
    twins counts as stored: it cannot be told)."""
    shown = posted_form.shown_values()
    stored = stored_form.stored_values()
    return all(
        (seen := shown[name]) is None or _same(stored_form.fields[name], seen, stored[name])
        for name in stored_form.read_at
    )


def merge_with_stored(data, stored_form: ReadAtMixin) -> tuple[dict, Merge]:
    """The posted ``data`` merged with what ``stored_form`` (built unbound from what is stored
    now) shows, field by field (module docstring). Returns the merged data, whose twins
    hold the stored values, and what the merge did."""
    merged = data.copy()
    merge = Merge()
    shown = _shown_of(data, stored_form)
    for name, stored in stored_form.stored_values().items():
        form_field = stored_form.fields[name]
        mine = _posted(data, name)
        seen = shown[name]
        if seen is not None and _same(form_field, mine, seen):
            if not _same(form_field, mine, stored):
                merge.taken.append(name)
            _put(merged, name, stored)
        elif not _same(form_field, mine, stored) and not (
            seen is not None and _same(form_field, stored, seen)
        ):
            merge.conflicts[name] = _readable(stored_form[name], stored)
        merged[shown_name(name)] = json.dumps(stored)
    if "version" in stored_form.fields:
        # The version read now: saving the merged form again is a decision taken on it.
        merged["version"] = str(stored_form["version"].value())
    return merged, merge


def _shown_of(data, form) -> dict[str, list[str] | None]:
    values: dict[str, list[str] | None] = {}
    for name in form.read_at:
        try:
            values[name] = [str(item) for item in json.loads(data.get(shown_name(name)))]
        except (TypeError, ValueError, AttributeError):
            values[name] = None
    return values


def _put(data, name: str, values: list[str]) -> None:
    if hasattr(data, "setlist"):
        data.setlist(name, values)
    else:
        data[name] = values[0] if values else ""


def _readable(bound, values: list[str]) -> str:
    """A stored value as a person reads it: a choice by its label, a tick as yes or no."""
    widget = bound.field.widget
    if isinstance(widget, forms.CheckboxInput):
        return _("yes") if values else _("no")
    choices = {str(key): str(label) for key, label in getattr(bound.field, "choices", ())}
    shown = [choices.get(value, value) for value in values if value != ""]
    return ", ".join(shown) or "–"


def tell_merge(form, merge: Merge) -> None:
    """Put what the merge did on the re-shown form: a message above it, and at each field
    both changed the value stored now (the form keeps this person's value there)."""
    for name, stored in merge.conflicts.items():
        form.add_error(
            name,
            _(
                "Changed meanwhile to “%(value)s”. Your value is kept here: save again to "
                "keep it, or put back the value saved meanwhile."
            )
            % {"value": stored},
        )
    form.add_error(None, merge_message(len(merge.conflicts)))


def merge_message(conflicts: int) -> str:
    """What the page says above a form merged with what was saved meanwhile."""
    if conflicts:
        return ngettext(
            "Someone else saved this meanwhile. Their values are in where you changed "
            "nothing; %(count)s value was changed by both of you: see below, then save.",
            "Someone else saved this meanwhile. Their values are in where you changed "
            "nothing; %(count)s values were changed by both of you: see below, then save.",
            conflicts,
        ) % {"count": conflicts}
    return _(
        "Someone else saved this meanwhile. Their values are in where you changed nothing, "
        "and your changes are kept: check and save again."
    )


def read_before(request, version: int) -> bool:
    """Whether the page posted was read at another version than ``version`` (only a plain
    version number can be stale; anything else is the form's to refuse)."""
    posted = request.POST.get("version", "")
    plain = posted.isascii() and posted.isdigit() and len(posted) <= 18
    return request.method == "POST" and plain and int(posted) != version


def merged_form(data, make_form):
    """The form to show again after someone else saved meanwhile: ``make_form(data)`` builds
    the form bound to ``data`` or, with None, unbound from what is stored now."""
    stored_form = make_form(None)
    merged, merge = merge_with_stored(data, stored_form)
    form = make_form(merged)
    form.is_valid()
    tell_merge(form, merge)
    return form


def submit_key_field() -> forms.UUIDField:
    """The hidden key of a form that makes a new thing: a new key each time the page is
    read, the same key however often that page is sent (a double tap, Back and send again),
    so the service finds what the first send made instead of making it twice."""
    return forms.UUIDField(required=False, widget=forms.HiddenInput, initial=uuid.uuid4)
