"""Benchmark of the read pages against the framework's floor (``make bench``; not a test).

Builds a seeded random league of 1,000 finished evenings (60 players, 4 to 8 a night,
3 rounds, zero-sum round points, places from ``standings.evening_standings``; every tenth
evening only has a finishing order, like the league's history) in a throwaway SQLite
database with production settings (no DEBUG, page cache off, static files collected), then
calls the WSGI application in process with a phone's request headers, request by request:
each page, then the empty framed page (``base.html`` with nothing in it, ofcleague/web/floor.py),
taking turns. A page's figure is its median CPU time per request (``time.thread_time``) over
the empty frame's median in the same stretch. Then the league grows to 10,000 evenings and
every page is measured again. Prints a markdown report and writes it to ``bench/results.md``.
"""

from __future__ import annotations

import gzip
import os
import platform
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from datetime import time as clock
from decimal import ROUND_DOWN, Decimal
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from in_process import HOST, count_queries, cpu_ms, request  # noqa: E402
from plans import database_side  # noqa: E402

SEED = 20161123
EVENINGS = 1000
GROWN = int(os.environ.get("BENCH_GROWN", 10_000))
GROWN_DAYS = 3650
PLAYERS = 60
ROUNDS = 3
WARMUP = 5
REQUESTS = int(os.environ.get("BENCH_REQUESTS", 40))
FIRST_DAY = date(2016, 11, 23)

