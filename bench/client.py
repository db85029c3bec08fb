"""The load test's clients: a keep-alive browser with cookies, readers and scorekeepers.

Readers GET pages; a scorekeeper logs in and saves evenings through the real forms (a new
evening, then its points). Everything talks to 127.0.0.1 only, to gunicorn directly or to the
proxy in front of it (bench/proxy.py).
"""

from __future__ import annotations

import gzip
import http.client
import os
import random
import re
import secrets
import statistics
import threading
import time
from html.parser import HTMLParser
from urllib.parse import urlencode, urlsplit

HOST = "127.0.0.1"
TIMEOUT = 15
# Shared with the child process that creates the scorekeepers through the environment.
# The league the scorekeepers write to (the first one; the readers visit many).
LEAGUE = "ofc-runde"
PASSWORD = os.environ.setdefault("LOADTEST_PASSWORD", "load-test-" + secrets.token_hex(8))
# A scorekeeper pauses between saves: even so this is far more writing than a league does.
WRITER_PAUSE = 0.25


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
    """One keep-alive connection with its own cookies, sending what a phone's browser sends.

    ``public_host`` is the host the app sees: by default this server's address with its port;
    behind the proxy, which forwards ``Host: $host`` (without the port), just the address. The
    ``Origin`` of form posts is built from it, as a browser builds it from the page's address.
    """

    def __init__(self, port: int, public_host: str | None = None):
        self.port = port
        self.public_host = public_host or f"{HOST}:{port}"
        self.cookies: dict[str, str] = {}
        self.connection = None

    def request(self, method: str, path: str, fields=None, raw=False):
        """Send one request; return (status, headers, body, seconds).

        The body is text, unpacked if it came compressed; with ``raw`` it is the bytes as
        they came (what a reader needs for counting, without the cost of unpacking them).
        """
        headers = {
            "Host": f"{HOST}:{self.port}",
            # What the proxy in front sets (gunicorn directly stands in for it); the proxy
            # overwrites both with its own.
            "X-Forwarded-Proto": "https",
            "X-Forwarded-For": "192.0.2.10",
            "Accept-Language": "de",
            "Accept-Encoding": "gzip",
        }
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{key}={value}" for key, value in self.cookies.items())
        body = None
        if fields is not None:
            body = urlencode(fields, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = f"https://{self.public_host}"
            headers["Referer"] = f"https://{self.public_host}{path}"
        if self.connection is None:
            self.connection = http.client.HTTPConnection(HOST, self.port, timeout=TIMEOUT)
        start = time.perf_counter()
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            content = response.read()
        except Exception:
            self.close()
            raise
        elapsed = time.perf_counter() - start
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        if not raw:
            if response.headers.get("Content-Encoding") == "gzip":
                content = gzip.decompress(content)
            content = content.decode("utf-8", "replace")
        return response.status, response.headers, content, elapsed

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
        return summary(self.latencies, len(self.errors), seconds)


def summary(latencies: list[float], errors: int, seconds: float) -> dict:
    ordered = sorted(latencies) or [0.0]
    return {
        "requests": len(latencies),
        "rps": len(latencies) / seconds,
        "p50": statistics.median(ordered) * 1000,
        "p95": ordered[int(0.95 * (len(ordered) - 1))] * 1000,
        "errors": errors,
    }


def reader(port: int, urls: list[str], stop: threading.Event, stats: Stats, seed: int):
    """GET random pages until told to stop; anything but 200 is an error."""
    rng = random.Random(seed)
    browser = Browser(port)
    while not stop.is_set():
        url = rng.choice(urls)
        try:
            status, _, _, elapsed = browser.request("GET", url, raw=True)
        except Exception as error:  # every failure counts, whatever its kind
            stats.error(f"GET {url}: {error!r}")
            continue
        if status == 200:
            stats.record(elapsed)
        else:
            stats.error(f"GET {url}: {status}")
    browser.close()


def expect_redirect(status: int, headers, what: str) -> str:
    if status != 302:
        raise RuntimeError(f"{what}: status {status}")
    return urlsplit(headers.get("Location", "")).path


def log_in(browser: Browser, number: int) -> None:
    """Log scorekeeper ``number`` in through the login form."""
    _, _, page, _ = browser.request("GET", "/login/")
    token = form_inputs(page).values["csrfmiddlewaretoken"]
    status, headers, _, _ = browser.request(
        "POST",
        "/login/",
        {"username": f"scorer{number}", "password": PASSWORD, "csrfmiddlewaretoken": token},
    )
    expect_redirect(status, headers, "login")


def new_evening(browser: Browser, rng: random.Random, notes: str, stats=None) -> tuple[int, str]:
    """Create an evening through the form; return its id and the path of its points page."""
    _, _, page, _ = browser.request("GET", f"/{LEAGUE}/evenings/new/")
    form = form_inputs(page)
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
        "players": rng.sample(form.choices["players"], rng.randint(3, 6)),
        "new_players": "",
    }
    status, headers, _, elapsed = browser.request("POST", f"/{LEAGUE}/evenings/new/", fields)
    points_path = expect_redirect(status, headers, "new evening")
    if stats is not None:
        stats.record(elapsed)
    return int(re.search(r"/evenings/(\d+)/", points_path).group(1)), points_path


def save_points(browser: Browser, rng: random.Random, points_path: str, stats=None) -> dict:
    """Save random zero-sum points for every round and finish; return the points saved."""
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
    if stats is not None:
        stats.record(elapsed)
    return points


def writer(port: int, number: int, stop: threading.Event, stats: Stats, acks: list, lost_ok):
    """Log in, then create evenings and save their points through the forms until stopped.

    Every save the server acknowledged (302) goes into ``acks``. With ``lost_ok`` (the fault
    phase) a failed request ends the writer quietly: the server is being killed.
    """
    rng = random.Random(1000 + number)
    browser = Browser(port)
    try:
        log_in(browser, number)
        serial = 0
        while not stop.is_set():
            serial += 1
            notes = f"load test {number}-{serial}"
            evening, points_path = new_evening(browser, rng, notes, stats)
            acks.append({"kind": "evening", "evening": evening, "notes": notes})
            points = save_points(browser, rng, points_path, stats)
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
