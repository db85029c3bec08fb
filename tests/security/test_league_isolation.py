"""No page of one league shows, or writes, a row of another league.

Two leagues with recognizable data: A (the site's first) and B, whose players are called
Zzyzx, Quentin, Xaver, Yvonne and Wotan. Every URL of a league's pages (walked from the URL
configuration of A's slug, so a page added later is covered) is requested under A's slug with
B's ids in its path (evenings, players, tables, hands), by every role (anonymous, member,
scorekeeper and owner of A, a superuser), with GET, a CSV export, a POST of B's own form (as
B's superuser sees it), a JSON body, and PUT/PATCH/DELETE on the JSON endpoints; then A's own
pages get POSTs whose ids (players, seats) are B's. No answer may name a player of B, no
address with B's ids may answer but 302/403/404/405, and B's rows and change log (a
fingerprint of everything a backup of B holds) must be exactly as before.

The leagues are built once for the module (every test rolls back its own writes).
"""

import json
import time
import uuid

import pytest
from django.db import transaction
from django.test import Client

from ofcleague.backup.league_backup import league_querysets
from ofcleague.league import invariants
from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Evening, EveningPlayer, Player, Status
from ofcleague.table.models import Hand
from ofcleague.urls.pages import urlconf_for
from tests.factories import UserFactory, ensure_first_league
from tests.leagues.builders import populate
from tests.security.pages import league_namespaces, plausible_post, url_calls

NAMES_A = ["Anna", "Bert", "Cleo", "Dora"]
NAMES_B = ["Zzyzx", "Quentin", "Xaver", "Yvonne", "Wotan"]
#: What B holds that no page of A may show: its players' names and its evenings' notes.
SECRETS_B = [*NAMES_B, "Geheimnotiz"]
#: Arguments of a league page that name a row of the league (a year or a round number does
#: not: any league may have one).
ROW_ARGUMENTS = {"pk", "slug", "number"}
#: The site's own pages (outside every league) that a role may open.
SITE_PAGES = ["/", "/leagues/new/", "/manifest.webmanifest", "/sw.js"]
ROLES = ["anonymous", "member", "scorekeeper", "owner", "superuser"]
#: Form fields that name a player, and those that name a seat (an evening's player).
PLAYER_FIELDS = {"players", "rename-player", "merge-keep", "merge-merge"}
SEAT_FIELDS = {"player", "other", "dealer"}


def fingerprint(league):
    """Every row a backup of ``league`` holds (its history too), as text."""
    rows = []
    for model, queryset in league_querysets(league):
        rows += [
            f"{model._meta.label} {json.dumps(row, sort_keys=True, default=str)}"
            for row in queryset.values()
        ]
    return sorted(rows)


def _calls(slug, candidates):
    urlconf = urlconf_for(slug)
    return [
        call
        for namespace in league_namespaces(urlconf)
        for call in url_calls(namespace, candidates, urlconf)
    ]


def _ids(league):
    """The candidates for the arguments of the league's pages: its evenings (finished, in
    progress, deleted), a player, the table of the evening in progress and its hands."""
    finished = Evening._base_manager.filter(league=league, status=Status.FINISHED)
    live = Evening._base_manager.get(league=league, status=Status.IN_PROGRESS)
    deleted = Evening.history.filter(league_id=league.pk, history_type="-").first().id
    hand = Hand.objects.filter(round_table__evening=live).order_by("-number").first()  # 2
    player = Player._base_manager.filter(league=league).order_by("pk").first()
    return {
        "pk": [*finished.order_by("pk").values_list("pk", flat=True), live.pk, deleted],
        "slug": [player.slug],
        "year": [live.date.year],
        "round_number": [1, 2],
        "table": [1],
        "number": [1, hand.number],
        "*": [1],
    }


def _clean(data):
    """A POST body without any of B's names in it (an answer that echoes what was typed
    would look like a leak)."""
    return {
        name: [
            "Mallory" if any(secret in value for secret in SECRETS_B) else value for value in values
        ]
        for name, values in data.items()
    }


def _hand_body(number):
    results = [{"seat": seat, "points": points} for seat, points in enumerate([3, -1, -1, -1], 1)]
    return {"id": str(uuid.uuid4()), "number": number, "entry": "points", "results": results}