# Production settings, chosen before Django reads them.
TMP = tempfile.TemporaryDirectory(prefix="ofcleague-bench-")
os.environ.update(
    DATA_DIR=TMP.name,
    DEBUG="0",
    SECRET_KEY="bench-" + "x" * 50,
    ALLOWED_HOSTS=HOST,
    PAGE_CACHE="0",
    FLOOR_PAGES="1",
    DJANGO_SETTINGS_MODULE="ofcleague.settings",
)
os.environ.pop("DATABASE_URL", None)
# PostgreSQL when BENCH_DATABASE_URL names a server: a database of its own there (the named
# one's name + "_pages"), made afresh and dropped afterwards; the report goes to its own file.
SERVER = os.environ.get("BENCH_DATABASE_URL")
OWN_DATABASE = None
if SERVER:
    from urllib.parse import urlsplit, urlunsplit

    import psycopg

    parts = urlsplit(SERVER)
    OWN_DATABASE = parts.path.lstrip("/") + "_pages"
    with psycopg.connect(SERVER, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{OWN_DATABASE}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{OWN_DATABASE}"')
    os.environ["DATABASE_URL"] = urlunsplit(parts._replace(path="/" + OWN_DATABASE))

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.urls import reverse  # noqa: E402

from ofcleague.league.current import using_league  # noqa: E402
from ofcleague.league.invariants import league_problems  # noqa: E402
from ofcleague.league.leagues import League  # noqa: E402
from ofcleague.league.models import (  # noqa: E402
    Evening,
    EveningPlayer,
    PlacesSource,
    Player,
    RoundScore,
    Status,
    Variant,
)
from ofcleague.league.places import evening_standings  # noqa: E402
from ofcleague.league.services import split_prizes  # noqa: E402
from ofcleague.standings import kept  # noqa: E402
from ofcleague.standings.counted.models import PointsSystem, SeasonWindow  # noqa: E402


def prizes_for(places: dict, pot: Decimal) -> dict:
    """Two thirds of the pot to 1st place, one third to 2nd, nothing to the rest; tied players
    share by the league's own rule (``split_prizes``), so the prizes add up to the pot."""
    second = (pot / 3).quantize(Decimal("0.01"), rounding=ROUND_DOWN)
    return split_prizes(places, {1: pot - second, 2: second})


def build_league(rng: random.Random) -> None:
    """Create the league with bulk inserts (three per model, not one per row)."""
    players = Player.objects.bulk_create(
        Player(
            name=f"Spieler {number:02d}",
            name_key=f"spieler {number:02d}",
            slug=f"spieler-{number:02d}",
        )
        for number in range(1, PLAYERS + 1)
    )
    evenings = Evening.objects.bulk_create(
        Evening(
            date=FIRST_DAY + timedelta(days=3 * number + rng.randint(0, 2)),
            start_time=clock(19, 0),
            rounds=ROUNDS,
            hands_per_round=15,
            variant=rng.choice([Variant.OFC, Variant.PINEAPPLE]),
            status=Status.FINISHED,
            places_source=PlacesSource.ENTERED if number % 10 == 0 else PlacesSource.POINTS,
        )
        for number in range(EVENINGS)
    )
    seats, points_of_seat = [], []
    for evening in evenings:
        field = rng.sample(players, rng.randint(4, 8))
        if evening.places_source == PlacesSource.ENTERED:
            for place, player in enumerate(field, 1):
                seats.append(EveningPlayer(evening=evening, player=player, place=place))
                points_of_seat.append(None)
            continue
        # Zero-sum: every pair settles each round, one player's gain is the other's loss.
        points = {player.pk: [0] * ROUNDS for player in field}
        for number in range(ROUNDS):
            for one, other in combinations(field, 2):
                value = rng.randint(-24, 24)
                points[one.pk][number] += value
                points[other.pk][number] -= value
        standings = evening_standings(points)
        evening.pot = evening.buy_in * len(field)
        prizes = prizes_for(standings.places, evening.pot)
        for player in field:
            seats.append(
                EveningPlayer(
                    evening=evening,
                    player=player,
                    place=standings.places[player.pk],
                    total=standings.totals[player.pk],
                    prize=prizes[player.pk],
                )
            )
            points_of_seat.append(points[player.pk])
    Evening.objects.bulk_update(
        [evening for evening in evenings if evening.pot is not None], ["pot"], batch_size=2000
    )
    seats = EveningPlayer.objects.bulk_create(seats, batch_size=2000)
    RoundScore.objects.bulk_create(
        (
            RoundScore(evening_player=seat, round_number=number, points=value)
            for seat, values in zip(seats, points_of_seat, strict=True)
            if values is not None
            for number, value in enumerate(values, 1)
        ),
        batch_size=2000,
    )
    # The rows bypass the services: make sure they keep the league's rules all the same.
    problems = league_problems()
    if problems:
        raise SystemExit(f"The generated league breaks its rules: {problems[:3]}")


def define_own_seasons() -> None:
    """The league counts its seasons its own way too (issue 42): two points systems and a
    season from September to June in every year, best 20 evenings, five to be ranked."""
    PointsSystem.objects.create(name="F1", places=[10, 7, 5, 3, 1], main=True)
    PointsSystem.objects.create(name="Gegner geschlagen", per_beaten=1)
    SeasonWindow.objects.bulk_create(
        SeasonWindow(
            name=f"{year}/{year + 1}",
            first_day=date(year, 9, 1),
            last_day=date(year + 1, 6, 30),
            best_of=20,
            min_evenings=5,
        )
        for year in range(FIRST_DAY.year, FIRST_DAY.year + GROWN_DAYS // 365 + 1)
    )


def build_large(rng: random.Random, count: int) -> None:
    """Add ``count`` evenings with places and totals (bulk inserts, no round points)."""
    players = list(Player.objects.all())
    batch = 10_000
    for start in range(0, count, batch):
        numbers = range(start, min(count, start + batch))
        evenings = Evening.objects.bulk_create(
            (
                Evening(
                    date=FIRST_DAY + timedelta(days=number * GROWN_DAYS // count),
                    start_time=clock(12 + number % 10, 0),
                    rounds=ROUNDS,
                    hands_per_round=15,
                    variant=rng.choice([Variant.OFC, Variant.PINEAPPLE]),
                    status=Status.FINISHED,
                    places_source=PlacesSource.POINTS,
                )
                for number in numbers
            ),
            batch_size=2000,
        )
        seats = []
        for evening in evenings:
            field = rng.sample(players, rng.randint(4, 8))
            totals = {player.pk: rng.randint(-150, 150) for player in field}
            places = evening_standings({key: [value] for key, value in totals.items()}).places
            seats += [
                EveningPlayer(
                    evening=evening, player=player, place=places[player.pk], total=totals[player.pk]
                )
                for player in field
            ]
        EveningPlayer.objects.bulk_create(seats, batch_size=5000)


def database_label() -> str:
    if connection.vendor == "postgresql":
        return f"PostgreSQL {connection.cursor().connection.info.server_version // 10000}"
    return f"SQLite {sqlite3.sqlite_version}"


def against_frame(url: str, frame: str) -> tuple[float, float]:
    """Median CPU ms of ``url`` and of the empty frame, request by request taking turns."""
    for _ in range(WARMUP):
        cpu_ms(url)
        cpu_ms(frame)
    page_samples, frame_samples = [], []
    for _ in range(REQUESTS):
        page_samples.append(cpu_ms(url))
        frame_samples.append(cpu_ms(frame))
    return statistics.median(page_samples), statistics.median(frame_samples)


def sizes(url: str) -> tuple[int, int]:
    """The HTML's size as sent (compressed where the site compresses) and unpacked."""
    _status, headers, body = request(url)
    unpacked = gzip.decompress(body) if headers.get("Content-Encoding") == "gzip" else body
    return len(body), len(unpacked)


def pages() -> list[tuple[str, str]]:
    """The pages measured, by their names in the report (set-up only, not measured)."""
    busiest = max(Player.objects.all(), key=lambda player: player.seats.count())
    with_points = Evening.objects.filter(places_source=PlacesSource.POINTS).order_by("date")
    middle = Evening.objects.order_by("date")[EVENINGS // 2].date.year
    own = SeasonWindow.objects.get(first_day__year=middle)
    return [
        ("home", reverse("standings:home")),
        ("history", reverse("standings:history")),
        ("all-time", reverse("standings:alltime")),
        ("all-time, sorted by points", reverse("standings:alltime") + "?sort=-points"),
        (f"season {middle}", reverse("standings:season", args=[middle])),
        (f"story of season {middle}", reverse("records:story", args=[middle])),
        ("seasons list", reverse("standings:seasons")),
        (f"own season {own.name}", reverse("standings:window", args=[own.pk])),
        (f"story of own season {own.name}", reverse("records:own_story", args=[own.pk])),
        ("player (the busiest)", busiest.get_absolute_url()),
        ("evening", with_points[EVENINGS // 2].get_absolute_url()),
        ("rules", reverse("rules:rules")),
    ]


def measure(urls) -> dict[str, tuple]:
    """Per page: queries, CPU ms, the frame's CPU ms in the same stretch, bytes sent, bytes,
    and the database's side (``plans.database_side``)."""
    frame = reverse("floor_frame")
    rows = {}
    for name, url in urls:
        queries = count_queries(url)
        page, floor = against_frame(url, frame)
        rows[name] = (queries, page, floor, *sizes(url), database_side(url))
    return rows


#: What the issue asks of each page at 1,000 evenings, as CPU per request over the empty frame.
GOALS = {
    "all-time": 3,
    "all-time, sorted by points": 3,
    "season": 3,
    "own season": 3,
    "player (the busiest)": 3,
    "seasons list": 1.5,
    "history": 4,
    "evening": 4,
}


def database_lines(small: dict, grown: dict) -> str:
    """The database's side of each page at both sizes (``plans.database_side``)."""
    lines = [
        f"The database's side ({database_label()}; the page's queries under EXPLAIN): "
        f"execution ms at {EVENINGS:,} and at {GROWN:,} evenings (PostgreSQL only: its "
        "process's CPU is not in the figures above), and the tables a plan reads whole.",
        "",
        "| page | ms | ms grown | read whole | read whole, grown |",
        "|---|---:|---:|---|---|",
    ]
    for name, row in small.items():
        (ms, whole), (grown_ms, grown_whole) = row[-1], grown[name][-1]
        lines.append(
            f"| {name} | {ms:.2f} | {grown_ms:.2f} | {', '.join(whole) or '-'} | "
            f"{', '.join(grown_whole) or '-'} |"
        )
    return "\n".join(lines)


#: The front page and the seasons list from 1,000 to 10,000 evenings (issue 40).
FLAT_GOAL = 1.1


def goal(name: str):
    return GOALS.get(name.split(" 2")[0])


def main() -> None:
    """Build and measure inside the site's first league (the pages' own league)."""
    try:
        call_command("migrate", verbosity=0)
        with using_league(League.objects.get(slug=settings.LEAGUE_SLUG)):
            measure_and_report()
    finally:
        if OWN_DATABASE:
            connection.close()
            with psycopg.connect(SERVER, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{OWN_DATABASE}" WITH (FORCE)')


def measure_and_report() -> None:
    load_before = os.getloadavg()[0]
    settings.STATIC_ROOT = Path(TMP.name) / "static"
    call_command("collectstatic", interactive=False, verbosity=0)
    rng = random.Random(SEED)
    start = time.perf_counter()
    build_league(rng)
    define_own_seasons()
    built = time.perf_counter() - start
    start = time.perf_counter()
    kept.rebuild()
    rebuilt = time.perf_counter() - start
    seats = EveningPlayer.objects.count()
    urls = pages()
    floor_tiny = against_frame(reverse("floor_tiny"), reverse("floor_frame"))
    small = measure(urls)
    start = time.perf_counter()
    build_large(rng, GROWN - EVENINGS)
    kept.rebuild()
    grown_in = time.perf_counter() - start
    grown = measure(urls)

    lines = [
        "# Page benchmark",
        "",
        f"Python {platform.python_version()} on {platform.machine()} ({os.cpu_count()} cores), "
        f"{database_label()}, Django {django.get_version()}, seed {SEED}. "
        f"A league of {EVENINGS:,} evenings, {PLAYERS} players and {seats:,} seats (4-8 a night, "
        f"{ROUNDS} rounds; every tenth evening places only), built in {built:.1f} s, ratings "
        f"and standings rebuilt in {rebuilt:.2f} s; then grown to {GROWN:,} evenings (places "
        f"and totals) in {grown_in:.0f} s. The machine's load average (1 minute): "
        f"{load_before:.1f} before the run, {os.getloadavg()[0]:.1f} after it.",
        "",
        "Production settings (no DEBUG, page cache off, hashed static files), the WSGI "
        "application called in one process with a phone's headers (gzip accepted). Each page "
        f"takes turns with the empty framed page, request by request: {WARMUP} warm-up and "
        f"{REQUESTS} measured requests each. **CPU per request** (`time.thread_time`), median; "
        "a page's figure is its median over the empty frame's median in the same stretch.",
        "",
        f"The floor itself: the empty framed page costs {floor_tiny[1]:.2f} ms of CPU a request, "
        f"a tiny view's `HttpResponse` through the same middleware {floor_tiny[0]:.2f} ms "
        f"({floor_tiny[0] / floor_tiny[1]:.2f}x the frame).",
        "",
        f"| page | URL | queries | CPU ms | x empty frame | goal | HTML KB (sent) "
        f"| at {GROWN:,}: x empty frame | growth | HTML KB |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, url in urls:
        queries, page, floor, sent, html, _side = small[name]
        _q, grown_page, grown_floor, _grown_sent, grown_html, _side = grown[name]
        ratio, grown_ratio = page / floor, grown_page / grown_floor
        wanted = goal(name)
        lines.append(
            f"| {name} | `{url}` | {queries} | {page:.2f} | **{ratio:.2f}x** | "
            f"{f'{wanted}x' if wanted else ''} | {html / 1024:.0f} ({sent / 1024:.0f}) | "
            f"{grown_ratio:.2f}x | {grown_ratio / ratio:.2f}x | {grown_html / 1024:.0f} |"
        )
    growth = {
        name: (grown[name][1] / grown[name][2]) / (small[name][1] / small[name][2])
        for name in ("home", "seasons list")
    }
    lines += [
        "",
        f"**Flat growth** from {EVENINGS:,} to {GROWN:,} evenings (the goal: at most "
        f"{FLAT_GOAL}x): front page {growth['home']:.2f}x, seasons list "
        f"{growth['seasons list']:.2f}x.",
    ]
    lines += ["", database_lines(small, grown)]
    lines += [
        "",
        "Growth is the page's figure at the grown league over its figure at 1,000 evenings "
        "(the goal: at most 1.2x; the busiest player's page under 100 KB of HTML).",
    ]
    report = "\n".join(lines) + "\n"
    print(report)
    name = "results-postgresql.md" if OWN_DATABASE else "results.md"
    (ROOT / "bench" / name).write_text(report, encoding="utf-8")


if __name__ == "__main__":
    main()
