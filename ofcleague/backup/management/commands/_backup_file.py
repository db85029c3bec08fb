"""Reading a backup file and checking its values before anything touches the database.

A damaged file, a file of another shape or a value its field refuses each give one line
(a :class:`CommandError` or a problem naming row and field), never a traceback from deep
inside ``json`` or ``loaddata``. Every value must have the JSON type the backup command writes
for its field (a whole number for a number, text for text, an id or a natural key for a link),
every id must fit its column, and every player's name passes the same normaliser as a typed one.
"""

from __future__ import annotations

import gzip
import json
import math
import zlib
from decimal import Decimal
from pathlib import Path

from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.core.management.base import CommandError
from django.core.validators import DecimalValidator, MaxLengthValidator
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext as _

from ofcleague.backup.writing import MOVED_LABELS, backup_models
from ofcleague.league.names import name_key, normalise_name
from ofcleague.standings.kept.models import CountsField, KeptCounters

#: Field types whose values the backup writes as JSON text.
TEXT_TYPES = {
    "CharField", "TextField", "SlugField", "EmailField", "URLField", "GenericIPAddressField",
    "DateField", "DateTimeField", "TimeField", "DurationField", "UUIDField",
}  # fmt: skip


def read_backup(path: Path) -> list[dict]:
    """The backup's objects, each checked to be a row of a backed-up model with its own id."""
    return checked_objects(path, read_json(path))


def read_json(path: Path):
    """The JSON the backup file at ``path`` holds, un-gzipped and parsed; one line on failure."""
    return _parse(path, _unpack(path))


def checked_objects(path: Path, objects, models=None) -> list[dict]:
    """``objects`` checked to be a list of rows of the backed-up ``models`` (all of them
    unless given), each with its own id."""
    if isinstance(objects, dict) and objects.get("format") == "ofc-league-backup":
        raise CommandError(f"{path} is the backup of one league: restore it with --league.")
    if not isinstance(objects, list):
        raise CommandError(f"{path} is not a backup: it holds no list of rows.")
    if not objects:
        raise CommandError(f"{path} is not a backup: its list of rows is empty.")
    models_by_label = {model._meta.label_lower: model for model in models or backup_models()}
    seen: dict[tuple, int] = {}
    for number, item in enumerate(objects, 1):
        if not (
            isinstance(item, dict)
            and isinstance(item.get("model"), str)
            and isinstance(item.get("fields"), dict)
        ):
            raise CommandError(f"{path} is not a backup: object {number} is not a table row.")
        item["model"] = MOVED_LABELS.get(item["model"].lower(), item["model"])
        model = models_by_label.get(item["model"].lower())
        if model is None:
            raise CommandError(
                f"{path} is not a backup of this site: object {number} belongs to "
                f"{_shown(item['model'])}, which no backup holds."
            )
        if "pk" not in item:
            raise CommandError(
                f"{path} is not a backup: object {number} ({model._meta.label}) has no id."
            )
        if _wrong_id(model._meta.pk, item["pk"]):
            raise CommandError(
                f"{path} is not a backup: object {number} ({model._meta.label}) has no usable "
                f"id: {_shown(item['pk'])}."
            )
        other = seen.setdefault((model, item["pk"]), number)
        if other != number:
            raise CommandError(
                f"{path} is not a backup: object {number} repeats object {other} "
                f"({model._meta.label} {item['pk']})."
            )
    return objects


def _unpack(path: Path) -> bytes:
    """The file's bytes, un-gzipped; one line for a missing, unreadable or damaged file."""
    if path.is_dir():
        raise CommandError(f"{path} is a folder, not a backup file.")
    if not path.exists():
        raise CommandError(f"No backup at {path}.")
    try:
        if path.stat().st_size == 0:
            raise CommandError(f"{path} is not a backup: the file is empty.")
        raw = path.open("rb")
    except OSError as error:
        raise CommandError(f"{path} cannot be read: {error.strerror or error}.") from None
    try:
        with raw, gzip.GzipFile(fileobj=raw, mode="rb") as archive:
            return archive.read()
    except (OSError, EOFError, zlib.error) as error:
        raise CommandError(
            f"{path} is not a readable backup: its gzip data is damaged or cut short ({error})."
        ) from None


def _parse(path: Path, data: bytes):
    try:
        text = data.decode("utf-8")
        if not text.strip():
            raise CommandError(f"{path} is not a backup: it holds nothing.")
        return json.loads(text)
    except UnicodeDecodeError:
        raise CommandError(f"{path} is not a backup: it does not hold UTF-8 text.") from None
    except json.JSONDecodeError as error:
        raise CommandError(
            f"{path} is not a backup: its JSON breaks off or is broken at line {error.lineno}, "
            f"column {error.colno} ({error.msg})."
        ) from None
    except RecursionError:
        raise CommandError(f"{path} is not a backup: its JSON is nested too deeply.") from None
    except ValueError:  # an integer of more digits than Python converts
        raise CommandError(f"{path} is not a backup: it holds a number far too long.") from None


