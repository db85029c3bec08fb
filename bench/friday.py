"""Friday night on the cluster (``make loadtest-cluster``; not part of ``make test``).

``make cluster``'s parts (bench/cluster.py) with a local SMTP sink (aiosmtpd) counting every
mail. For each N of FRIDAY_LEAGUES (default 10,20,40,60), for FRIDAY_SECONDS (60) and all
through nginx: N leagues have an evening live at two tables, each table's phone saving a hand
every HAND_SECONDS (20; a phone sends a hand again with the same id after an error, as the
score pad does), six followers per evening polling its live fragment every 3 s with
If-None-Match; in every league four players answer tomorrow's evening by their links (three
seats: the fourth waits, and moves up when the first says no, which mails them), and two
reminder runs at once (two timers, or two workers) mail tomorrow's players.

Printed per N: hand-save and live-poll p50/p95, requests per second, errors; and for the whole
run hands acknowledged / lost / doubled and mails recorded / received / lost / doubled. The
largest N with hand-save p95 < 150 ms and live p95 < 100 ms is this machine's answer.
SERVERS=1 measures one app server. FRIDAY_FAULTS=1 kills app server 0 (SIGKILL), then the
worker, then restarts Redis in the last phase, each coming back after 5 s.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import shutil
import signal
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cluster import HOST, Cluster, free_port  # noqa: E402
from friday_data import SETUP, VERIFY  # noqa: E402
from live import points_hand  # noqa: E402
from smtp_sink import Sink  # noqa: E402

HAND_SECONDS = float(os.environ.get("HAND_SECONDS", 20))
POLL_SECONDS = 3
FOLLOWERS = 6
SECONDS = int(os.environ.get("FRIDAY_SECONDS", 60))
STEPS = [int(n) for n in os.environ.get("FRIDAY_LEAGUES", "10,20,40,60").split(",")]
SERVERS = int(os.environ.get("SERVERS", 3))
FAULTS = os.environ.get("FRIDAY_FAULTS") == "1"
SAVE_P95, LIVE_P95 = 150, 100
CSRF = "f" * 32


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.times: list[float] = []
        self.statuses: dict[int, int] = {}
        self.errors: list[str] = []

    def add(self, status: int, seconds: float) -> None:
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1
            self.times.append(seconds * 1000)

    def fail(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)

    def p(self, share: float) -> float:
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else 0.0


class Phone:
    """One keep-alive connection to nginx with a session; sends what the site's pages send."""

    def __init__(self, port: int, session: str | None = None):
        self.port, self.connection = port, None
        cookies = {"csrftoken": CSRF} | ({"sessionid": session} if session else {})
        self.cookie = "; ".join(f"{key}={value}" for key, value in cookies.items())

    def send(self, method, path, body=None, extra=None):
        headers = {
            "Host": HOST,
            "X-Forwarded-Proto": "https",
            "Cookie": self.cookie,
            "Origin": f"https://{HOST}",
            "Referer": f"https://{HOST}/",
            "X-CSRFToken": CSRF,
            **(extra or {}),
        }
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
            start = time.perf_counter()
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.close()  # an idle connection the server closed: once more
                if attempt == 2:
                    raise
                continue
            except Exception:
                self.close()  # a timeout or a broken answer: a new connection next time
                raise
            return response.status, response, time.perf_counter() - start

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def phone_at_table(port, session, league, table, stop, saves: Tally, acks, counters):
    """Saves a hand every HAND_SECONDS; after an error the same hand again (same id)."""
    phone = Phone(port, session)
    path = f"/{league['slug']}/api/evenings/{league['evening']}/rounds/1/tables/{table}/hands/"
    key = (league["slug"], table)
    rng = random.Random(f"{key}")
    stop.wait(rng.uniform(0, HAND_SECONDS))
    while not stop.is_set():
        counters[key] = number = counters.get(key, 0) + 1
        values = [rng.randint(-20, 20) for _ in range(3)]
        hand = points_hand(number, values)
        body, first = json.dumps(hand), True
        for _attempt in range(30):  # a phone keeps trying until the hand is stored
            try:
                status, _, seconds = phone.send(
                    "POST", path, body, {"Content-Type": "application/json"}
                )
            except (OSError, http.client.HTTPException) as error:
                status, seconds = 0, 0.0
                saves.fail(f"retry: {error!r}")
            if first:
                saves.add(status, seconds)
                first = False
            if status in (200, 201):
                acks.append(hand["id"])
                break
            # The pad sends a hand again after no answer or a server error (the same id).
            if status not in (0, 500, 502, 503, 504):
                saves.fail(f"hand: {status}")
                break
            if status:
                saves.fail(f"retry: {status}")
            time.sleep(1)
        else:
            saves.fail("hand: never stored")
        stop.wait(HAND_SECONDS)


