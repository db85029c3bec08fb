"""Lighthouse on a phone against the site as ``make serve`` runs it (``make bench``; not a test).

Installs the pinned Lighthouse (``bench/.lighthouse/package-lock.json``, ``npm ci``) into
``bench/.lighthouse/node_modules``, builds the league's real history in a throwaway DATA_DIR
the way ``make serve`` does (no DEBUG, migrate, ``load_history``, ``rebuild_standings``,
``collectstatic``), adds one evening played hand by hand so the hand statistics show, and
starts gunicorn with ``make serve``'s options on a free port of 127.0.0.1, no proxy in front.
Production redirects plain HTTP to HTTPS; the proxy of docs/deployment.md tells the site that
a request came over HTTPS with ``X-Forwarded-Proto: https``, and Lighthouse sends that header
with every request (``--extra-headers``).

Then Lighthouse (mobile: its default phone, network and CPU throttling) runs three times on
each of home, all-time, the player with most evenings and the evening played by hand, and
the median of the three runs of each figure goes into ``bench/lighthouse.md``. The JSON
reports stay in ``bench/.lighthouse/reports/`` (git-ignored).

Needs npm (Node 18.20+) and Chromium (``CHROME_PATH``, else ``/usr/bin/chromium``); without
either it says so and exits with 2.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from datetime import date
from datetime import time as clock
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent
TOOL = HERE / ".lighthouse"
REPORTS = TOOL / "reports"
LIGHTHOUSE = TOOL / "node_modules" / ".bin" / "lighthouse"
OUT = HERE / "lighthouse.md"
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
RUNS = int(os.environ.get("LIGHTHOUSE_RUNS", 3))
# Headless, and nothing that would call out of this closed network.
CHROME_FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update --disable-sync --no-first-run"
)
GOALS = {"performance": 95, "accessibility": 100}
# The site's own frame with nothing in it (ofcleague/web/floor.py): what the machine and the
# frame cost, measured in the same run; no goal applies to it.
FLOOR = "empty framed page (floor)"


def missing_tools() -> list[str]:
    missing = []
    if not shutil.which("npm") or not shutil.which("node"):
        missing.append("npm and Node (apt-get install -y npm)")
    if not (Path(CHROME).is_file() and os.access(CHROME, os.X_OK)):
        missing.append(f"Chromium at {CHROME} (apt-get install -y chromium, or set CHROME_PATH)")
    return missing


def install_lighthouse() -> str:
    """``npm ci`` the pinned Lighthouse unless the installed one is that version."""
    wanted = json.loads((TOOL / "package-lock.json").read_text())["packages"][
        "node_modules/lighthouse"
    ]["version"]
    installed = TOOL / "node_modules" / "lighthouse" / "package.json"
    if not installed.is_file() or json.loads(installed.read_text())["version"] != wanted:
        print(f"Installing lighthouse {wanted} into {TOOL.relative_to(ROOT)} (npm ci) ...")
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=TOOL, check=True
        )
    return wanted


# The league -------------------------------------------------------------------------------------

DATA = tempfile.TemporaryDirectory(prefix="ofcleague-lighthouse-")
ENV = {
    **os.environ,
    "DATA_DIR": DATA.name,
    "DEBUG": "0",
    "SECRET_KEY": "lighthouse-" + "x" * 50,
    "ALLOWED_HOSTS": "127.0.0.1",
    "FLOOR_PAGES": "1",
    "DJANGO_SETTINGS_MODULE": "ofcleague.settings",
}
ENV.pop("DATABASE_URL", None)

# One evening of one table of four, two rounds of four hands (points per seat, zero-sum).
HANDS = [
    [12, -5, -3, -4],
    [-8, 14, -2, -4],
    [3, 3, -9, 3],
    [21, -7, -7, -7],
    [-6, -6, 18, -6],
    [5, -15, 5, 5],
    [-3, 9, -3, -3],
    [16, -4, -8, -4],
]


def build_league() -> None:
    """``make serve``'s steps into DATA_DIR, then the evening played by hand."""
    manage = [sys.executable, str(ROOT / "manage.py")]
    for step in (
        ["migrate", "--noinput", "-v", "0"],
        ["load_history"],
        ["rebuild_standings"],
        ["collectstatic", "--noinput", "-v", "0"],
    ):
        subprocess.run([*manage, *step], cwd=ROOT, env=ENV, check=True, stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, __file__, "--hands"], cwd=ROOT, env=ENV, check=True)