def _shown(value) -> str:
    """``value`` for a one-line message: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fits(internal_type: str, value: int) -> bool:
    # The strict ranges (PostgreSQL's) on every database: SQLite stores any 64-bit number,
    # and a backup that restores on one database must restore on the other.
    low, high = BaseDatabaseOperations.integer_field_ranges[internal_type]
    return (low is None or value >= low) and (high is None or value <= high)


def _wrong_id(pk_field, value) -> bool:
    return not (_whole(value) and _fits(pk_field.get_internal_type(), value))


def _wrong_text(value) -> str | None:
    if not isinstance(value, str):
        return "must be text."
    if "\x00" in value:
        return "holds a NUL character."
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "holds a broken character (a lone surrogate)."
    return None


def _wrong_link(field, value) -> str | None:
    """What is wrong with ``value`` as a link of ``field``: an id, or a natural key where the
    linked model has one (as the backup command writes accounts, groups and permissions)."""
    if _whole(value):
        return None if not _wrong_id(field.related_model._meta.pk, value) else "is an id too large."
    if hasattr(field.related_model, "natural_key") and isinstance(value, list) and value:
        problems = [_wrong_text(part) for part in value if not _whole(part)]
        return next((problem for problem in problems if problem), None)
    return "must be the id of a row it links to."


def _wrong_type(field, value) -> str | None:
    """What is wrong with the JSON type of ``value`` for ``field``, or ``None``."""
    if value is None:
        return None if field.null else "must not be empty (null)."
    if field.many_to_many:
        if not isinstance(value, list):
            return "must be a list of links."
        return next(filter(None, (_wrong_link(field, link) for link in value)), None)
    if field.is_relation:
        return _wrong_link(field, value)
    kind = field.get_internal_type()
    if kind in BaseDatabaseOperations.integer_field_ranges:
        if not _whole(value):
            return "must be a whole number."
        return None if _fits(kind, value) else "does not fit its column."
    if kind == "BooleanField":
        return None if isinstance(value, bool) else "must be true or false."
    if isinstance(field, CountsField):
        return _wrong_counts(value)
    if kind == "FloatField":
        number = isinstance(value, int | float) and not isinstance(value, bool)
        return None if number and math.isfinite(value) else "must be a finite number."
    if kind == "DecimalField":
        return None if _whole(value) else _wrong_text(value)
    if kind in TEXT_TYPES:
        return _wrong_text(value)
    return None


def _wrong_counts(value) -> str | None:
    """Counts by whole number as the kept rows hold them: an object like {"1": 3, "2": 1}."""
    if isinstance(value, dict) and all(
        key.isascii() and key.isdigit() and _whole(count) and _fits("BigIntegerField", count)
        for key, count in value.items()
    ):
        return None
    return "must be an object of whole numbers by whole number."


def _id(value):
    """``value`` if it is an id (a whole number), else ``None``: labels never trust a type."""
    return value if _whole(value) else None


class RowLabels:
    """Names the evening a row belongs to, from the backup's own rows (the database is empty)."""

    def __init__(self, objects: list[dict]):
        self.dates: dict = {}
        self.seats: dict = {}
        for item in objects:
            model, fields = item["model"].lower(), item["fields"]
            if model == "league.evening":
                self.dates[item["pk"]] = fields.get("date")
            elif model == "league.historicalevening":
                self.dates.setdefault(_id(fields.get("id")), fields.get("date"))
            elif model == "league.eveningplayer":
                self.seats[item["pk"]] = _id(fields.get("evening"))
            elif model == "league.historicaleveningplayer":
                self.seats.setdefault(_id(fields.get("id")), _id(fields.get("evening")))

    def evening(self, evening_id) -> str:
        date = self.dates.get(_id(evening_id), "?")
        return _("Evening of %(date)s (no. %(id)s)") % {
            "date": date if isinstance(date, str) else "?",
            "id": _id(evening_id) or "?",
        }

    def of(self, model, item: dict) -> str:
        fields = item["fields"]
        name = model._meta.model_name.removeprefix("historical")
        if name == "evening":
            return self.evening(fields.get("id", item["pk"]))
        if name == "eveningplayer":
            return self.evening(fields.get("evening"))
        if name == "roundscore":
            return self.evening(self.seats.get(_id(fields.get("evening_player"))))
        return f"{model._meta.verbose_name} {item['pk']}"


def _storable(field, value) -> None:
    """Refuse what the column cannot hold (SQLite would store it and fail reading it back)."""
    if isinstance(field, models.DecimalField) and isinstance(value, Decimal):
        DecimalValidator(field.max_digits, field.decimal_places)(value)
    elif isinstance(field, models.CharField) and field.max_length and value is not None:
        MaxLengthValidator(field.max_length)(value)


