"""Every row of every table, read with plain SQL (no model: models move between apps), and a
row for each table the league's services left empty, written with the migrations' own
(historical) models of that moment."""

import datetime
import uuid
from decimal import Decimal

from django.db import connection, models

#: Rows that the migrations themselves keep: which migrations ran.
NOT_COMPARED = {"django_migrations"}
WHEN = datetime.datetime(2026, 11, 27, 17, 0, tzinfo=datetime.UTC)


def columns() -> dict[str, list[str]]:
    """Each table's columns, in the database's order."""
    with connection.cursor() as cursor:
        return {
            table: [
                column.name
                for column in connection.introspection.get_table_description(cursor, table)
            ]
            for table in sorted(connection.introspection.table_names(cursor))
            if table not in NOT_COMPARED
        }


def snapshot(only: dict[str, list[str]] | None = None) -> dict[str, list[tuple]]:
    """Each table's rows, sorted, as tuples of their columns' values; with ``only``, of those
    columns (a later migration may add a column: the rows' earlier columns must stay)."""
    found = {}
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        for table, names in (only or columns()).items():
            cursor.execute(f"SELECT {', '.join(map(quote, names))} FROM {quote(table)}")
            found[table] = sorted(cursor.fetchall(), key=repr)
    return found


def _value(field):
    """A plain value that fits ``field`` (its first choice where it has choices); fields with
    a default take it, and those that may be empty stay empty."""
    if field.choices:
        return field.choices[0][0]
    kinds = [
        (models.EmailField, "row@example.org"),
        (models.GenericIPAddressField, "127.0.0.1"),
        (models.UUIDField, uuid.UUID(int=7)),
        (models.BooleanField, False),
        (models.DateTimeField, WHEN),
        (models.DateField, WHEN.date()),
        (models.TimeField, datetime.time(19)),
        (models.DecimalField, Decimal("1")),
        (models.FloatField, 1.0),
        (models.IntegerField, 1),
        (models.JSONField, {}),
        (models.BinaryField, b"row"),
        (models.DurationField, datetime.timedelta(minutes=1)),
    ]
    for kind, value in kinds:
        if isinstance(field, kind):
            return value
    text = f"{field.name}-row"
    return text[: field.max_length] if field.max_length else text


def _row(model, overrides):
    values = {}
    for field in model._meta.concrete_fields:
        if field.primary_key and field.auto_created or isinstance(field, models.AutoField):
            continue
        if field.is_relation:
            target = field.related_model._base_manager.order_by("pk").first()
            if target is not None or not field.null:
                values[field.attname] = target.pk
            continue
        if field.has_default():
            values[field.attname] = field.get_default()
        elif not field.null:
            values[field.attname] = _value(field)
    values.update(overrides.get(model._meta.db_table, {}))
    return values


def fill_empty_tables(state_apps, overrides=None):
    """One row in each empty table of ``state_apps`` (the historical models): foreign keys to
    the first row of their target, plain values elsewhere, ``overrides`` by table."""
    overrides = overrides or {}
    filled = []
    for model in state_apps.get_models(include_auto_created=True):
        if model._meta.proxy or not model._meta.managed:
            continue
        if model._base_manager.exists():
            continue
        model._base_manager.create(**_row(model, overrides))
        filled.append(model._meta.db_table)
    return filled
