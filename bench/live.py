"""Load phase "50 phones follow a live evening while 2 scorekeepers enter hands" (part of
``make loadtest``; not part of ``make test``).

gunicorn with production settings on 127.0.0.1 over a throwaway database with one evening in
progress, 8 players at two OFC tables of four (a Pineapple table seats three). Two scorekeepers
enter a round of 15 hands each through the score pad's JSON endpoint (every hand is sent twice
with the same id, as a phone does after a lost answer); meanwhile 50 followers poll the live
fragment every 3 s with ``If-None-Match``, as the evening page's script does. Afterwards the
database is checked: every acknowledged hand is there once, no hand twice, and each round
total is the sum of its hands.
Prints its Markdown section and appends it to ``bench/load.md``.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from client import HOST, LEAGUE, TIMEOUT, Browser  # noqa: E402
from loadtest import ROOT, free_port, manage, server_env, start_server  # noqa: E402

FOLLOWERS = 50
POLL_SECONDS = 3
SCOREKEEPERS = 2
HANDS = 15
# A real table takes a minute or two per hand; this pace changes the evening every 2 s or so,
# so most polls see a change (at the real pace nearly every poll is a 304).
HAND_PAUSE = 4.0
PASSWORD = "live-" + secrets.token_hex(8)

SETUP = """
import datetime, json
from django.contrib.auth.models import User
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league import services
from ofcleague.table import services as table
user = User.objects.create_user("keeper", password=PASSWORD)
first = League.objects.order_by("pk").first()
Membership.objects.create(league=first, user=user, role=Role.SCOREKEEPER)
players = services.create_players("ABCDEFGH")
evening = services.create_evening(players=players, date=datetime.date.today(),
    start_time=datetime.time(19), rounds=3, hands_per_round=HANDS, variant="ofc")
seats = list(evening.seats.order_by("player__name").values_list("pk", flat=True))
table.seat_table(evening, 1, 1, seats[:4]); table.seat_table(evening, 1, 2, seats[4:])
print(json.dumps({"evening": evening.pk}))
"""

VERIFY = """
import json
from collections import Counter
from django.db.models import Sum
from ofcleague.league.models import RoundScore
from ofcleague.table.models import Hand, HandResult
acked = set(json.loads(open(ACKS).read()))
stored = Counter(str(i) for i in Hand.objects.values_list("client_id", flat=True))
numbers = Counter(Hand.objects.values_list("round_table__table", "number"))
sums = dict(HandResult.objects.values("evening_player").annotate(s=Sum("points"))
    .values_list("evening_player", "s"))
wrong = [s.pk for s in RoundScore.objects.filter(round_number=1)
    if s.points != sums.get(s.evening_player_id, 0)]
print(json.dumps({"acked": len(acked), "lost": len(acked - set(stored)),
    "doubled": sum(n - 1 for n in numbers.values() if n > 1), "hands": sum(stored.values()),
    "wrong_totals": len(wrong)}))
"""


def shell(env, code, **values) -> dict:
    for name, value in values.items():
        code = code.replace(name, repr(value))
    result = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "shell", "-v", "0", "-c", code],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.statuses: dict[int, int] = {}
        self.times: list[float] = []
        self.errors: list[str] = []

    def add(self, status, seconds):
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1
            self.times.append(seconds * 1000)

    def fail(self, text):
        with self.lock:
            self.errors.append(text)

    def p(self, share):
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else 0


def row(label: str, tally: Tally, share: str = "") -> str:
    """One line of the report's table."""
    count = sum(tally.statuses.values())
    median = statistics.median(tally.times or [0])
    return f"| {label} | {count} | {median:.1f} | {tally.p(0.95):.1f} | {share} |"


def post_json(browser: Browser, path: str, data: dict):
    """A JSON POST with the CSRF token from the cookie, as the pad's script sends it."""
    headers = {
        "Host": f"{HOST}:{browser.port}",
        "X-Forwarded-Proto": "https",
        "Content-Type": "application/json",
        "X-CSRFToken": browser.cookies.get("csrftoken", ""),
        "Origin": f"https://{HOST}:{browser.port}",
        "Referer": f"https://{HOST}:{browser.port}/",
        "Cookie": "; ".join(f"{k}={v}" for k, v in browser.cookies.items()),
    }
    for attempt in (1, 2):
        if browser.connection is None:
            browser.connection = http.client.HTTPConnection(HOST, browser.port, timeout=TIMEOUT)
        start = time.perf_counter()
        try:
            browser.connection.request("POST", path, body=json.dumps(data), headers=headers)
            response = browser.connection.getresponse()
            response.read()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # The idle connection was closed; the hand's id makes sending it again safe.
            browser.close()
            if attempt == 2:
                raise
            continue
        return response.status, time.perf_counter() - start


def login(port) -> Browser:
    browser = Browser(port)
    _, _, page, _ = browser.request("GET", "/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    status, _, _, _ = browser.request(
        "POST",
        "/login/",
        {"login": "keeper", "password": PASSWORD, "csrfmiddlewaretoken": token},
    )
    assert status == 302, status
    return browser


def points_hand(number: int, values: list[int]) -> dict:
    """A hand as the pad sends it: points of three seats and the fourth's that make it zero,
    under a new entry id."""
    return {
        "id": str(uuid.uuid4()),
        "number": number,
        "entry": "points",
        "results": [
            {"seat": seat, "points": value} for seat, value in enumerate([*values, -sum(values)], 1)
        ],
    }


