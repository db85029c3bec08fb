"""Load and fault test of the production server (``make loadtest``; not part of ``make test``).

Starts gunicorn with production settings (DEBUG off, gthread workers) on a free port of
127.0.0.1 over a throwaway copy of a generated league, then, all bounded in time:

1. the framework's ceiling: concurrent clients asking ``/healthz``;
2. each read page alone (history, all-time table, player, evening), as a ratio to the ceiling;
3. 60 seconds of 20 readers and 5 scorekeepers who log in and save evenings through the real
   forms (new evening, then its points), with a backup taken in the middle;
4. SIGKILL to the whole server while the scorekeepers save.

Then it proves that every save the server acknowledged is in the database, that every
evening's totals and places match its points (``places_from_totals``), and that the backup
restores into an empty database. Figures go to ``bench/load.md``. Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import contextlib
import http.client
import importlib
import json
import os
import platform
import random
import re
import secrets
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
EVENINGS = 300
READERS = 20
WRITERS = 5
MIXED_SECONDS = 60
PAGE_SECONDS = 8
FAULT_SECONDS = 6
WORKERS = 3
THREADS = 4
# A scorekeeper pauses between saves: even so this is far more writing than a league does.
WRITER_PAUSE = 0.25
# Shared with the child process that creates the scorekeepers through the environment.
PASSWORD = os.environ.setdefault("LOADTEST_PASSWORD", "load-test-" + secrets.token_hex(8))
HOST = "127.0.0.1"
TIMEOUT = 15


# Client ---------------------------------------------------------------------------------------


class FormInputs(HTMLParser):
    """Collect the inputs of a page's forms: name -> values, and the checkbox choices."""

    def __init__(self):
        super().__init__()
        self.values: dict[str, str] = {}
        self.choices: dict[str, list[str]] = {}

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        name = attributes.get("name")
        if tag != "input" or not name:
            return
        if attributes.get("type") == "checkbox":
            self.choices.setdefault(name, []).append(attributes.get("value", ""))
        else:
            self.values[name] = attributes.get("value") or ""


def form_inputs(html: str) -> FormInputs:
    parser = FormInputs()
    parser.feed(html)
    return parser


class Browser:
    """One keep-alive connection with its own cookies, as the reverse proxy would forward it."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}
        self.connection = None

    def request(self, method: str, path: str, fields=None):
        """Send one request; return (status, headers, body text, seconds)."""
        headers = {
            "Host": f"{HOST}:{self.port}",
            "X-Forwarded-Proto": "https",
            "X-Forwarded-For": "192.0.2.10",
            "Accept-Language": "de",
        }
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{key}={value}" for key, value in self.cookies.items())
        body = None
        if fields is not None:
            body = urlencode(fields, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = f"https://{HOST}:{self.port}"
            headers["Referer"] = f"https://{HOST}:{self.port}{path}"
        if self.connection is None:
            self.connection = http.client.HTTPConnection(HOST, self.port, timeout=TIMEOUT)
        start = time.perf_counter()
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            text = response.read().decode("utf-8", "replace")
        except Exception:
            self.close()
            raise
        elapsed = time.perf_counter() - start
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, dict(response.getheaders()), text, elapsed

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None


class Stats:
    """Latencies and failures of one phase, shared by its client threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.latencies: list[float] = []
        self.errors: list[str] = []

    def record(self, seconds: float):
        with self.lock:
            self.latencies.append(seconds)

    def error(self, what: str):
        with self.lock:
            self.errors.append(what)

    def summary(self, seconds: float) -> dict:
        ordered = sorted(self.latencies) or [0.0]
        return {
            "requests": len(self.latencies),
            "rps": len(self.latencies) / seconds,
            "p50": statistics.median(ordered) * 1000,
            "p95": ordered[int(0.95 * (len(ordered) - 1))] * 1000,
            "errors": len(self.errors),
        }


def reader(port: int, urls: list[str], stop: threading.Event, stats: Stats, seed: int):
    """GET random pages until told to stop; anything but 200 is an error."""
    rng = random.Random(seed)
    browser = Browser(port)
    while not stop.is_set():
        url = rng.choice(urls)
        try:
            status, _, _, elapsed = browser.request("GET", url)
        except Exception as error:  # every failure counts, whatever its kind
            stats.error(f"GET {url}: {error!r}")
            continue
        if status == 200:
            stats.record(elapsed)
        else:
            stats.error(f"GET {url}: {status}")
    browser.close()


def expect_redirect(status: int, headers: dict, what: str) -> str:
    if status != 302:
        raise RuntimeError(f"{what}: status {status}")
    return urlsplit(headers.get("Location", "")).path


