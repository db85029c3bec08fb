"""The kept rows by field name: counters stored as rows of a kept model, rows read back.

Nothing here lists the counters: a row's columns are the fields of ``Counters`` under the
same names (``RULES``), its key the model's other fields (``key_fields``: the player, and the
year and variant where the model has them).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from decimal import Decimal
from functools import cache
from operator import itemgetter

from django.db import connection, models

from ofcleague.league.current import active_league, current_league_pk
from ofcleague.league.models import Player
from ofcleague.standings.kept.models import CountsField, PlayerTotal, counts
from ofcleague.standings.kept.record import RULES, Counters, PlayerRecord
from ofcleague.web.money import CENT

CREATE_BATCH = 1000


def key_fields(model) -> list[str]:
    """The columns that key a kept model's rows (``player_id`` first) within its league."""
    return [
        field.attname
        for field in model._meta.concrete_fields
        if not field.primary_key and field.name not in RULES and field.name != "league"
    ]


def store(model, rows: dict[tuple, Counters]) -> None:
    """Create a row of ``model`` for each key and its counters, in the current league (the
    kept code runs with the players' league active)."""
    names = key_fields(model)
    league = current_league_pk()
    model.objects.bulk_create(
        (
            model(league_id=league, **dict(zip(names, key, strict=True)), **counters.kept())
            for key, counters in sorted(rows.items(), key=itemgetter(0))
        ),
        batch_size=CREATE_BATCH,
    )


def merged(rows: Iterable[tuple[Hashable, Counters]]) -> dict:
    """Counters merged per key (into a copy of each key's first)."""
    totals: dict = {}
    for key, counters in rows:
        total = totals.get(key)
        if total is None:
            totals[key] = counters.copy()
        else:
            total.merge(counters)
    return totals


# The rows of one kept table with their player: plain SQL, the same on every database (the
# ORM spent longer building the query and converting its rows than the database answering).
SELECT = """
    SELECT {key}, player.name, player.slug, {counters}
    FROM {table} AS kept JOIN {player} AS player ON player.id = kept.player_id
    WHERE {where}
"""


def money(value) -> Decimal:
    """A sum of money from the database's driver: SQLite's hands decimals back as whole or
    floating-point numbers, PostgreSQL's as decimals."""
    if isinstance(value, Decimal | int):
        return Decimal(value)
    return Decimal(str(value)).quantize(CENT)


@cache
def _query(model, vendor: str) -> tuple[str, int, dict]:
    """The SQL that reads ``model``'s rows (its ``{where}`` left open), the length of their
    key, and by the position of a counter in ``RULES`` what turns the database's value into
    the counter's (dates and times come as such from both databases' drivers)."""
    quote = connection.ops.quote_name
    fields = [model._meta.get_field(name) for name in RULES]
    key = key_fields(model)
    sql = SELECT.format(
        key=", ".join(f"kept.{quote(name)}" for name in key),
        counters=", ".join(f"kept.{quote(field.column)}" for field in fields),
        table=quote(model._meta.db_table),
        player=quote(Player._meta.db_table),
        where="{where}",
    )
    convert = {}
    for index, field in enumerate(fields):
        if isinstance(field, CountsField):
            convert[index] = counts
        elif isinstance(field, models.DecimalField):
            convert[index] = money
    return sql, len(key), convert


def _record(values, player_id, name, slug, convert) -> PlayerRecord:
    values = list(values)
    for index, function in convert.items():
        if values[index] is not None:
            values[index] = function(values[index])
    return PlayerRecord(*values, player_id=player_id, name=name, slug=slug)


# A player by slug with their kept total, if they have one (``kept.player_id`` is then set).
PLAYER_TOTAL = """
    SELECT player.id, player.name, player.slug, player.full_name, kept.player_id, {counters}
    FROM {player} AS player LEFT JOIN {table} AS kept ON kept.player_id = player.id
    WHERE player.league_id = %s AND player.slug = %s
"""


@cache
def _player_total_query(vendor: str) -> str:
    quote = connection.ops.quote_name
    fields = [PlayerTotal._meta.get_field(name) for name in RULES]
    return PLAYER_TOTAL.format(
        counters=", ".join(f"kept.{quote(field.column)}" for field in fields),
        player=quote(Player._meta.db_table),
        table=quote(PlayerTotal._meta.db_table),
    )


def player_with_total(slug: str) -> tuple[Player, PlayerRecord | None] | None:
    """The player with this slug (name, slug and full name loaded) and their all-time record
    from their kept total, ``None`` before their first finished evening; ``None`` for no such
    player. One query, plain SQL: the ORM took ten times as long for the one row."""
    _sql, _width, convert = _query(PlayerTotal, connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(_player_total_query(connection.vendor), [current_league_pk(), slug])
        row = cursor.fetchone()
    if row is None:
        return None
    player_id, name, slug, full_name, kept_id = row[:5]
    loaded = {"id": player_id, "name": name, "slug": slug, "full_name": full_name}
    # ``from_db`` takes the loaded values in the order of the model's fields.
    names = [field.attname for field in Player._meta.concrete_fields if field.attname in loaded]
    player = Player.from_db(connection.alias, names, [loaded[name] for name in names])
    if kept_id is None:
        return player, None
    return player, _record(row[5:], player_id, name, slug, convert)


def read(model, where: str, params) -> list[tuple[tuple, PlayerRecord]]:
    """The rows of ``model`` matching ``where`` (SQL on ``kept``), each as its key and a
    record (one query)."""
    sql, width, convert = _query(model, connection.vendor)
    league = active_league()
    if league is not None:  # the active league's rows only (its index leads with the league)
        where, params = f"kept.league_id = %s AND ({where})", [league.pk, *params]
    with connection.cursor() as cursor:
        cursor.execute(sql.format(where=where), params)
        rows = cursor.fetchall()
    return [
        (row[:width], _record(row[width + 2 :], row[0], *row[width : width + 2], convert))
        for row in rows
    ]


def within(column: str, values) -> tuple[str, list]:
    """``column IN (...)`` on ``kept`` as SQL and its parameters (never true without any)."""
    values = list(values)
    if not values:
        return "1 = 0", []
    return f"kept.{column} IN ({', '.join(['%s'] * len(values))})", values