def scorekeeper(port, evening, table, saves: Tally, resends: Tally, acks: list):
    browser = login(port)
    path = f"/{LEAGUE}/api/evenings/{evening}/rounds/1/tables/{table}/hands/"
    rng = random.Random(table)
    for number in range(1, HANDS + 1):
        values = [rng.randint(-20, 20) for _ in range(3)]
        hand = points_hand(number, values)
        try:
            status, seconds = post_json(browser, path, hand)
            saves.add(status, seconds)
            if status == 201:
                acks.append(hand["id"])
            status, seconds = post_json(browser, path, hand)
            resends.add(status, seconds)
        except OSError as error:
            saves.fail(repr(error))
            browser.close()
        time.sleep(HAND_PAUSE)


def follower(port, evening, stop: threading.Event, tally: Tally, seed: int):
    browser = Browser(port)
    etag = None
    time.sleep(random.Random(seed).uniform(0, POLL_SECONDS))
    while not stop.is_set():
        headers_extra = {"If-None-Match": etag} if etag else {}
        try:
            status, headers, seconds = conditional_get(
                browser, f"/{LEAGUE}/evenings/{evening}/now/", headers_extra
            )
        except OSError as error:
            tally.fail(repr(error))
            browser.close()
            continue
        tally.add(status, seconds)
        if status == 200:
            etag = headers.get("ETag", etag)
        stop.wait(POLL_SECONDS)


def conditional_get(browser: Browser, path, extra):
    """A GET on the keep-alive connection; like a browser, it reconnects once when the server
    has closed the idle connection meanwhile (gunicorn's keep-alive is 2 s, the poll 3 s)."""
    headers = {"Host": f"{HOST}:{browser.port}", "X-Forwarded-Proto": "https", **extra}
    for attempt in (1, 2):
        if browser.connection is None:
            browser.connection = http.client.HTTPConnection(HOST, browser.port, timeout=TIMEOUT)
        start = time.perf_counter()
        try:
            browser.connection.request("GET", path, headers=headers)
            response = browser.connection.getresponse()
            response.read()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            browser.close()
            if attempt == 2:
                raise
            continue
        return response.status, dict(response.getheaders()), time.perf_counter() - start


def main():
    workdir = tempfile.TemporaryDirectory(prefix="ofcleague-live-")
    data_dir = Path(workdir.name)
    env = server_env(data_dir)
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")
    evening = shell(env, SETUP, PASSWORD=PASSWORD, HANDS=HANDS)["evening"]
    port = free_port()
    server = start_server(env, port)
    follows, saves, resends, acks = Tally(), Tally(), Tally(), []
    stop = threading.Event()
    try:
        print(f"Live: {FOLLOWERS} followers, {SCOREKEEPERS} scorekeepers x {HANDS} hands ...")
        start = time.perf_counter()
        followers = [
            threading.Thread(target=follower, args=(port, evening, stop, follows, n))
            for n in range(FOLLOWERS)
        ]
        keepers = [
            threading.Thread(target=scorekeeper, args=(port, evening, t, saves, resends, acks))
            for t in range(1, SCOREKEEPERS + 1)
        ]
        for thread in followers + keepers:
            thread.start()
        for thread in keepers:
            thread.join()
        time.sleep(POLL_SECONDS * 2)
        stop.set()
        for thread in followers:
            thread.join()
        seconds = time.perf_counter() - start
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    acks_file = data_dir / "acks.json"
    acks_file.write_text(json.dumps(acks))
    check = shell(env, VERIFY, ACKS=str(acks_file))
    polls = sum(follows.statuses.values())
    not_modified = follows.statuses.get(304, 0)
    errors = (
        len(follows.errors)
        + len(saves.errors)
        + sum(n for s, n in follows.statuses.items() if s not in (200, 304))
        + sum(n for s, n in saves.statuses.items() if s != 201)
        + sum(n for s, n in resends.statuses.items() if s != 200)
    )
    section = f"""
## A live evening: {FOLLOWERS} phones follow while {SCOREKEEPERS} scorekeepers enter hands

`bench/live.py` (run by `make loadtest`): {FOLLOWERS} followers poll the live fragment every
{POLL_SECONDS} s with `If-None-Match`; {SCOREKEEPERS} scorekeepers enter {HANDS} hands each at
their own table through the score pad's JSON endpoint, each hand sent twice with the same id.
{seconds:.0f} s in all.

| | requests | p50 ms | p95 ms | share 304 |
|---|---:|---:|---:|---:|
{row("live polls", follows, f"{not_modified / max(polls, 1):.2f}")}
{row("hand saves", saves)}
{row("resends (same id)", resends)}

Errors: **{errors}**. Acknowledged hands {check["acked"]}, stored {check["hands"]}, lost
**{check["lost"]}**, doubled **{check["doubled"]}**; round totals not equal to the sum of their
hands: **{check["wrong_totals"]}**.
"""
    print(section)
    print((follows.errors + saves.errors)[:5])
    # After bench/loadtest.py's sections (``make loadtest`` runs it first).
    with (ROOT / "bench" / "load.md").open("a", encoding="utf-8") as report:
        report.write(section)


if __name__ == "__main__":
    main()
