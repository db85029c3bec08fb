"""Nobody without the permission writes anything through any URL of the site's own apps.

Every URL pattern of the league, scorekeeping and rules namespaces (walked from the URL
configuration, so new write views are covered automatically) receives a POST with plausible
data harvested from the page as a scorekeeper sees it; afterwards every row of every league
table, its history and the users are exactly as before.
"""

import contextlib
import json

import pytest
from django.db import transaction
from django.test import Client
from django.urls import resolve

from ofcleague.backup.writing import backup_models
from ofcleague.league import services
from ofcleague.league.models import Player, Status
from tests.factories import (
    EveningFactory,
    EveningPlayerFactory,
    PlayerFactory,
    RoundScoreFactory,
    UserFactory,
    scorekeeper_of,
)
from tests.security.pages import NAMESPACES, plausible_post, urls


def everything():
    """Every row of every table a backup holds (league, history, users), to compare."""
    return {
        model._meta.label: sorted(
            json.dumps(row, sort_keys=True, default=str) for row in model._base_manager.values()
        )
        for model in backup_models()
    }


@pytest.fixture
def league(db):
    """A finished evening with points, one in progress, a deleted one; the players."""
    players = [PlayerFactory(name=name) for name in ("Anna", "Bert", "Cleo")]
    finished = EveningFactory(status=Status.FINISHED)
    for place, (player, points) in enumerate(zip(players, [10, 0, -10], strict=True), 1):
        seat = EveningPlayerFactory(evening=finished, player=player, place=place, total=points)
        RoundScoreFactory(evening_player=seat, round_number=1, points=points)
    running = EveningFactory(status=Status.IN_PROGRESS)
    for player in players:
        EveningPlayerFactory(evening=running, player=player)
    deleted = EveningFactory(status=Status.FINISHED)
    deleted_pk = deleted.pk
    for player in players[:2]:
        EveningPlayerFactory(evening=deleted, player=player)
    services.delete_evening(deleted, deleted.version)
    return {"finished": finished, "running": running, "deleted_pk": deleted_pk, "players": players}


@pytest.fixture
def candidates(league):
    evenings = [league["finished"].pk, league["running"].pk, league["deleted_pk"]]
    return {
        "pk": evenings,
        "year": [league["finished"].date.year],
        "slug": [league["players"][0].slug],
        "*": evenings,
    }


@pytest.fixture
def keeper_client(db):
    """A client of its own, logged in as a scorekeeper (beside the anonymous ``client``)."""
    keeper = UserFactory(username="keeper")
    scorekeeper_of(keeper)
    browser = Client()
    browser.force_login(keeper)
    return browser


def defaults(league):
    return {
        "date": ["2026-11-30"],
        "start_time": ["19:00"],
        "buy_in": ["10"],
        "rounds": ["3"],
        "hands_per_round": ["15"],
        "variant": ["pineapple"],
        "notes": ["written by an intruder"],
        "new_players": ["Mallory"],
        "players": [str(player.pk) for player in league["players"]],
        "version": [str(league["running"].version)],
        "pot": ["30"],
        "finish": [""],
        "confirm": ["on"],
    }


@pytest.fixture
def write_attempts(league, candidates, keeper_client):
    """(URL, POST data) for every URL, the data harvested as the scorekeeper sees the page."""
    attempts = []
    for namespace in NAMESPACES:
        for _, url in urls(namespace, candidates):
            response = keeper_client.get(url)
            html = response.content.decode(errors="replace") if response.status_code == 200 else ""
            attempts.append((url, plausible_post(html, defaults(league))))
    return attempts


def test_the_walk_finds_the_write_urls(write_attempts):
    found = {url for url, _ in write_attempts}
    assert "/ofc-runde/evenings/new/" in found
    assert len(found) >= 10


class Undo(Exception):
    """Raised to roll a savepoint back after looking at what a POST wrote."""


def test_the_harvested_data_is_plausible_enough_to_write_for_a_scorekeeper(
    write_attempts, keeper_client
):
    """The same data does write when the permission is there: the refusals below mean it."""
    writing = set()
    for url, data in write_attempts:
        before = everything()
        with contextlib.suppress(Undo), transaction.atomic():
            response = keeper_client.post(url, data)
            if everything() != before:
                writing.add(resolve(url).view_name)
            raise Undo
        assert response.status_code < 500, url
    assert "results:evening_new" in writing
    assert len(writing) >= 5, writing


def test_anonymous_posts_write_nothing(write_attempts, client):
    before = everything()
    for url, data in write_attempts:
        response = client.post(url, data)
        assert response.status_code in {200, 302, 400, 403, 404, 405}, url
        if response.status_code == 302:
            assert response.url.startswith("/login/"), url
    assert everything() == before


def test_posts_of_a_member_without_the_permission_write_nothing(write_attempts, client):
    client.force_login(UserFactory(username="member"))
    before = everything()
    for url, data in write_attempts:
        response = client.post(url, data)
        assert response.status_code in {200, 400, 403, 404, 405}, url
    assert everything() == before
    assert not Player.objects.filter(name="Mallory").exists()
