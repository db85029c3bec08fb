"""What the database does for a page, which ``time.thread_time`` in the benches does not see on
PostgreSQL (the server's own process): the page's SELECTs run again under ``EXPLAIN``, their
execution time added up, and the tables their plans read whole (``bench/pages.py``)."""

from __future__ import annotations

import json

from in_process import request


def page_statements(url: str) -> list[tuple[str, object]]:
    """The SELECT statements one request of ``url`` runs, with their parameters."""
    from django.db import connection

    statements = []

    def keep(execute, sql, params, many, context):
        if sql.lstrip().upper().startswith("SELECT"):
            statements.append((sql, params))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(keep):
        request(url)
    return statements


def _seq_scans(plan: dict) -> list[str]:
    """The tables a PostgreSQL plan reads whole (its Seq Scan nodes)."""
    found = [plan["Relation Name"]] if plan.get("Node Type") == "Seq Scan" else []
    for child in plan.get("Plans", []):
        found += _seq_scans(child)
    return found


def database_side(url: str) -> tuple[float, list[str]]:
    """The page's queries again under ``EXPLAIN``: their execution time added up (ms,
    PostgreSQL's ``EXPLAIN ANALYZE``; SQLite: 0), and every table a plan reads whole
    (PostgreSQL's Seq Scan; SQLite's SCAN without an index)."""
    from django.db import connection

    total, whole = 0.0, []
    with connection.cursor() as cursor:
        for sql, params in page_statements(url):
            if connection.vendor == "postgresql":
                cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + sql, params)
                plan = cursor.fetchone()[0]
                plan = (plan if isinstance(plan, list) else json.loads(plan))[0]
                total += plan["Execution Time"]
                whole += _seq_scans(plan["Plan"])
            else:
                cursor.execute("EXPLAIN QUERY PLAN " + sql, params)
                whole += [
                    row[-1]
                    for row in cursor.fetchall()
                    if row[-1].startswith("SCAN") and " USING " not in row[-1]
                ]
    return total, sorted(set(whole))
