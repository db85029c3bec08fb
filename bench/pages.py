"""Benchmark of the read pages on a large league (run by ``make bench``; not a test).

Builds a seeded random league of 1,000 finished evenings (60 players, 4 to 8 a night,
3 rounds, zero-sum round points, places from ``standings.evening_standings``; every tenth
evening only has a finishing order, like the league's history) in a throwaway SQLite
database, then requests each page through Django's test client: median and p95 of the
response time, and the number of SQL queries. Beside them, one raw SQL aggregate that
produces the all-time place counts, and each page's ratio to it. Prints a markdown table
and writes it to ``bench/results.md``.
"""

from __future__ import annotations

import os
import platform
import random
import sqlite3
import statistics
import subprocess
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

SEED = 20161123
EVENINGS = 1000
# The large league: places and totals only (no round points), about 27 evenings a day over
# ten years so that every date stays within the league's limits.
LARGE_EVENINGS = int(os.environ.get("BENCH_LARGE", 100_000))
LARGE_DAYS = 3650
PLAYERS = 60
ROUNDS = 3
WARMUP = 3
REQUESTS = 30
FIRST_DAY = date(2016, 11, 23)

# The database must be chosen before Django reads its settings.
TMP = tempfile.TemporaryDirectory(prefix="ofcleague-bench-")
os.environ["DATA_DIR"] = TMP.name
# The large league goes to PostgreSQL where DATABASE_URL names one: a child process of this
# script (BENCH_LARGE_CHILD) measures it there in a test database of its own.
LARGE_URL = os.environ.get("DATABASE_URL", "")
CHILD = bool(os.environ.get("BENCH_LARGE_CHILD"))
if not CHILD:
    os.environ.pop("DATABASE_URL", None)
os.environ.setdefault("DEBUG", "1")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ofcleague.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402

from ofcleague.league import kept  # noqa: E402
from ofcleague.league.invariants import league_problems  # noqa: E402
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

RAW_PLACE_COUNTS = """
    SELECT seat.player_id, seat.place, COUNT(*)
    FROM league_eveningplayer AS seat
    JOIN league_evening AS evening ON evening.id = seat.evening_id
    WHERE evening.status = %s AND seat.place IS NOT NULL
    GROUP BY seat.player_id, seat.place
"""


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


