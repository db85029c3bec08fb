"""Load and fault test of the production server (``make loadtest``; not part of ``make test``).

Starts gunicorn with production settings (DEBUG off, gthread workers) on a free port of
127.0.0.1 over a throwaway copy of a generated league, then, all bounded in time:

1. the ladder (bench/ladder.py): ``/healthz``, a tiny view through the whole middleware, the
   empty framed page, then each page, in requests/s and as a share of ``/healthz`` through
   gunicorn in the same run; with the page cache off, with it on (as in production), and
   through nginx's page cache in front (bench/proxy.py, the config of docs/nginx-cache.conf);
2. behind that cache, a scorekeeper's saves while readers poll the pages: nobody may see an
   old page later than the max-age it was promised (bench/stale.py);
3. 60 seconds of 20 readers and 5 scorekeepers who log in and save evenings through the real
   forms (new evening, then its points), with a backup taken in the middle;
4. SIGKILL to the whole server while the scorekeepers save.

Then it proves that every save the server acknowledged is in the database, that every
evening's totals and places match its points (``places_from_totals``), and that the backup
restores into an empty database. Figures go to ``bench/load.md`` (bench/report.py). Only
127.0.0.1 is contacted. Needs Debian's nginx (``/usr/sbin/nginx``) and installs nothing.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import random
import secrets
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import ladder
import proxy
import report
import stale
from client import HOST, LEAGUE, PASSWORD, Browser, run_phase

ROOT = Path(__file__).resolve().parent.parent
EVENINGS = 300
READERS = 20
WRITERS = 5
MIXED_SECONDS = int(os.environ.get("LOADTEST_SECONDS", 60))
# The readers spread over this many leagues: the first (the scorekeepers') and others of
# OTHER_EVENINGS evenings each (bench/leagues.py builds them).
LEAGUES = int(os.environ.get("LOADTEST_LEAGUES", 100))
OTHER_EVENINGS = 30
FAULT_SECONDS = 6
WORKERS = 3
THREADS = 4
BACKUP = "during-load.json.gz"
# bench/pages.py's pages not on the ladder: home, history, all-time, a season, the seasons
# list, the busiest player and an evening are.
LEFT_OUT = {"all-time, sorted by points", "rules"}


# Server and database --------------------------------------------------------------------------


def server_env(data_dir: Path) -> dict:
    """The environment of a production-like server on SQLite in ``data_dir``, with the floor
    pages of the ladder (``FLOOR_PAGES``)."""
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    return env | {
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "DATA_DIR": str(data_dir),
        "DJANGO_SETTINGS_MODULE": "ofcleague.settings",
        "PYTHONPATH": str(ROOT),
        "FLOOR_PAGES": "1",
    }


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def manage(env, *args):
    subprocess.run([sys.executable, str(ROOT / "manage.py"), *args], env=env, cwd=ROOT, check=True)


def start_server(env, port):
    """Start gunicorn in its own process group and wait until it answers."""
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "ofcleague.wsgi",
            "--bind",
            f"{HOST}:{port}",
            "--worker-class",
            "gthread",
            "--workers",
            str(WORKERS),
            "--threads",
            str(THREADS),
            "--log-level",
            "warning",
        ],
        env=env,
        cwd=ROOT,
        start_new_session=True,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            status, _, _, _ = Browser(port).request("GET", "/healthz")
            if status == 200:
                return server
        except OSError:
            time.sleep(0.2)
    os.killpg(server.pid, signal.SIGKILL)
    raise RuntimeError("gunicorn did not answer within 30 seconds")


def build(data_dir: str) -> None:
    """Child process: generate the league with bench/pages.py, copy it into ``data_dir``."""
    sys.path.insert(0, str(ROOT / "bench"))
    # Importing it sets up Django on a throwaway database of its own.
    pages = importlib.import_module("pages")

    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection, transaction

    from ofcleague.league.current import using_league
    from ofcleague.league.leagues import League, Membership, Role
    from ofcleague.league.models import Evening, Player

    call_command("migrate", verbosity=0)
    pages.EVENINGS = EVENINGS
    pages.build_league(random.Random(pages.SEED))
    leagues = importlib.import_module("leagues")
    leagues.EVENINGS = OTHER_EVENINGS
    with transaction.atomic():
        for number in range(1, LEAGUES):
            other = League.objects.create(name=f"Runde {number}", slug=f"runde-{number}")
            leagues.build(other, random.Random(number), points=False)
    # The generated rows bypass the services: derive the kept ratings and standings once.
    pages.kept.rebuild()
    first = League.objects.order_by("pk").first()
    for number in range(1, WRITERS + 1):
        user = User.objects.create_user(f"scorer{number}", password=PASSWORD)
        Membership.objects.create(league=first, user=user, role=Role.SCOREKEEPER)
    slug_of = dict(League.objects.values_list("pk", "slug"))
    with using_league(first):  # the ladder and the stale check: the scorekeepers' league
        ladder_pages = pages.pages()
    urls = {
        "evenings": [
            f"/{slug_of[league]}/evenings/{pk}/"
            for league, pk in Evening.objects.values_list("league_id", "pk")
        ],
        "players": [
            f"/{slug_of[league]}/players/{slug}/"
            for league, slug in Player.objects.values_list("league_id", "slug")
        ],
        "leagues": sorted(slug_of.values()),
        "history_pages": (Evening.objects.filter(league=first).count() + 19) // 20,
        # The ladder's pages as bench/pages.py names them: the season and the evening in the
        # middle of the league, the busiest player.
        "ladder": [(name, url) for name, url in ladder_pages if name not in LEFT_OUT],
    }
    source = connection.settings_dict["NAME"]
    connection.close()
    # A copy through SQLite's backup API, never a file copy of a database in WAL mode.
    with (
        sqlite3.connect(source) as origin,
        sqlite3.connect(Path(data_dir) / "ofcleague.sqlite3") as target,
    ):
        origin.backup(target)
    (Path(data_dir) / "urls.json").write_text(json.dumps(urls))


def verify(data_dir: str, acks_file: str) -> None:
    """Child process: check the acknowledged saves and every evening's places; print JSON."""
    import django

    django.setup()
    from ofcleague.league.models import Evening, EveningPlayer, PlacesSource, RoundScore
    from ofcleague.league.places import places_from_totals

    acks = json.loads(Path(acks_file).read_text()) if acks_file != "-" else []
    lost = []
    stored = {
        (score["evening_player_id"], score["round_number"]): score["points"]
        for score in RoundScore.objects.values("evening_player_id", "round_number", "points")
    }
    evenings = {row["pk"]: row["notes"] for row in Evening.objects.values("pk", "notes")}
    for ack in acks:
        if ack["kind"] == "evening":
            if evenings.get(ack["evening"]) != ack["notes"]:
                lost.append(ack)
        else:
            for name, value in ack["points"].items():
                _, seat, number = name.split("_")
                if stored.get((int(seat), int(number))) != value:
                    lost.append(ack)
                    break
    seats_by_evening: dict[int, list] = {}
    for seat in EveningPlayer.objects.filter(evening__places_source=PlacesSource.POINTS):
        seats_by_evening.setdefault(seat.evening_id, []).append(seat)
    totals_by_seat: dict[int, int] = {}
    for (seat_id, _), value in stored.items():
        totals_by_seat[seat_id] = totals_by_seat.get(seat_id, 0) + value
    inconsistent = []
    for evening, seats in seats_by_evening.items():
        if not any(seat.pk in totals_by_seat for seat in seats):
            continue
        totals = {seat.pk: totals_by_seat.get(seat.pk, 0) for seat in seats}
        places = places_from_totals(totals, {seat.pk: seat.tie_break for seat in seats})
        if any((seat.total, seat.place) != (totals[seat.pk], places[seat.pk]) for seat in seats):
            inconsistent.append(evening)
    result = {
        "acks": len(acks),
        "lost": len(lost),
        "evenings": len(evenings),
        "checked": len(seats_by_evening),
        "inconsistent": inconsistent,
        "integrity": _integrity(),
    }
    print(json.dumps(result))


