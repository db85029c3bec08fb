"""Benchmark of one league's pages on a site of many leagues (``make bench``; not a test).

Builds the same seeded league (``bench-liga``: 100 finished evenings, 12 players, 4 to 8 a
night, 3 rounds of points) twice, each in a database of its own: once alone on an empty
site, once among ``BENCH_LEAGUES`` - 1 other leagues of as many evenings (places only,
bulk inserts in one transaction, then the kept rebuild). Each site is built and measured in a
child process of this script (its own SQLite file; with DATABASE_URL, PostgreSQL, the
database emptied first). Both call the WSGI application in process with production settings
(page cache off) and time every page of the league a visitor reads (home, history,
all-time, seasons, a season, statistics, rules, the calendar feed, the busiest player, an
evening): the best CPU time (``time.thread_time``) of ``BENCH_REQUESTS`` requests after a
warm-up. Prints each page's ratio (many leagues over alone) and its query counts; exits
non-zero only when a page's query count differs between the two sites (timings print, they
never fail).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from datetime import time as clock
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from in_process import HOST, count_queries, cpu_ms  # noqa: E402

LEAGUES = int(os.environ.get("BENCH_LEAGUES", 1000))
EVENINGS = int(os.environ.get("BENCH_LEAGUE_EVENINGS", 100))
REQUESTS = int(os.environ.get("BENCH_REQUESTS", 30))
WARMUP = 5
PLAYERS = 12
ROUNDS = 3
SEED = 20200724
SLUG = "bench-liga"
FIRST_DAY = date(2019, 1, 4)


def setup_django(data_dir: str) -> None:
    os.environ.update(
        DATA_DIR=data_dir,
        DEBUG="0",
        SECRET_KEY="bench-" + "x" * 50,
        ALLOWED_HOSTS=HOST,
        PAGE_CACHE="0",
        DJANGO_SETTINGS_MODULE="ofcleague.settings",
    )
    import django

    django.setup()


def build(league, rng: random.Random, *, points: bool) -> None:
    """One league's players and finished evenings (bulk inserts): with ``points``, zero-sum
    round points and places from them, else entered places only (a league's history)."""
    from ofcleague.league.models import (
        Evening,
        EveningPlayer,
        PlacesSource,
        Player,
        RoundScore,
        Status,
        Variant,
    )
    from ofcleague.league.places import evening_standings

    players = Player.objects.bulk_create(
        Player(league=league, name=f"Spieler {n:02d}", name_key=f"spieler {n:02d}", slug=f"s-{n}")
        for n in range(1, PLAYERS + 1)
    )
    evenings = Evening.objects.bulk_create(
        Evening(
            league=league,
            date=FIRST_DAY + timedelta(days=7 * number + rng.randint(0, 2)),
            start_time=clock(19, 0),
            rounds=ROUNDS,
            hands_per_round=15,
            variant=rng.choice([Variant.OFC, Variant.PINEAPPLE]),
            status=Status.FINISHED,
            places_source=PlacesSource.POINTS if points else PlacesSource.ENTERED,
        )
        for number in range(EVENINGS)
    )
    seats, rounds = [], []
    for evening in evenings:
        field = rng.sample(players, rng.randint(4, 8))
        scores = {player.pk: [0] * ROUNDS for player in field}
        for number in range(ROUNDS):
            for one, other in combinations(field, 2):
                value = rng.randint(-24, 24)
                scores[one.pk][number] += value
                scores[other.pk][number] -= value
        standings = evening_standings(scores)
        for player in field:
            seats.append(
                EveningPlayer(
                    evening=evening,
                    player=player,
                    place=standings.places[player.pk],
                    total=standings.totals[player.pk] if points else None,
                )
            )
            rounds.append(scores[player.pk])
    seats = EveningPlayer.objects.bulk_create(seats, batch_size=2000)
    if points:
        RoundScore.objects.bulk_create(
            (
                RoundScore(evening_player=seat, round_number=number, points=value)
                for seat, values in zip(seats, rounds, strict=True)
                for number, value in enumerate(values, 1)
            ),
            batch_size=2000,
        )


def build_site(many: bool) -> float:
    """The benchmarked league, alone or in the middle of the other leagues; seconds spent."""
    from django.db import transaction

    from ofcleague.league.current import using_league
    from ofcleague.league.leagues import League
    from ofcleague.standings import kept

    def build_in(league, rng, *, points):
        with using_league(league):  # the league's rows are written inside the league
            build(league, rng, points=points)

    start = time.perf_counter()
    others = LEAGUES - 1 if many else 0
    with transaction.atomic():
        for number in range(others // 2):
            build_in(
                League.objects.create(name=f"Runde {number}", slug=f"runde-{number}"),
                random.Random(number),
                points=False,
            )
        league = League.objects.create(name="Bench-Liga", slug=SLUG)
        build_in(league, random.Random(SEED), points=True)
        for number in range(others // 2, others):
            build_in(
                League.objects.create(name=f"Runde {number}", slug=f"runde-{number}"),
                random.Random(number),
                points=False,
            )
    kept.rebuild()
    return time.perf_counter() - start


def pages() -> dict[str, str]:
    from django.db.models import Count
    from django.urls import reverse

    from ofcleague.league.current import using_league
    from ofcleague.league.leagues import League
    from ofcleague.league.models import Evening, Player
    from ofcleague.urls.pages import urlconf_for

    league = League.objects.get(slug=SLUG)
    conf = urlconf_for(SLUG)
    with using_league(league):
        evenings = list(Evening.objects.order_by("date", "pk"))
        busiest = Player.objects.annotate(n=Count("seats")).order_by("-n", "pk").first()
    middle = evenings[len(evenings) // 2]
    return {
        "home": reverse("standings:home", urlconf=conf),
        "history": reverse("standings:history", urlconf=conf),
        "all-time": reverse("standings:alltime", urlconf=conf),
        "seasons list": reverse("standings:seasons", urlconf=conf),
        "statistics": reverse("standings:statistics", urlconf=conf),
        "rules": reverse("rules:rules", urlconf=conf),
        "calendar": reverse("results:calendar", urlconf=conf),
        f"season {middle.date.year}": reverse(
            "standings:season", args=[middle.date.year], urlconf=conf
        ),
        "player (the busiest)": f"/{SLUG}/players/{busiest.slug}/",
        "evening": reverse("results:evening", kwargs={"pk": middle.pk}, urlconf=conf),
    }


def measure_site(many: bool) -> dict:
    """Build a site and time the league's pages (runs in the child process)."""
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    settings.STATIC_ROOT = Path(os.environ["DATA_DIR"]) / "static"
    call_command("collectstatic", interactive=False, verbosity=0)
    if connection.vendor == "postgresql":
        call_command("flush", interactive=False, verbosity=0)
    built = build_site(many)
    found = {}
    for name, url in pages().items():
        for _ in range(WARMUP):
            cpu_ms(url)
        found[name] = {
            "url": url,
            "queries": count_queries(url),
            "ms": min(cpu_ms(url) for _ in range(REQUESTS)),
        }
    return {"built": built, "vendor": connection.vendor, "pages": found}


def child(many: bool) -> dict:
    with tempfile.TemporaryDirectory(prefix="ofcleague-leagues-") as data_dir:
        answer = subprocess.run(
            [sys.executable, __file__, "--many" if many else "--alone", data_dir],
            check=True,
            capture_output=True,
            text=True,
        )
    return json.loads(answer.stdout.strip().splitlines()[-1])


def main() -> None:
    if len(sys.argv) == 3:
        setup_django(sys.argv[2])
        print(json.dumps(measure_site(sys.argv[1] == "--many")))
        return
    alone, many = child(False), child(True)
    print(f"# One league among {LEAGUES:,} ({EVENINGS} evenings each), {many['vendor']}\n")
    print(
        f"Built alone in {alone['built']:.1f} s, with the others in {many['built']:.1f} s; "
        f"best CPU ms of {REQUESTS} requests.\n"
    )
    print("| page | URL | queries alone | queries among many | ms alone | ms among many | ratio |")
    print("|---|---|---:|---:|---:|---:|---:|")
    differ = []
    for name, one in alone["pages"].items():
        other = many["pages"][name]
        ratio = other["ms"] / one["ms"]
        print(
            f"| {name} | `{one['url']}` | {one['queries']} | {other['queries']} | "
            f"{one['ms']:.2f} | {other['ms']:.2f} | **{ratio:.2f}x** |"
        )
        if one["queries"] != other["queries"]:
            differ.append(name)
    print("\n(the goal: at most 1.2x, the same query counts)")
    if differ:
        raise SystemExit(f"FAILED: the query counts differ on {', '.join(differ)}")


if __name__ == "__main__":
    main()
