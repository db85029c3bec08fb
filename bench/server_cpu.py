"""The CPU a server used, from /proc, and the throwaway database of ``bench/live_cost.py``.

utime + stime of gunicorn's master and workers (all their threads) and, on PostgreSQL, of the
backends serving the bench's database (their process title names it), the bench's own
connection left out.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

CLK_TCK = os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(p) for p in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def _cpu_of(pid: int) -> float:
    """utime + stime of a process (all its threads), in seconds; 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def _postgres_backends(database: str, own: int | None) -> list[int]:
    """The PostgreSQL backends serving ``database`` (their process title names it)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == own:
            continue
        try:
            title = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if title.startswith("postgres: ") and f" {database} " in title:
            pids.append(int(entry.name))
    return pids


class ServerCpu:
    """Reads the CPU the server used: gunicorn's processes, and the database's backends."""

    def __init__(self, gunicorn_pid: int, database: str | None = None, own: int | None = None):
        self.gunicorn_pid = gunicorn_pid
        self.database = database
        self.own = own

    def snapshot(self) -> dict[int, float]:
        pids = [self.gunicorn_pid, *_children(self.gunicorn_pid)]
        if self.database:
            pids += _postgres_backends(self.database, self.own)
        return {pid: _cpu_of(pid) for pid in pids}

    def split(self, before: dict, after: dict) -> tuple[float, float]:
        """(gunicorn, database) seconds between two snapshots."""
        app = db = 0.0
        for pid, seconds in after.items():
            used = seconds - before.get(pid, 0.0)
            if pid == self.gunicorn_pid or pid in _children(self.gunicorn_pid):
                app += used
            else:
                db += used
        return app, db


class Database:
    """SQLite in the data folder, or a database of its own on a PostgreSQL server."""

    def __init__(self, url: str | None, data_dir: Path):
        self.url = url
        self.data_dir = data_dir
        self.name = None
        self.connection = None
        if url:
            parts = urlsplit(url)
            self.name = parts.path.lstrip("/") + "_livecost"
            self.own_url = urlunsplit(parts._replace(path="/" + self.name))

    @property
    def label(self) -> str:
        return "PostgreSQL" if self.url else "SQLite"

    def env(self, env: dict) -> dict:
        return env | {"DATABASE_URL": self.own_url} if self.url else env

    def create(self) -> None:
        if not self.url:
            return
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
            admin.execute(f'CREATE DATABASE "{self.name}"')

    def drop(self) -> None:
        if self.connection is not None:
            self.connection.close()
        if not self.url:
            return
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    def connect(self):
        if self.url:
            import psycopg

            self.connection = psycopg.connect(self.own_url, autocommit=True)
            self.backend = self.connection.info.backend_pid
        else:
            import sqlite3

            path = self.data_dir / "ofcleague.sqlite3"
            self.connection = sqlite3.connect(path, isolation_level=None, timeout=20)
            self.backend = None

    def new_version(self, league: int) -> None:
        """What a save does to the league's version, without the save (``web/cache.py``)."""
        marker = "%s" if self.url else "?"
        self.connection.execute(
            f"UPDATE web_leagueversion SET token = {marker} WHERE id = {marker}",
            (uuid.uuid4().hex, league),
        )