def _integrity() -> str:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("PRAGMA integrity_check")
        return cursor.fetchone()[0]


def child(env, mode, *args) -> dict | None:
    result = subprocess.run(
        [sys.executable, __file__, mode, *args],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(result.stdout.strip().splitlines()[-1]) if mode == "verify" else None


# The run ---------------------------------------------------------------------------------------


def stop_server(server) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGTERM)
    server.wait(timeout=30)


def main() -> None:
    if not proxy.NGINX.exists():
        raise SystemExit(f"nginx is missing: {proxy.INSTALL}")
    machine = report.machine()
    workdir = tempfile.TemporaryDirectory(prefix="ofcleague-load-")
    data_dir = Path(workdir.name) / "data"
    data_dir.mkdir()
    env = server_env(data_dir)
    print("Building the league ...", flush=True)
    child(env, "build", str(data_dir))
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    urls = json.loads((data_dir / "urls.json").read_text())
    pages = [tuple(page) for page in urls["ladder"]]
    results = {"ladders": {}}
    # First without the page cache: what the views themselves cost.
    port = free_port()
    server = start_server(env | {"PAGE_CACHE": "0"}, port)
    try:
        results["ladders"][report.NO_CACHE] = ladder.climb(port, pages, "page cache off")
    finally:
        stop_server(server)
    # Then as in production, alone and behind nginx; the writing phases on the same server.
    port = free_port()
    server = start_server(env, port)
    try:
        results["ladders"][report.GUNICORN] = ladder.climb(port, pages, "gunicorn")
        nginx_dir = Path(workdir.name) / "nginx"
        results["ladders"][report.NGINX], results["stale"] = behind_proxy(port, pages, nginx_dir)
        results |= mixed_and_fault(env, port, server, mixed_urls(urls), data_dir)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)

    acks_file = Path(workdir.name) / "acks.json"
    acks_file.write_text(json.dumps(results["acks"] + results["fault acks"]))
    results["check"] = child(env, "verify", str(data_dir), str(acks_file))
    print(f"Errors: {results['errors']}; check: {results['check']}", flush=True)
    restored_dir = Path(workdir.name) / "restored"
    restored_dir.mkdir()
    restored_env = env | {"DATA_DIR": str(restored_dir)}
    manage(restored_env, "migrate", "--noinput", "-v", "0")
    manage(restored_env, "restore", str(data_dir / BACKUP))
    results["restored"] = child(restored_env, "verify", str(restored_dir), "-")
    machine["after"] = report.load_now()
    print(report.write(results, machine, settings()))
    workdir.cleanup()
    sys.exit(1 if report.failures(results) else 0)