def writer(port: int, number: int, stop: threading.Event, stats: Stats, acks: list, lost_ok):
    """Log in, then create evenings and save their points through the forms until stopped.

    Every save the server acknowledged (302) goes into ``acks``. With ``lost_ok`` (the fault
    phase) a failed request ends the writer quietly: the server is being killed.
    """
    rng = random.Random(1000 + number)
    browser = Browser(port)
    try:
        _, _, page, _ = browser.request("GET", "/login/")
        token = form_inputs(page).values["csrfmiddlewaretoken"]
        status, headers, _, _ = browser.request(
            "POST",
            "/login/",
            {"username": f"scorer{number}", "password": PASSWORD, "csrfmiddlewaretoken": token},
        )
        expect_redirect(status, headers, "login")
        serial = 0
        while not stop.is_set():
            serial += 1
            _, _, page, _ = browser.request("GET", "/evenings/new/")
            form = form_inputs(page)
            players = rng.sample(form.choices["players"], rng.randint(3, 6))
            notes = f"load test {number}-{serial}"
            fields = {
                "csrfmiddlewaretoken": form.values["csrfmiddlewaretoken"],
                "date": "2026-11-30",
                "start_time": "19:30",
                "buy_in": "10",
                "rounds": "3",
                "hands_per_round": "15",
                "variant": "pineapple",
                "location": "",
                "notes": notes,
                "players": players,
                "new_players": "",
            }
            status, headers, _, elapsed = browser.request("POST", "/evenings/new/", fields)
            points_path = expect_redirect(status, headers, "new evening")
            stats.record(elapsed)
            evening = int(re.search(r"/evenings/(\d+)/", points_path).group(1))
            acks.append({"kind": "evening", "evening": evening, "notes": notes})

            _, _, page, _ = browser.request("GET", points_path)
            form = form_inputs(page)
            cells = sorted(name for name in form.values if re.fullmatch(r"p_\d+_\d+", name))
            seats = sorted({name.split("_")[1] for name in cells})
            points = {}
            for round_number in sorted({name.split("_")[2] for name in cells}):
                values = [rng.randint(-30, 30) for _ in seats[1:]]
                values.insert(0, -sum(values))  # every round adds up to zero
                for seat, value in zip(seats, values, strict=True):
                    points[f"p_{seat}_{round_number}"] = value
            fields = {
                "csrfmiddlewaretoken": form.values["csrfmiddlewaretoken"],
                "version": form.values["version"],
                "finish": "",
                **{name: str(value) for name, value in points.items()},
            }
            status, headers, _, elapsed = browser.request("POST", points_path, fields)
            expect_redirect(status, headers, "points")
            stats.record(elapsed)
            acks.append({"kind": "points", "evening": evening, "points": points})
            stop.wait(WRITER_PAUSE)
    except Exception as error:
        if not lost_ok:
            stats.error(f"scorer{number}: {error!r}")
    finally:
        browser.close()


def run_phase(port, seconds, reader_urls, readers, writers=0, lost_ok=False, during=None):
    """Run reader and writer threads for ``seconds``; return (reader stats, writer stats, acks)."""
    stop = threading.Event()
    read_stats, write_stats, acks = Stats(), Stats(), []
    threads = [
        threading.Thread(target=reader, args=(port, reader_urls, stop, read_stats, seed))
        for seed in range(readers)
    ] + [
        threading.Thread(target=writer, args=(port, n, stop, write_stats, acks, lost_ok))
        for n in range(1, writers + 1)
    ]
    for thread in threads:
        thread.start()
    start = time.perf_counter()
    if during is not None:
        during()
    stop.wait(max(0.0, seconds - (time.perf_counter() - start)))
    stop.set()
    for thread in threads:
        thread.join(timeout=TIMEOUT + 5)
    return read_stats, write_stats, acks


# Server and database --------------------------------------------------------------------------