def _login(role, users):
    client = Client()
    if role != "anonymous":
        client.force_login(users[role])
    return client


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Leagues A and B, the accounts of every role in A, B's superuser-harvested forms."""
    started = time.perf_counter()
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            a = ensure_first_league()
            populate(a, NAMES_A, year=2019)
            b = League.objects.create(name="Zweite Runde", slug="zweite-runde")
            populate(b, NAMES_B, year=2020, notes="Geheimnotiz")
            Membership.objects.create(league=b, user=UserFactory(username="b-owner"), role="owner")
            users = {"superuser": UserFactory(username="root", is_superuser=True, is_staff=True)}
            for role in (Role.MEMBER, Role.SCOREKEEPER, Role.OWNER):
                users[str(role)] = UserFactory(username=f"a-{role}")
                Membership.objects.create(league=a, user=users[str(role)], role=role)
            ids_a, ids_b = _ids(a), _ids(b)
            live_b = Evening._base_manager.get(pk=ids_b["pk"][1])
            seats_b = [str(pk) for pk in live_b.seats.values_list("pk", flat=True)]
            players_b = [
                str(pk) for pk in Player._base_manager.filter(league=b).values_list("pk", flat=True)
            ]
            root = _login("superuser", users)
            # B's addresses under A's slug, each with the form B's superuser sees at B's own.
            own_b = {(name, tuple(kw.items())): url for name, kw, url in _calls(b.slug, ids_b)}
            attacks = []
            for name, kwargs, url in _calls(a.slug, ids_b):
                page = root.get(own_b[(name, tuple(kwargs.items()))])
                html = page.content.decode(errors="replace") if page.status_code == 200 else ""
                data = _clean(plausible_post(html, {"version": ["1"], "confirm": ["on"]}))
                attacks.append((name, kwargs, url, data))
                if name == "table:seats":  # the one-tap buttons, with B's seats
                    for action in ("swap", "dealer", "same"):
                        swap = {"action": action, "player": seats_b[1], "other": seats_b[0]}
                        attacks.append((name, kwargs, url, {**swap, "table": "1"}))
            # A's own addresses, each with its form as A's superuser sees it, B's ids in it.
            smuggled = []
            for name, _kwargs, url in _calls(a.slug, ids_a):
                page = root.get(url)
                html = page.content.decode(errors="replace") if page.status_code == 200 else ""
                data = plausible_post(html, {"version": ["1"], "confirm": ["on"]})
                for field in data:
                    if field in PLAYER_FIELDS:
                        data[field] = players_b
                    elif field in SEAT_FIELDS or field.startswith("seat_"):
                        data[field] = seats_b[:1]
                smuggled.append((url, data))
                if name == "table:seats":
                    for action in ("swap", "dealer", "same"):
                        smuggled.append(
                            (url, {"action": action, "player": seats_b[0], "other": seats_b[1]})
                        )
            print(
                f"\nleague isolation: data and forms built in {time.perf_counter() - started:.1f}s"
            )
            yield {
                "a": a,
                "b": b,
                "users": users,
                "attacks": attacks,
                "smuggled": smuggled,
                "seats_b": seats_b,
            }
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


def _revealing(response):
    body = b"".join(response.streaming_content) if response.streaming else response.content
    text = body.decode("utf-8", "replace")
    return [secret for secret in SECRETS_B if secret in text]


def _requests(client, name, kwargs, url, data, seats_b):
    """Every way of asking for ``url``: yield (how, response)."""
    yield "GET", client.get(url)
    if name.startswith("standings:"):
        yield "GET csv", client.get(url, {"_export": "csv"})
    if name == "table:round":
        yield "GET pick", client.get(url, {"pick": seats_b[0]})
    yield "POST", client.post(url, data)
    number = kwargs.get("number", 3)
    body = json.dumps(_hand_body(number))
    yield "POST json", client.post(url, body, content_type="application/json")
    if "/api/" in url:
        for method in (client.put, client.patch, client.delete):
            yield method.__name__.upper(), method(url, body, content_type="application/json")


@pytest.mark.parametrize("role", ROLES)
def test_no_page_of_a_league_shows_or_writes_another_leagues_rows(world, role, db):
    started = time.perf_counter()
    client = _login(role, world["users"])
    before = fingerprint(world["b"])
    problems, requests = [], 0
    for name, kwargs, url, data in world["attacks"]:
        for how, response in _requests(client, name, kwargs, url, data, world["seats_b"]):
            requests += 1
            leaked = _revealing(response)
            if leaked:
                problems.append(f"{how} {url} ({response.status_code}) shows {leaked}")
            if ROW_ARGUMENTS & set(kwargs) and response.status_code not in {302, 403, 404, 405}:
                problems.append(f"{how} {url} answers {response.status_code} for B's ids")
            if response.status_code == 302 and role == "anonymous":
                assert response.url.startswith("/login/"), (how, url, response.url)
    for url in SITE_PAGES:  # the site's own pages list leagues, never their players
        response = client.get(url)
        requests += 1
        if _revealing(response):
            problems.append(f"GET {url} shows {_revealing(response)}")
    assert not problems, "\n".join(problems)
    assert fingerprint(world["b"]) == before
    assert requests > 200
    print(f"\n{role}: {requests} requests in {time.perf_counter() - started:.1f}s")


@pytest.mark.parametrize("role", ["scorekeeper", "owner", "superuser"])
def test_a_leagues_forms_take_no_id_of_another_league(world, role, db):
    started = time.perf_counter()
    client = _login(role, world["users"])
    before = fingerprint(world["b"])
    problems = []
    for url, data in world["smuggled"]:
        response = client.post(url, data)
        if response.status_code >= 500:
            problems.append(f"POST {url} crashes")
        leaked = _revealing(response)
        if leaked:
            problems.append(f"POST {url} ({response.status_code}) shows {leaked}")
    assert not problems, "\n".join(problems)
    assert fingerprint(world["b"]) == before
    # Nothing of A came to name a row of B: no seat of A's evenings is B's player.
    assert invariants.league_problems() == []
    assert not EveningPlayer.objects.filter(
        evening__league=world["a"], player__league=world["b"]
    ).exists()
    with using_league(world["a"]):
        assert not Player.objects.filter(name__in=NAMES_B).exists()
    print(f"\n{role}: {len(world['smuggled'])} posts in {time.perf_counter() - started:.1f}s")


def test_the_walk_covers_the_leagues_pages(world, db):
    names = {name for name, _kwargs, _url, _data in world["attacks"]}
    assert {
        "results:evening",
        "table:api_hands",
        "standings:player",
        "leagueadmin:players",
    } <= names
    with_ids = [url for _name, kwargs, url, _data in world["attacks"] if "pk" in kwargs]
    assert all(url.startswith("/ofc-runde/") for url in with_ids) and len(with_ids) > 20
    # The harvested forms are B's real ones: the evening's edit form names its players.
    edits = [data for name, _kw, _url, data in world["attacks"] if name == "results:evening_edit"]
    assert any(data.get("players") for data in edits)