def add_hand_evening() -> None:
    """Run in a child with ENV: the busiest four players play an evening at one table, hand
    by hand through the table's services, and it is finished with the default prizes."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ofcleague.settings")
    import django

    django.setup()
    from django.db.models import Count

    from ofcleague.league import services as league
    from ofcleague.league.models import EveningPlayer, Player, RoundScore, Variant
    from ofcleague.table import evening as table_evening
    from ofcleague.table import services
    from ofcleague.table.services import ResultInput

    players = list(Player.objects.annotate(n=Count("seats")).order_by("-n", "pk")[:4])
    evening = league.create_evening(
        players=players,
        date=date(2021, 1, 15),
        start_time=clock(19, 0),
        buy_in=Decimal("10.00"),
        rounds=2,
        hands_per_round=4,
        variant=Variant.OFC,
    )
    seats = list(
        EveningPlayer.objects.filter(evening=evening)
        .order_by("player__name")
        .values_list("pk", flat=True)
    )
    for round_number in (1, 2):
        table = services.seat_table(evening, round_number, 1, seats)
        for number in range(1, 5):
            values = HANDS[(round_number - 1) * 4 + number - 1]
            services.record_hand(
                table,
                number=number,
                client_id=uuid.uuid4(),
                entry="points",
                results=[ResultInput(seat=s, points=v) for s, v in enumerate(values, 1)],
            )
    evening.refresh_from_db()
    points = {seat: {} for seat in seats}
    tables = {seat: {} for seat in seats}
    for score in RoundScore.objects.filter(evening_player__evening=evening):
        points[score.evening_player_id][score.round_number] = score.points
        tables[score.evening_player_id][score.round_number] = score.table
    table_evening.finish_with_default_prizes(evening, evening.version, points, tables)


def pages() -> dict[str, str]:
    """The four pages' paths, read from the built league in a child with ENV."""
    out = subprocess.run(
        [sys.executable, __file__, "--paths"],
        cwd=ROOT,
        env=ENV,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


def print_paths() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ofcleague.settings")
    import django

    django.setup()
    from django.db.models import Count
    from django.urls import reverse

    from ofcleague.league.models import Evening, Player

    busiest = Player.objects.annotate(n=Count("seats")).order_by("-n", "pk").first()
    played = Evening.objects.filter(seats__hand_results__isnull=False).distinct().first()
    evening = played or Evening.objects.order_by("-date").first()
    print(
        json.dumps(
            {
                "home": reverse("standings:home"),
                "all-time": reverse("standings:alltime"),
                f"player ({busiest.name}, {busiest.n} evenings)": busiest.get_absolute_url(),
                f"evening ({evening.date:%Y-%m-%d})": evening.get_absolute_url(),
                FLOOR: reverse("floor_frame"),
            }
        )
    )


# Serving and measuring ----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(port: int) -> subprocess.Popen:
    """gunicorn as ``make serve`` starts it, on ``port``; returns once /healthz answers."""
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "ofcleague.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--worker-class",
            "gthread",
            "--workers",
            "3",
            "--threads",
            "4",
        ],
        cwd=ROOT,
        env=ENV,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10)
            return server
        except OSError:  # refused while it starts, or slow on a busy machine
            time.sleep(0.5)
    server.terminate()
    raise SystemExit("gunicorn did not answer /healthz within 60 s")


def warm(port: int, paths) -> None:
    """A few requests per page first: a running ``make serve`` has its templates compiled and
    its page cache filled, and every worker has answered before."""
    for path in paths:
        for _ in range(6):
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}{path}", headers={"X-Forwarded-Proto": "https"}
            )
            urllib.request.urlopen(request, timeout=30).read()


def lighthouse(url: str, report: Path) -> dict:
    """One Lighthouse run; a run whose trace Chromium failed to record is tried again."""
    for attempt in range(3):
        done = subprocess.run(
            [
                str(LIGHTHOUSE),
                url,
                "--only-categories=performance,accessibility",
                "--output=json",
                f"--output-path={report}",
                f"--chrome-flags={CHROME_FLAGS}",
                '--extra-headers={"X-Forwarded-Proto": "https"}',
                "--quiet",
            ],
            env={**os.environ, "CHROME_PATH": CHROME},
            check=False,
        )
        if done.returncode == 0:
            return json.loads(report.read_text())
        print(f"Lighthouse failed on {url} (attempt {attempt + 1}), trying again", flush=True)
    raise SystemExit(f"Lighthouse failed three times on {url}")


def figures(result: dict) -> dict:
    audits = result["audits"]
    return {
        "performance": round(result["categories"]["performance"]["score"] * 100),
        "accessibility": round(result["categories"]["accessibility"]["score"] * 100),
        "lcp": audits["largest-contentful-paint"]["numericValue"] / 1000,
        "fcp": audits["first-contentful-paint"]["numericValue"] / 1000,
        "tbt": audits["total-blocking-time"]["numericValue"],
        "cls": audits["cumulative-layout-shift"]["numericValue"],
        "kb": audits["total-byte-weight"]["numericValue"] / 1024,
        # Lighthouse's own measure of the machine's speed at that moment (a fast phone ~ 1000+).
        "bench": result["environment"]["benchmarkIndex"],
    }


