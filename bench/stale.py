"""No stale page after a save: what readers behind the proxy cache see once a save is done.

Readers poll the ladder's pages through the proxy (``POLLERS`` threads, the pages in turn,
``POLL_PAUSE`` between requests). A scorekeeper, logged in through the same proxy, corrects
the points of an evening ``SAVES`` times; after each acknowledged save the pages are asked
from gunicorn directly, which tells what the new result is. A page is judged by its
*version*: its ETag, or without one the hash of its HTML (CSRF tokens left out). A page
whose version the save did not change is not judged for that save.

Every answer through the proxy that still shows a version from before the save counts as an
*old copy*; the delay is how long after the acknowledgement the last one arrived. An old copy
is **stale** when its request started later than the save's acknowledgement plus the max-age
the page itself promised (``s-maxage``, else ``max-age``; 0 for ``no-cache``, ``no-store``,
``private`` or none) plus ``SLACK``: nginx keeps time in whole seconds, as does HTTP's Date.
Must be 0. Also counted: answers to the logged-in scorekeeper served from the cache, and
answers from the cache that carry a ``Set-Cookie`` (both must be 0).
"""

from __future__ import annotations

import gzip
import hashlib
import random
import re
import threading
import time

from client import HOST, LEAGUE, Browser, log_in, save_points

POLLERS = 4
POLL_PAUSE = 0.01
SAVES = 3
SLACK = 1.0
TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')
FROM_CACHE = {"HIT", "STALE", "UPDATING", "REVALIDATED"}


def promise(cache_control: str | None) -> int:
    """The seconds a shared cache may serve a response without asking the app again."""
    directives = {}
    for part in (cache_control or "").split(","):
        name, _, value = part.strip().lower().partition("=")
        directives[name] = value
    if directives.keys() & {"no-cache", "no-store", "private"}:
        return 0
    for name in ("s-maxage", "max-age"):
        if directives.get(name, "").isdigit():
            return int(directives[name])
    return 0


def version(headers, body: bytes) -> str:
    """The page's ETag, or else the hash of its HTML without the CSRF tokens."""
    if headers.get("ETag"):
        return headers["ETag"]
    if headers.get("Content-Encoding") == "gzip":
        body = gzip.decompress(body)
    return hashlib.sha1(TOKEN.sub(b"", body)).hexdigest()


def poll(port, pages, stop, records, errors, seed):
    """One reader through the proxy: the pages in turn, recording every answer."""
    rng = random.Random(seed)
    browser = Browser(port, public_host=HOST)
    order = list(pages.items())
    while not stop.is_set():
        rng.shuffle(order)
        for name, url in order:
            started = time.perf_counter()
            try:
                status, headers, body, elapsed = browser.request("GET", url, raw=True)
            except Exception as error:  # every failure counts, whatever its kind
                errors.append(f"GET {url} via proxy: {error!r}")
                continue
            if status != 200:
                errors.append(f"GET {url} via proxy: {status}")
                continue
            records.append(
                {
                    "page": name,
                    "start": started,
                    "end": started + elapsed,
                    "version": version(headers, body),
                    "promise": promise(headers.get("Cache-Control")),
                    "cache": headers.get("X-Cache-Status") or "-",
                    "cookie": headers.get("Set-Cookie") is not None,
                }
            )
            stop.wait(POLL_PAUSE)
    browser.close()


def fresh_versions(app_port, pages) -> dict[str, str]:
    """What each page shows now, from gunicorn directly."""
    browser = Browser(app_port)
    try:
        return {
            name: version(*browser.request("GET", url, raw=True)[1:3])
            for name, url in pages.items()
        }
    finally:
        browser.close()


def check(proxy_port: int, app_port: int, pages: dict[str, str], evening: int) -> dict:
    """Run the check; return its figures for the report."""
    records, errors, saves = [], [], []
    stop = threading.Event()
    pollers = [
        threading.Thread(target=poll, args=(proxy_port, pages, stop, records, errors, seed))
        for seed in range(POLLERS)
    ]
    for poller in pollers:
        poller.start()
    keeper = Browser(proxy_port, public_host=HOST)
    member_hits = 0
    try:
        log_in(keeper, 1)
        time.sleep(2)  # every page seen and cached before the first save
        rng = random.Random(5)
        for _ in range(SAVES):
            keeper.close()  # a new connection: the last one may have idled out
            wait = max([record["promise"] for record in records] + [0]) + SLACK + 1
            sent = time.perf_counter()
            save_points(keeper, rng, f"/{LEAGUE}/evenings/{evening}/points/")
            acknowledged = time.perf_counter()
            saves.append(
                {"sent": sent, "ack": acknowledged, "fresh": fresh_versions(app_port, pages)}
            )
            # The scorekeeper's own look at a page: never from the cache.
            for url in pages.values():
                _, headers, _, _ = keeper.request("GET", url, raw=True)
                member_hits += (headers.get("X-Cache-Status") or "-") in FROM_CACHE
            time.sleep(max(0.0, acknowledged + wait - time.perf_counter()))
    finally:
        stop.set()
        for poller in pollers:
            poller.join()
        keeper.close()
    result = judge(records, saves)
    result |= {
        "errors": errors,
        "member_hits": member_hits,
        "cookie_hits": sum(1 for r in records if r["cookie"] and r["cache"] in FROM_CACHE),
        "hits": sum(1 for r in records if r["cache"] == "HIT") / max(len(records), 1),
        "answers": len(records),
        "promises": sorted({r["promise"] for r in records}),
    }
    return result


def judge(records: list[dict], saves: list[dict]) -> dict:
    """Old copies, stale copies and the worst delay, save by save and page by page."""
    judged = old = stale = 0
    worst = 0.0
    for number, save in enumerate(saves):
        until = saves[number + 1]["sent"] if number + 1 < len(saves) else float("inf")
        for page, fresh in save["fresh"].items():
            before = {
                r["version"] for r in records if r["page"] == page and r["end"] < save["sent"]
            }
            if fresh in before:
                continue  # the save did not change this page
            judged += 1
            for record in records:
                if record["page"] != page or not save["ack"] < record["start"] < until:
                    continue
                if record["version"] not in before:
                    continue
                old += 1
                worst = max(worst, record["end"] - save["ack"])
                stale += record["start"] > save["ack"] + record["promise"] + SLACK
    return {"saves": len(saves), "judged": judged, "old": old, "stale": stale, "worst": worst}