def follower(port, league, stop, polls: Tally, seed):
    phone, etag = Phone(port), None
    stop.wait(random.Random(seed).uniform(0, POLL_SECONDS))
    path = f"/{league['slug']}/evenings/{league['evening']}/now/"
    while not stop.is_set():
        try:
            status, response, seconds = phone.send(
                "GET", path, extra={"If-None-Match": etag} if etag else {}
            )
        except (OSError, http.client.HTTPException) as error:
            polls.fail(f"poll: {error!r}")
            stop.wait(POLL_SECONDS)
            continue
        polls.add(status, seconds)
        if status == 200:
            etag = response.getheader("ETag", etag)
        elif status != 304:
            polls.fail(f"poll: {status}")
        stop.wait(POLL_SECONDS)


def answers(port, league, stop, tally: Tally, start_at):
    """A, B, C and D say yes (D waits for a seat), then A says no: D moves up (a mail)."""
    stop.wait(start_at)
    phone = Phone(port)
    for token, answer in [*((t, "yes") for t in league["links"]), (league["links"][0], "no")]:
        body = f"csrfmiddlewaretoken={CSRF}&evening={league['tomorrow']}&answer={answer}"
        form = {"Content-Type": "application/x-www-form-urlencoded"}
        try:
            status, _, seconds = phone.send("POST", f"/{league['slug']}/rsvp/{token}/", body, form)
            tally.add(status, seconds)
            if status != 302:
                tally.fail(f"answer: {status}")
        except (OSError, http.client.HTTPException) as error:
            tally.fail(f"answer: {error!r}")


def reminders_twice(cluster: Cluster, tally: Tally) -> None:
    """Two reminder runs at once, as two timers (or two workers) would start them."""
    runs = [threading.Thread(target=lambda: tally_call(cluster, tally)) for _ in range(2)]
    for run in runs:
        run.start()
    for run in runs:
        run.join()


def tally_call(cluster, tally):
    try:
        cluster.manage("send_reminders")
    except SystemExit as error:
        tally.fail(f"reminders: {error}")


def faults(cluster: Cluster, stop: threading.Event, log: list) -> None:
    """In the last phase: kill app server 0, then the worker, then restart Redis."""
    steps = [
        ("app server 0 killed (SIGKILL)", "app0", lambda: cluster.start_app(0)),
        ("worker killed (SIGKILL)", "worker", cluster.start_worker),
        ("Redis restarted", "redis", cluster.start_redis),
    ]
    for what, name, back in steps:
        if stop.wait(SECONDS / 5):
            return
        cluster.signal(name, signal.SIGKILL if name != "redis" else signal.SIGTERM)
        log.append(what)
        time.sleep(5)
        back()


def phase(cluster, setup, count, acks, counters, answered, last) -> dict:
    port, stop = cluster.state["port"], threading.Event()
    saves, polls, answer_tally, other = Tally(), Tally(), Tally(), Tally()
    leagues = setup["leagues"][:count]
    threads = []
    for index, league in enumerate(leagues):
        for table in (1, 2):
            session = setup["sessions"][2 * index + table - 1]
            arguments = (port, session, league, table, stop, saves, acks, counters)
            threads.append(threading.Thread(target=phone_at_table, args=arguments))
        for seat in range(FOLLOWERS):
            arguments = (port, league, stop, polls, f"{index}-{seat}")
            threads.append(threading.Thread(target=follower, args=arguments))
        if league["slug"] not in answered:
            answered.add(league["slug"])
            start_at = random.uniform(0, SECONDS / 2)
            threads.append(
                threading.Thread(target=answers, args=(port, league, stop, answer_tally, start_at))
            )
    fault_log: list[str] = []
    if FAULTS and last:
        threads.append(threading.Thread(target=faults, args=(cluster, stop, fault_log)))
    started, cpu = time.perf_counter(), cluster.cpu_seconds()
    for thread in threads:
        thread.start()
    time.sleep(SECONDS * 2 / 3)
    reminders_twice(cluster, other)
    time.sleep(max(0.0, SECONDS - (time.perf_counter() - started)))
    stop.set()
    for thread in threads:
        thread.join()
    seconds, cpu = time.perf_counter() - started, cluster.cpu_seconds() - cpu
    requests = sum(len(t.times) for t in (saves, polls, answer_tally))
    failures = [e for t in (saves, polls, answer_tally, other) for e in t.errors]
    errors = [e for e in failures if not e.startswith("retry: ")]
    # The servers' CPU (gunicorn, worker, PostgreSQL, Redis, nginx) per live evening and
    # second, whatever else the machine runs; and how many evenings fit in 70 % of its cores.
    cpu_ms = cpu * 1000 / (count * seconds)
    return {
        "leagues": count,
        "save_p50": statistics.median(saves.times or [0]),
        "save_p95": saves.p(0.95),
        "live_p50": statistics.median(polls.times or [0]),
        "live_p95": polls.p(0.95),
        "saves": len(saves.times),
        "polls": len(polls.times),
        "share_304": polls.statuses.get(304, 0) / max(1, len(polls.times)),
        "rps": requests / seconds,
        "errors": len(errors),
        "retries": len(failures) - len(errors),
        "error_samples": sorted(set(errors))[:6],
        "cpu_ms": cpu_ms,
        "fit_70": 0.7 * (os.cpu_count() or 1) * 1000 / max(cpu_ms, 0.001),
        "faults": fault_log,
    }