def complaints(result: dict) -> dict[str, str]:
    """The audits of either category scored below 0.9, each with what Lighthouse says of it."""
    found = {}
    for name in ("performance", "accessibility"):
        for ref in result["categories"][name]["auditRefs"]:
            audit = result["audits"][ref["id"]]
            if audit["scoreDisplayMode"] in {"notApplicable", "informative", "manual"}:
                continue
            if audit["score"] is None or audit["score"] >= 0.9:
                continue
            saving = audit.get("details", {}).get("overallSavingsMs")
            note = f" (saves {saving:.0f} ms)" if saving else ""
            found[f"{name}: `{ref['id']}`"] = (audit.get("displayValue") or "failed") + note
    return found


def page_complaints(runs: list[dict]) -> list[str]:
    """Each complaint of a page once, with its value in every run that had it."""
    seen: dict[str, list[str]] = {}
    for run in runs:
        for key, value in complaints(run).items():
            seen.setdefault(key, []).append(value)
    return [
        f"{key} in {len(v)} of {len(runs)} runs: {'; '.join(dict.fromkeys(v))}"
        for key, v in seen.items()
    ]


def chromium_version() -> str:
    out = subprocess.run([CHROME, "--version"], capture_output=True, text=True, check=False)
    return out.stdout.strip() or "unknown"


def report(version: str, rows: list[tuple[str, str, dict, list[str]]], load: tuple) -> str:
    lines = [
        "# Lighthouse on a phone (`python bench/lighthouse.py`, part of `make bench`)",
        "",
        f"Lighthouse {version} (mobile defaults: emulated phone, simulated slow 4G and 4x CPU "
        f"slowdown), {chromium_version()} headless, against gunicorn as `make serve` starts it "
        "(production settings, page cache on, no proxy in front) on 127.0.0.1, with the "
        "league's real history (`load_history`) and one evening played hand by hand. "
        f"Median of {RUNS} runs per page, each figure on its own. Goals: performance "
        f"{GOALS['performance']}, accessibility {GOALS['accessibility']}.",
        "",
        f"Machine: {platform.machine()}, {os.cpu_count()} cores shared with other work, "
        f"Python {platform.python_version()}, {platform.system()} {platform.release()}; load "
        f"average {load[0]:.2f} before, {load[1]:.2f} after. Total blocking time is noise on "
        "a shared machine: Lighthouse slows the CPU fourfold on top of whatever else runs. "
        "CPU index is Lighthouse's `benchmarkIndex` of the machine during the run (it expects "
        "a desktop-class CPU above about 1000; below that it warns that the score suffers).",
        "",
        "| page | path | performance | accessibility | LCP s | FCP s | TBT ms | CLS | transfer KB "
        "| CPU index |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, path, median, _ in rows:
        lines.append(
            f"| {name} | `{path}` | {median['performance']} | {median['accessibility']} | "
            f"{median['lcp']:.2f} | {median['fcp']:.2f} | {median['tbt']:.0f} | "
            f"{median['cls']:.3f} | {median['kb']:.1f} | {median['bench']:.0f} |"
        )
    short = [
        f"{name} ({', '.join(k for k, goal in GOALS.items() if median[k] < goal)})"
        for name, _, median, _ in rows
        if name != FLOOR and any(median[k] < goal for k, goal in GOALS.items())
    ]
    lines += [
        "",
        "Below a goal: " + ("; ".join(short) if short else "none") + ".",
        "",
        f"The {FLOOR} is `base.html` with nothing in it (`FLOOR_PAGES=1`): what the machine "
        "and the frame alone score in the same run, no goal of its own.",
        "",
        "Audits scored below 0.9 (TBT and max-potential-fid follow the machine's load; "
        "`uses-text-compression` names responses sent without gzip or brotli):",
        "",
    ]
    for name, _, _, found in rows:
        lines += [f"- {name}: {item}" for item in found] or [f"- {name}: none"]
    return "\n".join(lines) + "\n"


def main() -> int:
    missing = missing_tools()
    if missing:
        print("SKIPPED Lighthouse: missing " + "; ".join(missing) + ".", file=sys.stderr)
        return 2
    version = install_lighthouse()
    REPORTS.mkdir(exist_ok=True)
    build_league()
    paths = pages()
    port = free_port()
    load_before = os.getloadavg()[0]
    server = serve(port)
    rows = []
    try:
        warm(port, paths.values())
        for name, path in paths.items():
            runs = []
            for run in range(1, RUNS + 1):
                slug = name.split()[0]
                result = lighthouse(
                    f"http://127.0.0.1:{port}{path}", REPORTS / f"{slug}-{run}.json"
                )
                runs.append(result)
                print(f"{name} run {run}: {figures(result)}", flush=True)
            median = {
                key: statistics.median(figures(r)[key] for r in runs) for key in figures(runs[0])
            }
            rows.append((name, path, median, page_complaints(runs)))
    finally:
        server.terminate()
        server.wait(timeout=30)
    text = report(version, rows, (load_before, os.getloadavg()[0]))
    OUT.write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--hands"]:
        add_hand_evening()
    elif sys.argv[1:] == ["--paths"]:
        print_paths()
    else:
        sys.exit(main())
