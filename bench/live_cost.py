"""CPU per request kind of a live evening, read from the server's processes (``make bench``).

gunicorn as ``make serve`` starts it (gthread, 3 workers of 4 threads, page cache on, access
log written) on 127.0.0.1 over a throwaway database with one evening in progress: 8 players at
two OFC tables. The CPU of each kind of request is what the server's processes used for it,
utime + stime from ``/proc`` of gunicorn's master and workers and, on PostgreSQL, of the
backends of the throwaway database (the bench's own connection left out), over a run of that
kind alone, one request at a time, beside ``/healthz`` in the same run:

- ``/healthz`` (the floor: no database, no template);
- a follower's poll answered 304 (its ``If-None-Match`` holds the current ETag);
- a follower's poll answered 200 that renders the part (the league's version moved on before
  each poll, as a save moves it; the bench moves it straight in the database);
- a follower's poll answered 200 at a version another follower has already asked for;
- a hand saved through the score pad's JSON endpoint by a logged-in scorekeeper.

Then a live evening as the issue counts it: two tables each saving a hand every 20 s and six
followers polling every 3 s as ``static/js/live.js`` does, the clock run ``SPEED`` times
faster; its CPU over the evening's seconds is the cost of one live evening per second.

SQLite always; PostgreSQL too when ``BENCH_DATABASE_URL`` names a server (never the site's own:
the bench creates a database of its own there, the named one's name + ``_livecost``, and drops
it afterwards). Writes ``bench/live_cost.md``. Not part of ``make test``; timings never decide a
test.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from client import HOST, LEAGUE, Browser  # noqa: E402
from live import conditional_get, points_hand, post_json, shell  # noqa: E402
from loadtest import ROOT, free_port, manage, server_env  # noqa: E402
from server_cpu import Database, ServerCpu  # noqa: E402

PASSWORD = "live-cost-" + uuid.uuid4().hex[:12]
ROUNDS = 8
HANDS = 15
TABLES = 2
FOLLOWERS = 6
SAVE_EVERY = 20.0
POLL_EVERY = 3.0

SETUP = """
import datetime, json
from django.contrib.auth.models import User
from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league import services
from ofcleague.table import services as table
user = User.objects.create_user("keeper", password=PASSWORD)
first = League.objects.order_by("pk").first()
Membership.objects.create(league=first, user=user, role=Role.SCOREKEEPER)
with using_league(first):
    players = services.create_players("ABCDEFGH")
    evening = services.create_evening(players=players, date=datetime.date.today(),
        start_time=datetime.time(19), rounds=ROUNDS, hands_per_round=HANDS, variant="ofc")
    seats = list(evening.seats.order_by("player__name").values_list("pk", flat=True))
    for number in range(1, ROUNDS + 1):
        table.seat_table(evening, number, 1, seats[:4])
        table.seat_table(evening, number, 2, seats[4:])
