"""Reading a backup file and checking its values before anything touches the database.

A damaged file, a file of another shape or a value its field refuses each give one line
(a :class:`CommandError`), never a traceback from deep inside ``loaddata``.
"""

from __future__ import annotations

import gzip
import json
import zlib
from decimal import Decimal
from pathlib import Path

from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.core.management.base import CommandError
from django.core.validators import DecimalValidator, MaxLengthValidator
from django.db import connection, models
from django.utils.translation import gettext as _

from ofcleague.league.names import name_key

from .backup import backup_models


def read_backup(path: Path) -> tuple[str, list[dict]]:
    """The backup's JSON text and its objects, each checked to be a row of a backed-up model."""
    if not path.is_file():
        raise CommandError(f"No backup at {path}.")
    try:
        with gzip.open(path, "rb") as archive:
            data = archive.read()
    except (OSError, EOFError, zlib.error) as error:
        raise CommandError(
            f"{path} is not a readable backup: its gzip data is damaged or cut short ({error})."
        ) from None
    try:
        text = data.decode("utf-8")
        objects = json.loads(text)
    except UnicodeDecodeError:
        raise CommandError(f"{path} is not a backup: it does not hold UTF-8 text.") from None
    except json.JSONDecodeError as error:
        raise CommandError(
            f"{path} is not a backup: its JSON breaks off or is broken at line {error.lineno}, "
            f"column {error.colno} ({error.msg})."
        ) from None
    if not isinstance(objects, list):
        raise CommandError(f"{path} is not a backup: it holds no list of rows.")
    known = {model._meta.label_lower for model in backup_models()}
    for number, item in enumerate(objects, 1):
        if not (
            isinstance(item, dict)
            and isinstance(item.get("model"), str)
            and isinstance(item.get("fields"), dict)
        ):
            raise CommandError(f"{path} is not a backup: object {number} is not a table row.")
        if item["model"].lower() not in known:
            raise CommandError(
                f"{path} is not a backup of this site: object {number} belongs to "
                f"{item['model']!r}, which no backup holds."
            )
    return text, objects


class _Labels:
    """Names the evening a row belongs to, from the backup's own rows (the database is empty)."""

    def __init__(self, objects: list[dict]):
        self.dates: dict = {}
        self.seats: dict = {}
        for item in objects:
            model, fields = item["model"].lower(), item["fields"]
            if model == "league.evening":
                self.dates[item.get("pk")] = fields.get("date")
            elif model == "league.historicalevening":
                self.dates.setdefault(fields.get("id"), fields.get("date"))
            elif model == "league.eveningplayer":
                self.seats[item.get("pk")] = fields.get("evening")
            elif model == "league.historicaleveningplayer":
                self.seats.setdefault(fields.get("id"), fields.get("evening"))

    def evening(self, evening_id) -> str:
        return _("Evening of %(date)s (no. %(id)s)") % {
            "date": self.dates.get(evening_id, "?"),
            "id": evening_id,
        }

    def of(self, model, item: dict) -> str:
        fields = item["fields"]
        name = model._meta.model_name.removeprefix("historical")
        if name == "evening":
            return self.evening(fields.get("id", item.get("pk")))
        if name == "eveningplayer":
            return self.evening(fields.get("evening"))
        if name == "roundscore":
            return self.evening(self.seats.get(fields.get("evening_player")))
        return f"{model._meta.verbose_name} {item.get('pk')}"


def _storable(field, value) -> None:
    """Refuse what the column cannot hold (SQLite would store it and fail reading it back)."""
    if isinstance(field, models.DecimalField) and isinstance(value, Decimal):
        DecimalValidator(field.max_digits, field.decimal_places)(value)
    elif isinstance(field, models.IntegerField) and value is not None:
        low, high = connection.ops.integer_field_range(field.get_internal_type())
        if (low is not None and value < low) or (high is not None and value > high):
            raise ValidationError(f"{value} does not fit the column.")
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


def field_problems(objects: list[dict]) -> list[str]:
    """Every value of the backup that its field refuses, one line each naming row and field."""
    labels = _Labels(objects)
    models_by_label = {model._meta.label_lower: model for model in backup_models()}
    problems = []
    for item in objects:
        model = models_by_label[item["model"].lower()]
        if model._meta.label_lower == "league.standing":
            # Derived counters: restore compares them with a rebuild and rebuilds them.
            continue
        for name, raw in item["fields"].items():
            try:
                field = model._meta.get_field(name)
            except FieldDoesNotExist:
                problems.append(f"{labels.of(model, item)}: {model._meta.label} has no {name!r}.")
                continue
            if field.is_relation or not field.concrete:
                continue
            try:
                _check(model, field, raw)
            except ValidationError as error:
                problems.append(
                    f"{labels.of(model, item)}: {model._meta.verbose_name} {field.name} "
                    f"{raw!r} is refused: {' '.join(error.messages)}"
                )
    return problems


def upgrade_old_rows(objects: list[dict]) -> None:
    """Fill in what a backup written before a field existed lacks, as the migrations that
    added the field filled it: a player's name key (0005) and an evening's pot (0004)."""
    prizes: dict[object, Decimal] = {}
    for item in objects:
        if item["model"].lower() == "league.eveningplayer" and item["fields"].get("prize"):
            evening = item["fields"].get("evening")
            prizes[evening] = prizes.get(evening, Decimal(0)) + Decimal(
                str(item["fields"]["prize"])
            )
    for item in objects:
        model, fields = item["model"].lower(), item["fields"]
        old_player = model in ("league.player", "league.historicalplayer")
        if old_player and "name_key" not in fields and isinstance(fields.get("name"), str):
            fields["name_key"] = name_key(fields["name"])
        if model == "league.evening" and "pot" not in fields and item.get("pk") in prizes:
            fields["pot"] = str(prizes[item["pk"]])
