"""The ladder: requests/s of each rung, from the framework's floor up to the heaviest page.

``/healthz`` (answered in the first middleware), a tiny view through the whole middleware
(``/floor/tiny/``), the empty framed page (``/floor/frame/``; both from ofcleague/web/floor.py
under ``FLOOR_PAGES=1``), then each page. Every rung is asked by ``CONCURRENCY`` keep-alive
clients for ``RUNG_SECONDS`` after a short warm-up, which is not counted (it fills the caches).
The clients run in ``PROCESSES`` processes of threads, so that the client is not one Python
interpreter's lock: what limits the figures is the server, on the same two cores.
"""

from __future__ import annotations

import multiprocessing
import os
import resource
import threading
import time
from collections import Counter

from client import Browser, summary

CONCURRENCY = 20
PROCESSES = 2
RUNG_SECONDS = 4.0
WARMUP_SECONDS = 0.5
WARM_CONNECTIONS = 6

FLOOR = [
    ("`/healthz`", "/healthz"),
    ("tiny view (`/floor/tiny/`)", "/floor/tiny/"),
    ("empty framed page (`/floor/frame/`)", "/floor/frame/"),
]


def _client_thread(port, url, counting_from, until, out, lock):
    """One client: GET ``url`` back to back; count what started after the warm-up."""
    browser = Browser(port)
    latencies, statuses, cache = [], Counter(), Counter()
    errors = 0
    while True:
        started = time.perf_counter()
        if started >= until:
            break
        try:
            status, headers, _, elapsed = browser.request("GET", url, raw=True)
        except Exception:  # every failure counts, whatever its kind
            errors += 1
            continue
        if started < counting_from or started + elapsed > until:
            continue
        statuses[status] += 1
        cache[headers.get("X-Cache-Status") or "-"] += 1
        if status == 200:
            latencies.append(elapsed)
        else:
            errors += 1
    browser.close()
    with lock:
        out["latencies"] += latencies
        out["statuses"].update(statuses)
        out["cache"].update(cache)
        out["errors"] += errors


def _client_process(port, url, threads, ready, go, window, results):
    """One process of client threads; they start together once every process is ready."""
    ready.wait()
    go.wait()
    counting_from, until = window[0], window[1]
    out = {"latencies": [], "statuses": Counter(), "cache": Counter(), "errors": 0}
    lock = threading.Lock()
    workers = [
        threading.Thread(target=_client_thread, args=(port, url, counting_from, until, out, lock))
        for _ in range(threads)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    results.put(out)


def rung(port: int, url: str) -> dict:
    """Measure one URL: requests/s, p50/p95 ms, errors, and the proxy's cache statuses."""
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    ready, go = context.Barrier(PROCESSES + 1), context.Event()
    window = context.Array("d", 2)
    processes = [
        context.Process(
            target=_client_process,
            args=(port, url, CONCURRENCY // PROCESSES, ready, go, window, results),
        )
        for _ in range(PROCESSES)
    ]
    used_before = _children_cpu()
    for process in processes:
        process.start()
    ready.wait()
    # perf_counter is the same clock in the forked processes (CLOCK_MONOTONIC).
    window[0] = time.perf_counter() + WARMUP_SECONDS
    window[1] = window[0] + RUNG_SECONDS
    go.set()
    outs = [results.get(timeout=RUNG_SECONDS + 60) for _ in processes]
    for process in processes:
        process.join()
    seconds_used = _children_cpu() - used_before
    latencies = [value for out in outs for value in out["latencies"]]
    row = summary(latencies, sum(out["errors"] for out in outs), RUNG_SECONDS)
    cache = sum((out["cache"] for out in outs), Counter())
    answered = sum(cache.values()) or 1
    row["hits"] = cache.get("HIT", 0) / answered
    row["cache"] = dict(cache)
    # The clients' own share of the machine's CPU time while they ran.
    row["client cpu"] = seconds_used / (WARMUP_SECONDS + RUNG_SECONDS) / os.cpu_count()
    return row


def _children_cpu() -> float:
    """CPU seconds of this process's finished children (the clients, once joined)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def warm_up(port: int, urls: list[str]) -> None:
    """Every URL once on each of a few connections (so on every gunicorn worker), before any
    rung: a worker's first requests load the URLs, views, templates and translations."""

    def visit():
        browser = Browser(port)
        for url in urls:
            browser.request("GET", url, raw=True)
        browser.close()

    visitors = [threading.Thread(target=visit) for _ in range(WARM_CONNECTIONS)]
    for visitor in visitors:
        visitor.start()
    for visitor in visitors:
        visitor.join()


def climb(port: int, pages: list[tuple[str, str]], label: str) -> dict:
    """Every rung, bottom up: {name: row}."""
    warm_up(port, [url for _, url in FLOOR + pages])
    result = {}
    for name, url in FLOOR + pages:
        print(f"Ladder, {label}: {name} ...", flush=True)
        result[name] = rung(port, url)
    return result


def table(ladders: dict[str, dict], base: str) -> list[str]:
    """The report's table: one line per rung, one column group per way of serving it.

    Each rung's share is of ``/healthz`` on ``ladders[base]`` (gunicorn alone) in this run.
    """
    names = list(next(iter(ladders.values())))
    healthz = ladders[base][FLOOR[0][0]]["rps"]
    head = "| rung |"
    rule = "|---|"
    for label in ladders:
        head += f" {label}: requests/s | p50 ms | share |"
        rule += "---:|---:|---:|"
    lines = [head, rule]
    for name in names:
        line = f"| {name} |"
        for rungs in ladders.values():
            row = rungs[name]
            errors = f" (**{row['errors']} errors**)" if row["errors"] else ""
            line += f" {row['rps']:.0f}{errors} | {row['p50']:.1f} | {row['rps'] / healthz:.2f} |"
        lines.append(line)
    return lines