def build_large(rng: random.Random, count: int) -> None:
    """Add ``count`` evenings with places and totals (bulk inserts, no round points)."""
    players = list(Player.objects.all())
    batch = 10_000
    for start in range(0, count, batch):
        numbers = range(start, min(count, start + batch))
        evenings = Evening.objects.bulk_create(
            (
                Evening(
                    date=FIRST_DAY + timedelta(days=number * LARGE_DAYS // count),
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


def timed_pair(page, baseline, repeats: int = REQUESTS):
    """Millisecond samples of ``page`` and ``baseline``, alternated after a warm-up.

    Alternating keeps the ratio fair when the machine's load drifts during the run.
    """
    for _ in range(WARMUP):
        page()
        baseline()
    page_samples, baseline_samples = [], []
    for _ in range(repeats):
        for call, samples in ((page, page_samples), (baseline, baseline_samples)):
            start = time.perf_counter()
            call()
            samples.append((time.perf_counter() - start) * 1000)
    return page_samples, baseline_samples


def percentile_95(samples):
    return statistics.quantiles(samples, n=20)[18]


def page_call(client: Client, url: str):
    def call():
        response = client.get(url)
        if response.status_code != 200:
            raise SystemExit(f"{url} answered {response.status_code}")

    return call


def count_queries(call) -> int:
    """How many SQL statements one call runs (counted at the cursor, no log to overflow)."""
    statements = []

    def counter(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counter):
        call()
    return len(statements)


def raw_aggregate():
    with connection.cursor() as cursor:
        cursor.execute(RAW_PLACE_COUNTS, [Status.FINISHED])
        return cursor.fetchall()


def pages() -> list[tuple[str, str]]:
    # Setup only, not measured: the player with the most evenings.
    busiest = max(Player.objects.all(), key=lambda player: player.seats.count())
    with_points = Evening.objects.filter(places_source=PlacesSource.POINTS).order_by("date")
    middle = Evening.objects.order_by("date")[EVENINGS // 2].date.year
    return [
        ("home", reverse("standings:home")),
        ("history", reverse("standings:history")),
        ("history, last page", reverse("standings:history") + f"?page={EVENINGS // 20}"),
        ("all-time", reverse("standings:alltime")),
        ("all-time, sorted by points", reverse("standings:alltime") + "?sort=-points"),
        ("all-time CSV", reverse("standings:alltime") + "?_export=csv"),
        ("all-time JSON (api)", reverse("standings:api_alltime")),
        (f"season {middle}", reverse("standings:season", args=[middle])),
        ("seasons", reverse("standings:seasons")),
        (f"player ({busiest.seats.count()} evenings)", busiest.get_absolute_url()),
        ("evening", with_points[EVENINGS // 2].get_absolute_url()),
    ]


def main() -> None:
    setup_test_environment()
    call_command("migrate", verbosity=0)
    rng = random.Random(SEED)
    start = time.perf_counter()
    build_league(rng)
    built = time.perf_counter() - start
    seats = EveningPlayer.objects.count()
    start = time.perf_counter()
    kept.rebuild()
    rebuilt = time.perf_counter() - start

    client = Client()
    rows, raw_samples = [], []
    # Measure the work of the views, not of a response cache someone may add later.
    with override_settings(
        CACHES={"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    ):
        for name, url in pages():
            queries = count_queries(page_call(client, url))
            samples, baseline = timed_pair(page_call(client, url), raw_aggregate)
            raw_samples += baseline
            median = statistics.median(samples)
            ratio = median / statistics.median(baseline)
            rows.append((name, url, queries, median, percentile_95(samples), ratio))
    raw_median, raw_p95 = statistics.median(raw_samples), percentile_95(raw_samples)
    small = next(row for row in rows if row[1] == reverse("standings:alltime"))
    if LARGE_URL.startswith("postgres"):
        child = subprocess.run(
            [sys.executable, __file__],
            env={**os.environ, "DATABASE_URL": LARGE_URL, "BENCH_LARGE_CHILD": "1"},
            capture_output=True,
            text=True,
            check=True,
        )
        large = child.stdout.splitlines()
    else:
        large = measure_large(rng, client, small[3], "SQLite")

    lines = [
        "# Page benchmark",
        "",
        f"Python {platform.python_version()} on {platform.machine()}, SQLite "
        f"{sqlite3.sqlite_version}, seed {SEED}: {EVENINGS} evenings, {PLAYERS} players, "
        f"{seats} seats (4-8 a night, {ROUNDS} rounds; every tenth evening places only), "
        f"built in {built:.1f} s; ratings and standings rebuilt in {rebuilt:.2f} s. "
        f"{REQUESTS} requests per page after {WARMUP} warm-up "
        "requests, through Django's test client, no cache.",
        "",
        f"Raw SQL aggregate of the all-time place counts (GROUP BY player, place): "
        f"median {raw_median:.2f} ms, p95 {raw_p95:.2f} ms. It runs alternately with each "
        "page's requests; a page's ratio is its median over the aggregate's median in the "
        "same stretch.",
        "",
        "| page | URL | queries | median ms | p95 ms | median / raw SQL |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for name, url, queries, median, p95, ratio in rows:
        lines.append(f"| {name} | `{url}` | {queries} | {median:.1f} | {p95:.1f} | {ratio:.1f}× |")
    lines += ["", *large]
    report = "\n".join(lines) + "\n"
    print(report)
    (ROOT / "bench" / "results.md").write_text(report, encoding="utf-8")


def large_child() -> None:
    """In a PostgreSQL test database: the all-time page at 1,000 and at ``LARGE_EVENINGS``
    evenings; prints the markdown lines for the parent."""
    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        rng = random.Random(SEED)
        build_league(rng)
        kept.rebuild()
        client = Client()
        url = reverse("standings:alltime")
        with override_settings(
            CACHES={"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
        ):
            samples, _baseline = timed_pair(page_call(client, url), raw_aggregate)
        number = connection.cursor().connection.info.server_version
        version = f"{number // 10000}.{number % 10000}"
        print(
            "\n".join(
                measure_large(rng, client, statistics.median(samples), f"PostgreSQL {version}")
            )
        )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def measure_large(rng, client, small_median, database) -> list[str]:
    """Grow the league to ``LARGE_EVENINGS`` evenings, rebuild, time the all-time page again
    against ``small_median``, its median at 1,000 evenings on the same database."""
    start = time.perf_counter()
    build_large(rng, LARGE_EVENINGS - EVENINGS)
    built = time.perf_counter() - start
    start = time.perf_counter()
    kept.rebuild()
    rebuilt = time.perf_counter() - start
    url = reverse("standings:alltime")
    with override_settings(
        CACHES={"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    ):
        samples, baseline = timed_pair(page_call(client, url), raw_aggregate)
    median = statistics.median(samples)
    return [
        f"## A league of {LARGE_EVENINGS:,} evenings ({database})",
        "",
        f"{EveningPlayer.objects.count():,} seats (places and totals, no round points), built in "
        f"{built:.0f} s. Full rebuild of every rating and standing "
        f"(`manage.py rebuild_standings`): **{rebuilt:.1f} s**.",
        "",
        "| page | median ms | p95 ms | vs. 1,000 evenings | raw SQL aggregate median ms |",
        "|---|---:|---:|---:|---:|",
        f"| all-time `{url}` | {median:.1f} | {percentile_95(samples):.1f} | "
        f"{median / small_median:.2f}× | {statistics.median(baseline):.1f} |",
    ]


if __name__ == "__main__":
    if CHILD:
        large_child()
    else:
        main()