print(json.dumps({"evening": evening.pk, "league": first.pk}))
"""


# Requests --------------------------------------------------------------------------------------


class Hands:
    """The next hand of each table, round after round."""

    def __init__(self, evening: int):
        self.evening = evening
        self.lock = threading.Lock()
        self.next = dict.fromkeys(range(1, TABLES + 1), (1, 1))
        self.rng = random.Random(7)

    def take(self, table: int):
        with self.lock:
            round_number, number = self.next[table]
            if round_number > ROUNDS:
                raise RuntimeError("the evening has no hand left to save")
            following = (round_number, number + 1) if number < HANDS else (round_number + 1, 1)
            self.next[table] = following
            values = [self.rng.randint(-20, 20) for _ in range(3)]
        path = f"/{LEAGUE}/api/evenings/{self.evening}/rounds/{round_number}/tables/{table}/hands/"
        body = points_hand(number, values)
        return path, body


def login(port) -> Browser:
    """A scorekeeper's browser, logged in through the login form (allauth's ``login``)."""
    browser = Browser(port)
    page = browser.request("GET", "/login/")[2]
    token = page.split('name="csrfmiddlewaretoken" value="', 1)[1].split('"', 1)[0]
    fields = {"login": "keeper", "password": PASSWORD, "csrfmiddlewaretoken": token}
    status = browser.request("POST", "/login/", fields)[0]
    assert status == 302, status
    return browser


def save(browser, hands: Hands, table: int) -> int:
    path, body = hands.take(table)
    status, _seconds = post_json(browser, path, body)
    return status


def poll(browser, path, etag):
    """One poll as live.js sends it: (status, the ETag to send next time)."""
    extra = {"If-None-Match": etag, "Accept-Encoding": "gzip"} if etag else {}
    extra.setdefault("Accept-Encoding", "gzip")
    status, headers, _seconds = conditional_get(browser, path, extra)
    return status, headers.get("ETag", etag) if status == 200 else etag


def measure(cpu: ServerCpu, count: int, one) -> dict:
    """CPU per request of ``count`` calls of ``one`` (each returns its status)."""
    statuses: dict[int, int] = {}
    before = cpu.snapshot()
    for _ in range(count):
        status = one()
        statuses[status] = statuses.get(status, 0) + 1
    app, db = cpu.split(before, cpu.snapshot())
    return {"app": app * 1000 / count, "db": db * 1000 / count, "statuses": statuses}


def live_evening(cpu: ServerCpu, port, evening, hands: Hands, seconds: float, speed: float):
    """Two tables saving and six followers polling, ``speed`` times faster than real."""
    stop = threading.Event()
    statuses: dict[str, dict[int, int]] = {"save": {}, "poll": {}}
    lock = threading.Lock()

    def count(kind, status):
        with lock:
            statuses[kind][status] = statuses[kind].get(status, 0) + 1

    keepers = {number: login(port) for number in range(1, TABLES + 1)}

    def table(number):
        browser = keepers[number]
        stop.wait(random.uniform(0, SAVE_EVERY / speed))
        while not stop.is_set():
            count("save", save(browser, hands, number))
            stop.wait(SAVE_EVERY / speed)

    def follower(seed):
        browser = Browser(port)
        path = f"/{LEAGUE}/evenings/{evening}/now/"
        etag = None
        stop.wait(random.Random(seed).uniform(0, POLL_EVERY / speed))
        while not stop.is_set():
            status, etag = poll(browser, path, etag)
            count("poll", status)
            stop.wait(POLL_EVERY / speed)

    threads = [threading.Thread(target=table, args=(n,)) for n in range(1, TABLES + 1)]
    threads += [threading.Thread(target=follower, args=(n,)) for n in range(FOLLOWERS)]
    before = cpu.snapshot()
    start = time.monotonic()
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    app, db = cpu.split(before, cpu.snapshot())
    evening_seconds = (time.monotonic() - start) * speed
    return {
        "app": app * 1000 / evening_seconds,
        "db": db * 1000 / evening_seconds,
        "statuses": statuses,
        "evening_seconds": evening_seconds,
    }


# The run ---------------------------------------------------------------------------------------


def start_gunicorn(env, port, log: Path):
    """gunicorn with ``make serve``'s options, its access log into ``log``."""
    command = [
        *(sys.executable, "-m", "gunicorn", "ofcleague.wsgi", "--bind", f"{HOST}:{port}"),
        *("--worker-class", "gthread", "--workers", "3", "--threads", "4"),
        *("--access-logfile", str(log), "--log-level", "warning"),
        *("--logger-class", "ofcleague.web.access_log.AccessLogger"),
    ]
    server = subprocess.Popen(command, env=env, cwd=ROOT, start_new_session=True)
    # A busy machine takes a while to start three workers.
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if Browser(port).request("GET", "/healthz")[0] == 200:
                return server
        except OSError:
            time.sleep(0.2)
    os.killpg(server.pid, signal.SIGKILL)
    raise RuntimeError("gunicorn did not answer within 120 seconds")


def run(url: str | None, args) -> dict:
    workdir = tempfile.TemporaryDirectory(prefix="ofcleague-livecost-")
    data_dir = Path(workdir.name)
    database = Database(url, data_dir)
    database.create()
    env = database.env(server_env(data_dir))
    server = None
    try:
        manage(env, "migrate", "--noinput", "-v", "0")
        manage(env, "collectstatic", "--noinput", "-v", "0")
        made = shell(env, SETUP, PASSWORD=PASSWORD, ROUNDS=ROUNDS, HANDS=HANDS)
        evening, league = made["evening"], made["league"]
        port = free_port()
        server = start_gunicorn(env, port, data_dir / "access.log")
        database.connect()
        cpu = ServerCpu(server.pid, database.name, database.backend)
        return measure_all(cpu, database, port, evening, league, args)
    finally:
        if server is not None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        database.drop()
        workdir.cleanup()


