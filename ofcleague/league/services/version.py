"""The optimistic lock every write claims first, and the small helpers every write uses.

A caller passes the version it read; when someone else saved the evening meanwhile, the
conditional ``UPDATE ... WHERE version = read_version`` touches no row and the write is refused
with :class:`EveningChanged`, so nobody silently overwrites anybody.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connections, router
from django.db.models import F
from django.utils.translation import gettext as _
from simple_history.utils import get_history_manager_for_model

from ofcleague.league.clock import league_zone, skipped_start_problem
from ofcleague.league.models import Evening, EveningPlayer
from ofcleague.league.text import clean_free_text
from ofcleague.web.league_writes import league_write


class EveningChanged(ValidationError):
    """Someone else saved the evening after the caller read it; nothing was written."""

    def __init__(self):
        super().__init__(
            _(
                "Someone else changed this evening meanwhile. Your input is still here; "
                "check the evening page for the current values, then save again to overwrite "
                "them or leave this page to keep them."
            ),
            code="changed_meanwhile",
        )


def claim_evening(evening: Evening, read_version: int) -> Evening:
    """Bump the evening's version if it is still the one the caller read, else refuse.

    Returns the evening as stored now: the services work on fresh rows, never on the caller's
    object (which may carry prefetched seats that are gone, and must not change when a write
    is refused).
    """
    updated = Evening.objects.filter(pk=evening.pk, version=read_version).update(
        version=F("version") + 1
    )
    if updated == 0:
        raise EveningChanged()
    # Every change to an evening claims it first: as a league write's first changed row, it
    # gives the league a new version (its pages go stale once this commits).
    return Evening.objects.get(pk=evening.pk)


def claim_locked_evening(evening: Evening) -> Evening:
    """:func:`claim_evening` for ``evening`` as this write read it under its lock (the table's
    writes: ``lock_evening``), or as this write's last change returned it: nobody can have
    saved it since, so its version moves on without reading the row again."""
    Evening.objects.filter(pk=evening.pk).update(version=F("version") + 1)
    evening.version += 1
    return evening


def evening_of_form(league_id, submit_key) -> Evening | None:
    """The evening an earlier send of the same form made (its hidden key), if any."""
    if submit_key is None:
        return None
    return Evening._base_manager.filter(league_id=league_id, submit_key=submit_key).first()


def save_new_evening(evening: Evening, submit_key) -> Evening:
    """Save a new evening under the key of the form that made it, and return it; when the
    same form's other send saved first (both at once), return that one (nothing new).
    A key another league's evening holds is no key of this form's: the evening gets none."""
    holder = None
    if submit_key is not None:
        holder = Evening._base_manager.filter(submit_key=submit_key).first()
    if holder is not None and holder.league_id == evening.league_id:
        return holder
    if holder is not None:
        submit_key = None
    evening.submit_key = submit_key
    try:
        with league_write():
            evening.save()
    except IntegrityError:
        earlier = evening_of_form(evening.league_id, submit_key)
        if earlier is None:
            raise
        return earlier
    return evening


def fresh_seats(evening: Evening) -> list[EveningPlayer]:
    """The evening's seats, read fresh."""
    return list(
        EveningPlayer.objects.filter(evening=evening).select_related("player").order_by("pk")
    )


def validated(instance, exclude: Sequence[str] = ()):
    """The instance after its field validation (the limits) and its ``clean()``: every write
    runs it first. An evening's free text loses its invisible control and bidi characters
    first (text.py), whichever way it came.

    Uniqueness and check constraints are left to the database here: validating them in
    Python costs a query per row and constraint, and the field validators already hold the
    same limits (``ofcleague/league/limits.py``), so a refusal comes as a message. The fields
    in ``exclude`` are not validated: a foreign key the write has just read in the same
    transaction (validating it costs a query per row, to find what is known to be there).
    """
    if isinstance(instance, Evening):
        instance.location = clean_free_text(instance.location)
        instance.notes = clean_free_text(instance.notes, multiline=True)
        _refuse_a_skipped_start(instance)
    # The league is the services' to set, never the user's: no query to find it again.
    exclude = [*exclude, "league"]
    instance.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)
    return instance


def _refuse_a_skipped_start(evening) -> None:
    """An evening cannot start at a local time the league's clock skips (spring forward)."""
    league = Evening._meta.get_field("league").get_cached_value(evening, None)
    problem = skipped_start_problem(evening.date, evening.start_time, league_zone(league))
    if problem:
        raise ValidationError({"start_time": problem}, code="skipped_time")


def save_changed(instance, values: Mapping[str, object], *, check: bool = False) -> bool:
    """Set the fields whose value differs and save only those: where nothing changed there
    is no write and no history record. ``check`` runs :func:`validated` before the save.
    Returns whether anything was saved."""
    changed = [name for name, value in values.items() if getattr(instance, name) != value]
    if not changed:
        return False
    for name in changed:
        setattr(instance, name, values[name])
    if check:
        validated(instance)
    instance.save(update_fields=changed)
    return True


def save_all_changed(rows: Sequence[tuple[object, Mapping[str, object]]]) -> int:
    """:func:`save_changed` for many rows of one model, each with its values: the rows where
    something changed are saved in one UPDATE, their history records in one INSERT (the
    fields saved are those that changed in any of them). Returns how many rows changed."""
    changed_rows, fields = [], set()
    for instance, values in rows:
        changed = [name for name, value in values.items() if getattr(instance, name) != value]
        for name in changed:
            setattr(instance, name, values[name])
        if changed:
            changed_rows.append(instance)
            fields.update(changed)
    if changed_rows:
        update_all(type(changed_rows[0]), changed_rows, sorted(fields))
    return len(changed_rows)


def update_all(model, rows: Sequence, fields: Sequence[str]) -> None:
    """Save ``fields`` of ``rows`` (instances of ``model`` read in this write), each row's own
    values, and add their history records in one INSERT.

    Django's ``bulk_update`` builds one ``CASE WHEN`` expression per field over every row,
    which costs more to compile than the database takes to run it; the rows of a write are a
    few (the seats of an evening), so this sends one plain ``UPDATE ... WHERE id = %s`` for
    each of them, prepared once. No signals, as with ``bulk_update``."""
    if not rows:
        return
    meta = model._meta
    connection = connections[router.db_for_write(model)]
    quote = connection.ops.quote_name
    columns = [meta.get_field(name) for name in fields]
    assignments = ", ".join(f"{quote(field.column)} = %s" for field in columns)
    sql = f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {quote(meta.pk.column)} = %s"
    values = [
        [
            *(field.get_db_prep_save(getattr(row, field.attname), connection) for field in columns),
            row.pk,
        ]
        for row in rows
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, values)
    history_of(model).bulk_history_create(rows, update=True, default_change_reason=None)


def create_all(model, rows: Sequence) -> list:
    """New ``rows`` of ``model`` in one INSERT, their history records in one more (both
    databases return the new rows' keys from the INSERT)."""
    if not rows:
        return []
    made = model._default_manager.bulk_create(list(rows))
    history_of(model).bulk_history_create(made, default_change_reason=None)
    return made


@functools.cache
def history_of(model):
    """The manager that writes ``model``'s history records. simple_history makes a new
    manager class each time ``model.history`` is read; this one is made once."""
    return get_history_manager_for_model(model)


def and_join(items: Sequence[str]) -> str:
    """The items joined as "1, 2 and 3" in the current language."""
    if len(items) < 2:
        return "".join(items)
    return _("%(rest)s and %(last)s") % {"rest": ", ".join(items[:-1]), "last": items[-1]}