def server_env(data_dir: Path) -> dict:
    """The environment of a production-like server on SQLite in ``data_dir``."""
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    return env | {
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "DATA_DIR": str(data_dir),
        "DJANGO_SETTINGS_MODULE": "ofcleague.settings",
        "PYTHONPATH": str(ROOT),
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


def measure_pages(port, pages) -> dict:
    """The ceiling (/healthz), then each page alone, each with READERS concurrent clients."""
    print("Ceiling: /healthz ...", flush=True)
    stats, _, _ = run_phase(port, PAGE_SECONDS, ["/healthz"], READERS)
    result = {"healthz": stats.summary(PAGE_SECONDS)}
    for name, page_urls in pages.items():
        print(f"Page alone: {name} ...", flush=True)
        stats, _, _ = run_phase(port, PAGE_SECONDS, page_urls, READERS)
        result[name] = stats.summary(PAGE_SECONDS)
    return result


def build(data_dir: str) -> None:
    """Child process: generate the league with bench/pages.py, copy it into ``data_dir``."""
    sys.path.insert(0, str(ROOT / "bench"))
    # Importing it sets up Django on a throwaway database of its own.
    pages = importlib.import_module("pages")

    from django.contrib.auth.models import Group, Permission, User
    from django.core.management import call_command
    from django.db import connection

    from ofcleague.league.models import Evening, Player

    call_command("migrate", verbosity=0)
    pages.EVENINGS = EVENINGS
    pages.build_league(random.Random(pages.SEED))
    # The generated rows bypass the services: derive the kept ratings and standings once.
    pages.kept.rebuild()
    keepers, _ = Group.objects.get_or_create(name="Scorekeepers")
    keepers.permissions.add(Permission.objects.get(codename="enter_results"))
    for number in range(1, WRITERS + 1):
        User.objects.create_user(f"scorer{number}", password=PASSWORD).groups.add(keepers)
    urls = {
        "evenings": list(Evening.objects.values_list("pk", flat=True)),
        "players": list(Player.objects.values_list("slug", flat=True)),
        "history_pages": (Evening.objects.count() + 19) // 20,
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


# The run --------------------------------------------------------------------------------------


def main() -> None:
    workdir = tempfile.TemporaryDirectory(prefix="ofcleague-load-")
    data_dir = Path(workdir.name) / "data"
    data_dir.mkdir()
    env = server_env(data_dir)
    print("Building the league ...", flush=True)
    child(env, "build", str(data_dir))
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    urls = json.loads((data_dir / "urls.json").read_text())
    rng = random.Random(7)
    pages = {
        "history": [f"/history/?page={n}" for n in range(1, urls["history_pages"] + 1)],
        "all-time table": ["/alltime/"],
        "player": [f"/players/{slug}/" for slug in urls["players"]],
        "evening": [f"/evenings/{pk}/" for pk in rng.sample(urls["evenings"], 100)],
    }
    # Measured alone, not read in the mixed phase: the cheapest page with data (the frame,
    # one small query, a short list), what any page costs at least.
    alone = pages | {"seasons list": ["/seasons/"]}
    report = {}
    # First without the page cache: what the views themselves cost.
    port = free_port()
    server = start_server(env | {"PAGE_CACHE": "0"}, port)
    try:
        report["uncached"] = measure_pages(port, alone)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    port = free_port()
    server = start_server(env, port)
    try:
        report["cached"] = measure_pages(port, alone)

        backup = data_dir / "during-load.json.gz"
        backup_seconds = []

        def take_backup():
            time.sleep(MIXED_SECONDS / 2)
            start = time.perf_counter()
            manage(env, "backup", str(backup))
            backup_seconds.append(time.perf_counter() - start)

        print(f"Mixed: {READERS} readers, {WRITERS} scorekeepers, {MIXED_SECONDS} s ...")
        mixed_urls = [url for page_urls in pages.values() for url in page_urls[:50]]
        reads, writes, acks = run_phase(
            port, MIXED_SECONDS, mixed_urls, READERS, WRITERS, during=take_backup
        )
        report["mixed reads"] = reads.summary(MIXED_SECONDS)
        report["mixed saves"] = writes.summary(MIXED_SECONDS)
        report["errors"] = reads.errors[:5] + writes.errors[:5]

        print("Fault: SIGKILL while saving ...", flush=True)

        def kill_midway():
            time.sleep(FAULT_SECONDS)
            os.killpg(server.pid, signal.SIGKILL)

        _, _, fault_acks = run_phase(
            port, FAULT_SECONDS + 2, mixed_urls, 4, WRITERS, lost_ok=True, during=kill_midway
        )
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)

    acks_file = Path(workdir.name) / "acks.json"
    acks_file.write_text(json.dumps(acks + fault_acks))
    check = child(env, "verify", str(data_dir), str(acks_file))
    restored_dir = Path(workdir.name) / "restored"
    restored_dir.mkdir()
    restored_env = env | {"DATA_DIR": str(restored_dir)}
    manage(restored_env, "migrate", "--noinput", "-v", "0")
    manage(restored_env, "restore", str(backup))
    restored = child(restored_env, "verify", str(restored_dir), "-")
    write_report(report, acks, fault_acks, check, restored, backup_seconds)
    workdir.cleanup()
    page_errors = sum(
        row["errors"] for mode in ("uncached", "cached") for row in report[mode].values()
    )
    failed = (
        page_errors
        or report["mixed reads"]["errors"]
        or report["mixed saves"]["errors"]
        or check["lost"]
        or check["inconsistent"]
        or restored["inconsistent"]
        or check["integrity"] != "ok"
    )
    sys.exit(1 if failed else 0)


def write_report(report, acks, fault_acks, check, restored, backup_seconds):
    lines = [
        "# Load test",
        "",
        f"`make loadtest` on {platform.machine()}, {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}, SQLite {sqlite3.sqlite_version}: gunicorn with production "
        f"settings, {WORKERS} gthread workers x {THREADS} threads, on 127.0.0.1; a generated "
        f"league of {EVENINGS} evenings. Clients are Python threads with keep-alive "
        "connections on the same machine, so they compete with the server for the CPUs.",
        "",
        f"## Each page alone ({READERS} concurrent readers, {PAGE_SECONDS} s each)",
        "",
        "The ceiling is `/healthz` (no database, no template) on the same server; each page's "
        "throughput is also given as a share of it. Without the page cache (`PAGE_CACHE=0`) "
        "every request renders; with it, anonymous readers get the cached page. The seasons "
        "list (the page frame, one small query and a short list) shows what the cheapest page "
        "with data costs in this stack.",
        "",
        "| page | cache | requests/s | p50 ms | p95 ms | errors | share of the ceiling |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for name in ["healthz", "history", "all-time table", "player", "evening", "seasons list"]:
        for mode in ["uncached", "cached"]:
            row, ceiling = report[mode][name], report[mode]["healthz"]["rps"]
            label = "`/healthz` (ceiling)" if name == "healthz" else name
            lines.append(
                f"| {label} | {'on' if mode == 'cached' else 'off'} | {row['rps']:.0f} | "
                f"{row['p50']:.1f} | {row['p95']:.1f} | {row['errors']} | "
                f"{row['rps'] / ceiling:.2f} |"
            )
    reads, saves = report["mixed reads"], report["mixed saves"]
    points_acks = sum(1 for ack in acks if ack["kind"] == "points")
    lines += [
        "",
        f"## Readers and scorekeepers together ({MIXED_SECONDS} s, page cache on)",
        "",
        f"{READERS} readers over history, all-time, player and evening pages, while {WRITERS} "
        f"scorekeepers logged in and saved through the forms (a new evening, then its points "
        f'with "finish"; {WRITER_PAUSE} s pause between evenings). A backup '
        f"(`manage.py backup`) ran in the middle and took {backup_seconds[0]:.1f} s.",
        "",
        "| | requests/s | p50 ms | p95 ms | errors |",
        "|---|---:|---:|---:|---:|",
        f"| reads | {reads['rps']:.0f} | {reads['p50']:.1f} | {reads['p95']:.1f} | "
        f"{reads['errors']} |",
        f"| saves (POST) | {saves['rps']:.1f} | {saves['p50']:.1f} | {saves['p95']:.1f} | "
        f"{saves['errors']} |",
        "",
        f"Acknowledged saves: {len(acks)} ({points_acks} finished evenings with their points); "
        f"all in the database afterwards unless counted here as lost. Every save makes every "
        f"cached page stale, so at {saves['rps']:.1f} saves/s (far more than a game night "
        f"produces) the readers mostly get freshly rendered pages.",
        "",
        "## SIGKILL in the middle of saves",
        "",
        f"The whole server (master and workers) was killed with SIGKILL after {FAULT_SECONDS} s "
        f"of saving; {len(fault_acks)} saves had been acknowledged in that phase.",
        "",
        f"- acknowledged saves checked: {check['acks']}, lost: **{check['lost']}**",
        f"- evenings checked against their points (totals and `places_from_totals`): "
        f"{check['checked']}, inconsistent: **{len(check['inconsistent'])}**",
        f"- SQLite `PRAGMA integrity_check`: {check['integrity']}",
        f"- the backup taken under load restored into an empty database: {restored['evenings']}"
        f" evenings, inconsistent: {len(restored['inconsistent'])}",
    ]
    if report["errors"]:
        lines += ["", "First errors:", ""] + [f"- `{error}`" for error in report["errors"]]
    text = "\n".join(lines) + "\n"
    (ROOT / "bench" / "load.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "build":
        build(sys.argv[2])
    elif len(sys.argv) > 1 and sys.argv[1] == "verify":
        verify(sys.argv[2], sys.argv[3])
    else:
        main()