def _check(model, field, raw) -> None:
    """``full_clean`` for one field: rows as their model validates them; history records only
    as far as their columns can hold them (an old record may predate today's limits)."""
    if getattr(model, "instance_type", None) is not None:
        _storable(field, field.to_python(raw))
    elif raw is None and field.null:
        return
    elif not (field.blank and raw in field.empty_values):
        field.clean(raw, None)


def _value_problem(model, field, raw) -> str | None:
    """What is wrong with one value of a row: its JSON type, then its field's limits."""
    if field.primary_key:
        return "is the row's id, which belongs in 'pk'."
    wrong = _wrong_type(field, raw)
    if wrong or field.is_relation or issubclass(model, KeptCounters):
        # Standings and totals are derived counters: restore compares them with a rebuild and
        # rebuilds them; their values need only the right type.
        return wrong
    try:
        _check(model, field, raw)
    except ValidationError as error:
        return f"is refused: {' '.join(error.messages)}"
    return None


def field_problems(objects: list[dict]) -> list[str]:
    """Every value of the backup that its field refuses, one line each naming row and field."""
    labels = RowLabels(objects)
    models_by_label = {model._meta.label_lower: model for model in backup_models()}
    problems = []
    for item in objects:
        model = models_by_label[item["model"].lower()]
        for name, raw in item["fields"].items():
            try:
                field = model._meta.get_field(name)
            except FieldDoesNotExist:
                problems.append(f"{labels.of(model, item)}: {model._meta.label} has no {name!r}.")
                continue
            if not (field.concrete or field.many_to_many):
                problems.append(f"{labels.of(model, item)}: {model._meta.label} has no {name!r}.")
                continue
            wrong = _value_problem(model, field, raw)
            if wrong:
                problems.append(
                    f"{labels.of(model, item)}: {model._meta.verbose_name} {field.name} "
                    f"{_shown(raw)} {wrong}"
                )
    return problems


def players_named_as_typed(objects: list[dict]) -> tuple[list[str], list[str]]:
    """Give every player the name the site would store if it were typed, and the key of that
    name (never the file's own key). Return what was renamed and what is refused: a name the
    normaliser refuses, or two players whose names are one player's."""
    renamed, problems = [], []
    players_by_key: dict[tuple, tuple] = {}
    for item in objects:
        if item["model"].lower() != "league.player":
            continue
        fields, pk = item["fields"], item["pk"]
        typed = fields.get("name")
        if "name" not in fields:
            problems.append(f"Player {pk} has no name.")
        if not isinstance(typed, str):
            continue  # field_problems names the wrong type
        try:
            name = normalise_name(typed)
        except ValidationError as error:
            problems.append(f"Player {pk} {_shown(typed)}: {' '.join(error.messages)}")
            continue
        if name != typed:
            renamed.append(f"Player {pk} {_shown(typed)} is restored as {name!r}.")
        fields["name"], fields["name_key"] = name, name_key(name)
        # Names are unique within a league: two leagues may each have their own "Anna".
        # (A league of the wrong type, a list say, is field_problems' to name: keyed by repr.)
        key = (repr(fields.get("league")), fields["name_key"])
        other = players_by_key.setdefault(key, (pk, name))
        if other[0] != pk:
            problems.append(
                f"Players {other[0]} {other[1]!r} and {pk} {name!r} are one player by name "
                f"(both {fields['name_key']!r}); rename one of them before restoring."
            )
    return renamed, problems


def upgrade_old_rows(objects: list[dict]) -> None:
    """Fill in what a backup written before a field existed lacks, as the migration that added
    the field filled it: an evening's pot (0004). Run it on checked rows only. (Players' name
    keys, added in 0005, are always recomputed: see :func:`players_named_as_typed`.)"""
    prizes: dict[object, Decimal] = {}
    for item in objects:
        if item["model"].lower() == "league.eveningplayer" and item["fields"].get("prize"):
            evening = item["fields"].get("evening")
            prize = Decimal(str(item["fields"]["prize"]))
            prizes[evening] = prizes.get(evening, Decimal(0)) + prize
    for item in objects:
        evening = item["model"].lower() == "league.evening"
        if evening and "pot" not in item["fields"] and item["pk"] in prizes:
            item["fields"]["pot"] = str(prizes[item["pk"]])


def without_old_kept_rows(objects: list[dict]) -> list[dict]:
    """The backup's rows without its kept counters where they are of an older shape (a backup
    written before the counters became typed columns, 0008): they are derived from the
    evenings, and restore rebuilds them. Rows of today's shape stay, to be checked against a
    rebuild as always."""
    kept = {model._meta.label_lower: model for model in backup_models()}
    kept = {label: model for label, model in kept.items() if issubclass(model, KeptCounters)}

    def old(item: dict) -> bool:
        model = kept[item["model"].lower()]
        names = {field.name for field in model._meta.concrete_fields}
        return not set(item["fields"]) <= names

    if not any(item["model"].lower() in kept and old(item) for item in objects):
        return objects
    return [item for item in objects if item["model"].lower() not in kept]