def shell(cluster: Cluster, code: str, **values) -> dict:
    for name, value in values.items():
        code = code.replace(name, repr(value))
    output = cluster.manage("shell", "-v", "0", "--no-imports", "-c", code)
    return json.loads(output.strip().splitlines()[-1])


def wait_for_mails(sink: Sink, expected: int, seconds: float = 60) -> None:
    """Mails sent by the worker may still be on their way: wait until all have come."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and sink.counts()[1] < expected:
        time.sleep(1)


def report(results, check, sink_counts, machine) -> str:
    total, unique = sink_counts
    fits = [r["leagues"] for r in results if r["save_p95"] < SAVE_P95 and r["live_p95"] < LIVE_P95]
    lines = [
        f"## Friday night: {SERVERS} app server(s) behind nginx, PostgreSQL, Redis, one worker",
        "",
        f"`bench/friday.py` on {machine}: per step {SECONDS} s; a hand every {HAND_SECONDS:.0f} s"
        f" per table, two tables and {FOLLOWERS} followers (poll every {POLL_SECONDS} s) per "
        "evening; answers by link, two reminder runs at once.",
        "",
        "| live evenings | hand saves | save p50 / p95 ms | polls | live p50 / p95 ms | 304s "
        "| req/s | errors | hands sent again | CPU ms per evening-s | fit in 70 % |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        lines.append(
            f"| {r['leagues']} | {r['saves']} | {r['save_p50']:.0f} / {r['save_p95']:.0f} "
            f"| {r['polls']} | {r['live_p50']:.0f} / {r['live_p95']:.0f} "
            f"| {r['share_304']:.0%} | {r['rps']:.1f} | {r['errors']} | {r['retries']} "
            f"| {r['cpu_ms']:.1f} | {r['fit_70']:.0f} |"
        )
    lines += [
        "",
        f"Largest N with hand-save p95 < {SAVE_P95} ms and live p95 < {LIVE_P95} ms: "
        f"**{max(fits) if fits else 'none of the steps'}**.",
        f"Hands acknowledged {check['acked']}, stored {check['hands']}, lost **{check['lost']}**,"
        f" doubled **{check['doubled']}**. Mails recorded as sent {check['mails_recorded']},"
        f" received {total} ({unique} different), lost "
        f"**{max(0, check['mails_recorded'] - unique)}**, doubled **{total - unique}**.",
    ]
    for r in results:
        if r["faults"]:
            lines.append(f"Faults at N={r['leagues']}: {'; '.join(r['faults'])}.")
        if r["error_samples"]:
            lines.append(f"Errors at N={r['leagues']} (first): {r['error_samples']}")
    return "\n".join(lines) + "\n"


def main() -> None:
    sink = Sink()
    folder = Path(tempfile.mkdtemp(prefix="ofcleague-friday-"))
    cluster = Cluster(folder)
    extra = {"EMAIL_URL": f"smtp://{HOST}:{sink.port}"}
    try:
        print(f"Starting the cluster ({SERVERS} app servers) in {folder} ...", flush=True)
        cluster.start(servers=SERVERS, port=free_port(), extra=extra)
        setup = shell(cluster, SETUP, LEAGUES=max(STEPS))
        acks, counters, answered, results = [], {}, set(), []
        for step, count in enumerate(STEPS):
            print(f"{count} live evenings for {SECONDS} s ...", flush=True)
            result = phase(cluster, setup, count, acks, counters, answered, step == len(STEPS) - 1)
            results.append(result)
            print(json.dumps(result), flush=True)
        acks_file = folder / "acks.json"
        acks_file.write_text(json.dumps(acks))
        check = shell(cluster, VERIFY, ACKS=str(acks_file))
        wait_for_mails(sink, check["mails_recorded"])
        machine = f"{os.cpu_count()} cores, {os.uname().sysname} {os.uname().release}"
        text = report(results, check, sink.counts(), machine)
        print(text)
        with (Path(__file__).parent / "friday.md").open("a", encoding="utf-8") as out:
            out.write(text + "\n")
    finally:
        keep_logs(folder)
        cluster.stop()
        sink.controller.stop()


def keep_logs(folder: Path) -> None:
    """The cluster's logs outlive it (its folder is removed): copied to a folder of their own."""
    logs = Path(tempfile.mkdtemp(prefix="ofcleague-friday-logs-"))
    for log in folder.glob("*.log"):
        shutil.copy(log, logs / log.name)
    print(f"The cluster's logs: {logs}")


if __name__ == "__main__":
    main()