def measure_all(cpu, database, port, evening, league, args) -> dict:
    hands = Hands(evening)
    keeper = login(port)
    follower = Browser(port)
    path = f"/{LEAGUE}/evenings/{evening}/now/"
    # A few hands first, so the part shows an evening being played; every thread of every
    # worker warmed up (and, on PostgreSQL, connected) by concurrent requests.
    for number in range(6):
        save(keeper, hands, 1 + number % TABLES)
    warm = [threading.Thread(target=Browser(port).request, args=("GET", path)) for _ in range(24)]
    for thread in warm:
        thread.start()
    for thread in warm:
        thread.join()
    state = {"etag": poll(follower, path, None)[1]}

    def healthz():
        return conditional_get(follower, "/healthz", {})[0]

    def not_modified():
        return poll(follower, path, state["etag"])[0]

    def rendered():
        database.new_version(league)
        status, state["etag"] = poll(follower, path, state["etag"])
        return status

    def shared():
        # Another follower's first poll at this version: no If-None-Match.
        return poll(follower, path, None)[0]

    def hand():
        return save(keeper, hands, 1 + random.randrange(TABLES))

    results = {}
    for name, count, one in (
        ("healthz", args.requests, healthz),
        ("poll 304", args.requests, not_modified),
        ("poll 200, rendered", args.renders, rendered),
        ("poll 200, same version", args.requests // 2, shared),
        ("hand save", args.saves, hand),
        ("healthz again", args.requests, healthz),
    ):
        results[name] = measure(cpu, count, one)
        print(f"  {name}: {results[name]}", flush=True)
    results["live evening"] = live_evening(cpu, port, evening, hands, args.live_seconds, args.speed)
    print(f"  live evening: {results['live evening']}", flush=True)
    return results


def section(label: str, results: dict) -> str:
    floor = (results["healthz"]["app"] + results["healthz again"]["app"]) / 2
    lines = [
        f"### {label}",
        "",
        "| request | CPU ms (gunicorn + database) | gunicorn | database | x `/healthz` | answers |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name, row in results.items():
        if name == "live evening":
            continue
        total = row["app"] + row["db"]
        answers = ", ".join(f"{n} x {s}" for s, n in sorted(row["statuses"].items()))
        lines.append(
            f"| {name} | {total:.2f} | {row['app']:.2f} | {row['db']:.2f} | "
            f"{total / floor:.1f}x | {answers} |"
        )
    live = results["live evening"]
    polls = live["statuses"]["poll"]
    share = polls.get(200, 0) / max(1, sum(polls.values()))
    lines += [
        "",
        f"**A live evening: {live['app'] + live['db']:.1f} ms of CPU per second** (gunicorn "
        f"{live['app']:.1f}, database {live['db']:.1f}), over {live['evening_seconds']:.0f} "
        f"evening seconds: saves {live['statuses']['save']}, polls {polls} "
        f"({share:.0%} answered 200).",
        "",
    ]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--renders", type=int, default=150)
    parser.add_argument("--saves", type=int, default=40)
    parser.add_argument("--live-seconds", type=float, default=40.0)
    parser.add_argument("--speed", type=float, default=5.0, help="how much faster than real")
    parser.add_argument("--only", choices=("sqlite", "postgresql"))
    args = parser.parse_args()
    url = os.environ.get("BENCH_DATABASE_URL")
    runs = []
    if args.only != "postgresql":
        runs.append(None)
    if url and args.only != "sqlite":
        runs.append(url)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    with open("/proc/loadavg") as averages:
        load = averages.read().split()[0]
    report = [
        "# A live evening's CPU, by request kind",
        "",
        f"`bench/live_cost.py` at {commit}, {datetime.date.today()}, Python "
        f"{platform.python_version()} on {os.cpu_count()} cores (load average {load} at the "
        "start). CPU per request from /proc (utime + stime) of gunicorn's processes and the "
        "database's backends; a live evening is two tables saving a hand every "
        f"{SAVE_EVERY:.0f} s and {FOLLOWERS} followers polling every {POLL_EVERY:.0f} s "
        f"(run {args.speed:g} times faster).",
        "",
    ]
    for url_of_run in runs:
        label = "PostgreSQL" if url_of_run else "SQLite"
        print(f"{label} ...", flush=True)
        report.append(section(label, run(url_of_run, args)))
    text = "\n".join(report)
    print(text)
    (ROOT / "bench" / "live_cost.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
