"""bench/load.md: the load test's figures, with the machine and its load during the run."""

from __future__ import annotations

import os
import platform
import subprocess
import time
from pathlib import Path

import ladder
import stale

ROOT = Path(__file__).resolve().parent.parent
NO_CACHE = "gunicorn, page cache off"
GUNICORN = "gunicorn"
NGINX = "nginx cache → gunicorn"
BUSY_SHARE = 0.02
FLOOR_HEALTHZ = ladder.FLOOR[0][0]


def load_now() -> str:
    with open("/proc/loadavg") as averages:
        return " ".join(averages.read().split()[:3])


def _cpu_ticks() -> dict[int, tuple[str, int]]:
    ticks = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)
            name = fields[0].split("(", 1)[1]
            numbers = fields[1].split()
            ticks[int(entry.name)] = (name, int(numbers[11]) + int(numbers[12]))
        except (OSError, IndexError, ValueError):
            continue
    return ticks


def machine(seconds: float = 3.0) -> dict:
    """The machine, its load averages and what else kept its CPUs busy just before the run."""
    before = _cpu_ticks()
    time.sleep(seconds)
    after = _cpu_ticks()
    hertz = os.sysconf("SC_CLK_TCK")
    busy: dict[str, float] = {}
    for pid, (name, ticks) in after.items():
        if pid in before and pid != os.getpid():
            busy[name] = busy.get(name, 0) + (ticks - before[pid][1]) / hertz / seconds
    others = sorted(
        ((share, name) for name, share in busy.items() if share >= BUSY_SHARE), reverse=True
    )
    uptime = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    return {
        "description": f"{platform.machine()}, {os.cpu_count()} CPUs, Linux "
        f"{platform.release()}, Python {platform.python_version()}",
        "uptime": uptime,
        "others": ", ".join(f"{name} {share:.0%}" for share, name in others) or "none",
        "seconds": seconds,
        "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


def failures(results: dict) -> list[str]:
    """What makes ``make loadtest`` fail (the speed goal does not: it is a benchmark)."""
    problems = []
    for label, rungs in results["ladders"].items():
        problems += [f"{label}: {name} errors" for name, row in rungs.items() if row["errors"]]
    checked = results["stale"]
    if checked["stale"] or checked["member_hits"] or checked["cookie_hits"] or checked["errors"]:
        problems.append("stale check")
    if results["mixed reads"]["errors"] or results["mixed saves"]["errors"]:
        problems.append("mixed phase errors")
    check, restored = results["check"], results["restored"]
    if check["lost"] or check["inconsistent"] or check["integrity"] != "ok":
        problems.append("saves lost or inconsistent")
    if restored["inconsistent"]:
        problems.append("restored backup inconsistent")
    return problems


def write(results: dict, host: dict, run: dict) -> str:
    lines = [
        "# Load test",
        "",
        f"`make loadtest` on {host['description']}, SQLite {run['sqlite']}, {run['nginx']}; "
        f"started {host['started']}. gunicorn with production settings, {run['workers']} gthread "
        f"workers x {run['threads']} threads, on 127.0.0.1; a generated league of "
        f"{run['evenings']} evenings. The clients run on the same machine and compete with the "
        "servers for its CPUs.",
        "",
        f"The machine's load: `{host['uptime']}` before the run, {host['after']} (1, 5, 15 "
        f"minutes) after it; other processes busy in the {host['seconds']:.0f} s before it "
        f"(share of one CPU): {host['others']}. Single runs are noisy by about 10 % here.",
        "",
        *ladder_section(results["ladders"]),
        *stale_section(results["stale"]),
        *mixed_section(results, run),
    ]
    text = "\n".join(lines) + "\n"
    (ROOT / "bench" / "load.md").write_text(text, encoding="utf-8")
    return text


def ladder_section(ladders: dict) -> list[str]:
    healthz = ladders[GUNICORN][FLOOR_HEALTHZ]["rps"]
    pages = [name for name in ladders[NGINX] if name not in dict(ladder.FLOOR)]
    behind = {name: ladders[NGINX][name]["rps"] for name in pages}
    slower = [name for name, rps in behind.items() if rps < healthz]
    goal = (
        "**met**: every page behind the cache at least as fast as `/healthz` through gunicorn"
        if not slower
        else f"**not met** for {', '.join(slower)}"
    )
    behind_nginx = {name: row for name, row in ladders[NGINX].items() if name != FLOOR_HEALTHZ}
    hits = ", ".join(f"{name} {row['hits']:.0%}" for name, row in behind_nginx.items())
    passed = [name for name, row in behind_nginx.items() if not row["hits"]]
    lock = (
        f" Not kept by nginx (the app does not make them public): {', '.join(passed)}. "
        "nginx hands those on to gunicorn, and concurrent requests for one such address wait "
        "for its cache lock first (it looks again every 500 ms), which makes them slower "
        "behind nginx than without it."
        if passed
        else ""
    )
    clients = {
        label: max(row["client cpu"] for row in rungs.values()) for label, rungs in ladders.items()
    }
    return [
        f"## The ladder ({ladder.CONCURRENCY} concurrent clients, {ladder.RUNG_SECONDS:.0f} s a "
        "rung)",
        "",
        f"Each rung is one URL asked by {ladder.CONCURRENCY} keep-alive clients in "
        f"{ladder.PROCESSES} processes (after a {ladder.WARMUP_SECONDS} s warm-up, not counted). "
        "The share is of `/healthz` through gunicorn (page cache on) in this run: "
        f"{healthz:.0f} requests/s. `/healthz` answers in the first middleware; the tiny view "
        "goes through all of it; the empty framed page renders `base.html` with nothing in it "
        f"(ofcleague/web/floor.py). {NO_CACHE}: every request renders (`PAGE_CACHE=0`); "
        f"{GUNICORN}: production settings, anonymous pages from the app's page cache; {NGINX}: "
        "nginx with docs/nginx-cache.conf in front of that gunicorn (where `/healthz` has a "
        "location of its own without the cache, so its row is nginx as a plain proxy).",
        "",
        *ladder.table(ladders, GUNICORN),
        "",
        f"Answers from nginx's cache (X-Cache-Status HIT): {hits}.{lock}",
        "",
        "The load test's own clients took at most "
        + ", ".join(f"{share:.0%} ({label})" for label, share in clients.items())
        + " of the machine's CPU time during a rung: where that nears 100 %, the clients, not "
        "the server, set the pace, and the figures are lower bounds.",
        "",
        f"The goal (issue 19): {goal}.",
        "",
    ]


def stale_section(checked: dict) -> list[str]:
    promises = ", ".join(f"{value} s" for value in checked["promises"]) or "none"
    lines = [
        "## No stale page after a save (behind the nginx cache)",
        "",
        f"{stale.POLLERS} readers polled the ladder's pages through nginx while a scorekeeper, "
        f"logged in through the same nginx, corrected an evening's points {checked['saves']} "
        "times (bench/stale.py). The max-age the pages promised: "
        f"{promises}; {checked['hits']:.0%} of the {checked['answers']} answers came from the "
        "cache.",
        "",
        f"- pages a save changed, judged: {checked['judged']}",
        f"- old copies served after a save was acknowledged: {checked['old']}; the last "
        f"{checked['worst']:.2f} s after it",
        f"- served stale beyond the promised max-age (+{stale.SLACK:.0f} s for whole-second "
        f"clocks): **{checked['stale']}**",
        f"- answers to the logged-in scorekeeper from the cache: **{checked['member_hits']}**",
        f"- answers from the cache with a Set-Cookie: **{checked['cookie_hits']}**",
        "",
    ]
    if checked["errors"]:
        lines += ["First errors:", ""] + [f"- `{e}`" for e in checked["errors"][:5]] + [""]
    return lines


def mixed_section(results: dict, run: dict) -> list[str]:
    reads, saves = results["mixed reads"], results["mixed saves"]
    acks, fault_acks = results["acks"], results["fault acks"]
    check, restored = results["check"], results["restored"]
    points_acks = sum(1 for ack in acks if ack["kind"] == "points")
    lines = [
        f"## Readers and scorekeepers together ({run['mixed seconds']} s, gunicorn, page cache on)",
        "",
        f"{run['readers']} readers over history, all-time, player and evening pages, while "
        f"{run['writers']} scorekeepers logged in and saved through the forms (a new evening, "
        'then its points with "finish"; a short pause between evenings). A backup '
        f"(`manage.py backup`) ran in the middle and took {results['backup seconds']:.1f} s.",
        "",
        "| | requests/s | p50 ms | p95 ms | errors |",
        "|---|---:|---:|---:|---:|",
        f"| reads | {reads['rps']:.0f} | {reads['p50']:.1f} | {reads['p95']:.1f} | "
        f"{reads['errors']} |",
        f"| saves (POST) | {saves['rps']:.1f} | {saves['p50']:.1f} | {saves['p95']:.1f} | "
        f"{saves['errors']} |",
        "",
        f"Acknowledged saves: {len(acks)} ({points_acks} finished evenings with their points); "
        "all in the database afterwards unless counted here as lost. Every save makes every "
        f"cached page stale, so at {saves['rps']:.1f} saves/s (far more than a game night "
        "produces) the readers mostly get freshly rendered pages.",
        "",
        "## SIGKILL in the middle of saves",
        "",
        "The whole server (master and workers) was killed with SIGKILL after "
        f"{run['fault seconds']} s of saving; {len(fault_acks)} saves had been acknowledged in "
        "that phase.",
        "",
        f"- acknowledged saves checked: {check['acks']}, lost: **{check['lost']}**",
        "- evenings checked against their points (totals and `places_from_totals`): "
        f"{check['checked']}, inconsistent: **{len(check['inconsistent'])}**",
        f"- SQLite `PRAGMA integrity_check`: {check['integrity']}",
        f"- the backup taken under load restored into an empty database: {restored['evenings']}"
        f" evenings, inconsistent: {len(restored['inconsistent'])}",
    ]
    if results["errors"]:
        lines += ["", "First errors:", ""] + [f"- `{error}`" for error in results["errors"]]
    return lines
