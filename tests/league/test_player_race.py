"""Two scorekeepers creating the same new player at once (PostgreSQL only: SQLite writes one
transaction at a time, so the race cannot happen there)."""

import contextvars
import threading
import time

import pytest
from django.db import connection, transaction

from ofcleague.league import services
from ofcleague.league.models import Player

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="needs concurrent writers (PostgreSQL)"
    ),
]

# How long the first request keeps its new player uncommitted, so the second one inserts
# meanwhile (and waits for the first to commit).
HOLD = 0.5


def race(first_name: str, second_name: str) -> tuple[Player, Player, float]:
    """Create ``first_name`` in a transaction that stays open while ``second_name`` is created.

    Returns both players and how long the second creation took.
    """
    inserted = threading.Barrier(2)
    results: dict[str, object] = {}

    def first():
        try:
            with transaction.atomic():
                results["first"] = services.create_players([first_name])[0]
                inserted.wait()
                time.sleep(HOLD)
        finally:
            connection.close()

    def second():
        try:
            inserted.wait()
            started = time.monotonic()
            try:
                results["second"] = services.create_players([second_name])[0]
            except Exception as error:  # reported by the assertions
                results["second"] = error
            results["took"] = time.monotonic() - started
        finally:
            connection.close()

    # Each thread works in the test's league (a thread starts with no league active).
    threads = [
        threading.Thread(target=contextvars.copy_context().run, args=(work,))
        for work in (first, second)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results["first"], results["second"], results["took"]


def test_the_same_new_name_at_once_is_one_player():
    first, second, took = race("Zoe", "ZOE\u200b")
    assert isinstance(second, Player), second
    assert second.pk == first.pk
    assert took >= HOLD / 2  # the second insert did wait for the first: the race happened
    assert list(Player.objects.values_list("name", "slug")) == [("Zoe", "zoe")]


def test_two_new_names_with_one_slug_at_once_get_two_slugs():
    first, second, took = race("Zoë", "Zoe")
    assert isinstance(second, Player), second
    assert took >= HOLD / 2
    assert dict(Player.objects.values_list("name", "slug")) == {"Zoë": "zoe", "Zoe": "zoe-2"}