def mixed_urls(urls: dict) -> list[str]:
    """What the readers of the mixed phase ask: many pages of each kind, not one, over every
    league (the first league's history pages, each league's all-time table)."""
    rng = random.Random(7)
    first = f"/{LEAGUE}"
    return (
        [f"{first}/history/?page={n}" for n in range(1, urls["history_pages"] + 1)][:50]
        + [f"/{slug}/alltime/" for slug in urls["leagues"]]
        + rng.sample(urls["players"], min(200, len(urls["players"])))
        + rng.sample(urls["evenings"], min(200, len(urls["evenings"])))
    )


def behind_proxy(port: int, pages: list[tuple[str, str]], nginx_dir: Path) -> tuple[dict, dict]:
    """nginx's cache in front of gunicorn on ``port``: the ladder, then the stale check."""
    proxy_port = free_port()
    nginx = proxy.start(proxy_port, port, nginx_dir)
    try:
        climbed = ladder.climb(proxy_port, pages, "nginx cache")
        print("Stale check: saves behind the proxy cache ...", flush=True)
        evening = int(dict(pages)["evening"].strip("/").split("/")[-1])
        checked = stale.check(proxy_port, port, dict(pages), evening)
    finally:
        proxy.stop(nginx)
    return climbed, checked


def mixed_and_fault(env, port, server, urls, data_dir: Path) -> dict:
    """Readers and scorekeepers together with a backup in the middle; then SIGKILL mid-save."""
    backup_seconds = []

    def take_backup():
        time.sleep(MIXED_SECONDS / 2)
        start = time.perf_counter()
        manage(env, "backup", str(data_dir / BACKUP))
        backup_seconds.append(time.perf_counter() - start)

    print(f"Mixed: {READERS} readers, {WRITERS} scorekeepers, {MIXED_SECONDS} s ...")
    reads, writes, acks = run_phase(port, MIXED_SECONDS, urls, READERS, WRITERS, during=take_backup)
    print("Fault: SIGKILL while saving ...", flush=True)

    def kill_midway():
        time.sleep(FAULT_SECONDS)
        os.killpg(server.pid, signal.SIGKILL)

    _, _, fault_acks = run_phase(
        port, FAULT_SECONDS + 2, urls, 4, WRITERS, lost_ok=True, during=kill_midway
    )
    return {
        "mixed reads": reads.summary(MIXED_SECONDS),
        "mixed saves": writes.summary(MIXED_SECONDS),
        "errors": reads.errors[:5] + writes.errors[:5],
        "backup seconds": backup_seconds[0],
        "acks": acks,
        "fault acks": fault_acks,
    }


def settings() -> dict:
    """The figures of this run the report states."""
    return {
        "evenings": EVENINGS,
        "workers": WORKERS,
        "threads": THREADS,
        "readers": READERS,
        "writers": WRITERS,
        "mixed seconds": MIXED_SECONDS,
        "fault seconds": FAULT_SECONDS,
        "sqlite": sqlite3.sqlite_version,
        "nginx": proxy.version(),
    }


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "build":
        build(sys.argv[2])
    elif len(sys.argv) > 1 and sys.argv[1] == "verify":
        verify(sys.argv[2], sys.argv[3])
    else:
        main()
