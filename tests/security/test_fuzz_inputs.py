"""Garbage in every field of every form and API: never a server error, never half a write.

Each form is posted through its real URL (the scorekeeper's as a logged-in scorekeeper) with
a valid submission in which some fields are replaced by generated values: huge and negative
numbers, text, invisible and right-to-left characters, NUL bytes, 10,000 characters. The
answer is never a 500; a refused submission changes no row, and whatever is accepted keeps
the league's invariants. Each example runs in a transaction that is rolled back.

The site has two leagues: each example posts under the first league's slug, under the second's
(to its own evening), or under the first's with the second's evening in the path (refused with
a 404, nothing written); the invariants and rows of both are checked after each.

``OFC_FUZZ_EXAMPLES`` sets the number of examples per form (default 200). The score pad's
JSON endpoints and forms are in ``tests/table/test_fuzz_pad.py``, the calculator's and the
scoring API's in ``tests/test_fuzz_scoring.py``.
"""

from __future__ import annotations

import datetime
import os
from decimal import Decimal

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ofcleague.league import services
from ofcleague.league.current import using_league
from ofcleague.league.invariants import league_problems
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Evening, EveningPlayer, Player, RoundScore
from ofcleague.urls.pages import urlconf_for

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("OFC_FUZZ_EXAMPLES", "100"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

SPECIAL = [
    "",
    " ",
    "0",
    "-0",
    "-1",
    "1",
    str(10**30),
    str(-(10**30)),
    str(2**63),
    str(2**63 - 1),
    str(-(2**63)),
    str(2**31),
    str(2**15),
    "1e400",
    "1E5",
    "NaN",
    "Infinity",
    "-inf",
    "1,5",
    "1.005",
    "0.001",
    "99999999.99",
    "1000000",
    "\u200b5",
    "5\u200b",
    "\u202e12",
    "\u200f3",
    "\ufeff7",
    "٣",
    "１２",
    "\x00",
    "1\x00",
    "a\x00b",
    "x" * 10_000,
    "9" * 10_000,
    "2999-01-01",
    "1999-12-31",
    "0001-01-01",
    "9999-12-31",
    "2026-02-30",
    "25:61",
    "24:00",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "null",
    "true",
    "[]",
    "{}",
    "on",
]

GARBAGE = st.one_of(
    st.sampled_from(SPECIAL),
    st.integers(-(2**70), 2**70).map(str),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.text(max_size=30),
)


def league_snapshot():
    """Every row of the league's own tables."""
    return {
        model._meta.label: sorted(map(repr, model.objects.order_by("pk").values()))
        for model in (Player, Evening, EveningPlayer, RoundScore)
    }


def check_post(client, url, data, foreign=False, **extra):
    """Post in a transaction rolled back afterwards; assert no 500 and no partial write
    (and, ``foreign``: another league's evening in the path, no answer but a 404)."""
    with transaction.atomic():
        before = league_snapshot()
        response = client.post(url, data, **extra)
        assert response.status_code < 500
        if foreign:
            assert response.status_code == 404, url
        if foreign or response.status_code != 302:
            assert league_snapshot() == before, f"a refused POST to {url} changed rows"
        problems = league_problems()
        assert not problems, "\n".join(map(str, problems))
        transaction.set_rollback(True)
    return response


def mutate(data, base):
    """The valid submission ``base`` with some fields replaced by garbage or left out."""
    fields = sorted(base)
    chosen = data.draw(st.sets(st.sampled_from(fields), min_size=1), label="fields")
    result = dict(base)
    for name in sorted(chosen):
        if data.draw(st.integers(0, 9), label=f"drop {name}") == 0:
            result.pop(name)
        elif isinstance(base[name], list):
            result[name] = data.draw(st.lists(GARBAGE, max_size=3), label=name)
        else:
            result[name] = data.draw(GARBAGE, label=name)
    return result


# The league -------------------------------------------------------------------------------------


@pytest.fixture
def evening(seeded):
    """An evening in progress: four players, two rounds, round 1 played (so all have places)."""
    return _evening(["Anna", "Bert", "Cleo", "Dora"])


@pytest.fixture
def other(evening, scorekeeper):
    """The second league's evening like the first's, its players named alike (other players
    of their own league), the scorekeeper keeping its score too."""
    from tests.factories import UserFactory

    league = League.objects.create(name="Zweite Runde", slug="zweite-runde")
    Membership.objects.create(league=league, user=UserFactory(), role=Role.OWNER)
    Membership.objects.create(league=league, user=scorekeeper, role=Role.SCOREKEEPER)
    with using_league(league):
        return _evening(["Anna", "Bert", "Zora", "Yann"])


def where(data, evening, other):
    """Which league an example posts in: (the evening, its league's URL configuration,
    whether the evening is another league's than the URL's)."""
    kind = data.draw(st.sampled_from(["first", "second", "foreign"]), label="league")
    if kind == "first":
        return evening, None, False
    if kind == "second":
        return other, urlconf_for(other.league.slug), False
    return other, None, True


def at(name, urlconf, *args):
    return reverse(name, args=args, urlconf=urlconf)


def _evening(names):
    night = services.create_evening(
        new_names=names,
        date=datetime.date(2026, 11, 20),
        start_time=datetime.time(19, 0),
        buy_in=Decimal("10.00"),
        rounds=2,
        hands_per_round=15,
        variant="pineapple",
    )
    seats = list(night.seats.order_by("pk").values_list("pk", flat=True))
    points = dict(zip(seats, ({1: value} for value in (3, -1, -2, 0)), strict=True))
    return services.save_points_grid(night, night.version, points)


def seat_ids(evening):
    return list(evening.seats.order_by("pk").values_list("pk", flat=True))


def evening_base(evening=None, league_id=1):
    """A valid submission of the evening form (new, or the edit of ``evening``), with players
    of the evening's league (or ``league_id``'s)."""
    league_id = evening.league_id if evening is not None else league_id
    players = Player._base_manager.filter(league_id=league_id).order_by("pk")
    players = [str(pk) for pk in players.values_list("pk", flat=True)]
    base = {
        "date": "2026-11-27",
        "start_time": "19:00",
        "buy_in": "10.00",
        "rounds": "3",
        "hands_per_round": "15",
        "variant": "ofc",
        "location": "Anna's",
        "notes": "",
        "players": players[:3],
        "new_players": "Emil",
    }
    if evening is not None:
        base["version"] = str(evening.version)
    return base


@FUZZ
@given(data=st.data())
def test_new_evening_form(keeper_client, evening, other, data):
    night, urlconf, _foreign = where(data, evening, other)
    # Under the first league's slug the second's players are no choice: refused.
    base = evening_base(league_id=night.league_id)
    check_post(keeper_client, at("results:evening_new", urlconf), mutate(data, base))


@FUZZ
@given(data=st.data())
def test_edit_evening_form(keeper_client, evening, other, data):
    night, urlconf, foreign = where(data, evening, other)
    url = at("results:evening_edit", urlconf, night.pk)
    check_post(keeper_client, url, mutate(data, evening_base(night)), foreign)


def points_base(evening):
    seats = seat_ids(evening)
    base = {"version": str(evening.version)}
    for seat, first, second in zip(seats, (3, -1, -2, 0), (1, 1, -1, -1), strict=True):
        base[f"p_{seat}_1"], base[f"p_{seat}_2"] = str(first), str(second)
        base[f"t_{seat}_1"] = base[f"t_{seat}_2"] = ""
        base[f"tb_{seat}"] = ""
    return base


@FUZZ
@given(data=st.data())
def test_points_grid_form(keeper_client, evening, other, data):
    night, urlconf, foreign = where(data, evening, other)
    base = points_base(night)
    if data.draw(st.booleans(), label="finish"):
        base["finish"] = "1"
    check_post(
        keeper_client,
        at("results:evening_points", urlconf, night.pk),
        mutate(data, base),
        foreign,
    )


@FUZZ
@given(
    amount=st.one_of(
        st.sampled_from([10_000, 10_001, 100_000, 2**31, 2**63, 10**30]), st.integers()
    ),
    table=st.one_of(st.none(), st.integers(-5, 10)),
    finish=st.booleans(),
)
def test_points_grid_with_a_balanced_but_huge_round(keeper_client, evening, amount, table, finish):
    """A round that adds up to zero with huge values passes the sum check: the limits must
    refuse it."""
    base = points_base(evening)
    first, second, *rest = seat_ids(evening)
    base[f"p_{first}_2"], base[f"p_{second}_2"] = str(amount), str(-amount)
    for seat in rest:
        base[f"p_{seat}_2"] = "0"
    if table is not None:
        for seat in seat_ids(evening):
            base[f"t_{seat}_2"] = str(table)
    if finish:
        base["finish"] = "1"
    check_post(keeper_client, reverse("results:evening_points", args=[evening.pk]), base)


@FUZZ
@given(data=st.data())
def test_finishing_order_form(keeper_client, evening, other, data):
    night, urlconf, foreign = where(data, evening, other)
    base = {"version": str(night.version)}
    for place, seat in enumerate(seat_ids(night), 1):
        base[f"place_{seat}"] = str(place)
    url = at("results:evening_order", urlconf, night.pk)
    check_post(keeper_client, url, mutate(data, base), foreign)


def prizes_base(evening, pot="40.00", payouts=("26.67", "13.33", "0", "0")):
    base = {"version": str(evening.version), "pot": pot}
    for place, amount in enumerate(payouts, 1):
        base[f"payout_{place}"] = amount
    return base


@FUZZ
@given(data=st.data())
def test_prizes_form(keeper_client, evening, other, data):
    night, urlconf, foreign = where(data, evening, other)
    url = at("results:evening_prizes", urlconf, night.pk)
    check_post(keeper_client, url, mutate(data, prizes_base(night)), foreign)


@FUZZ
@given(
    amount=st.one_of(
        st.sampled_from(["100000", "100000.01", "1000000", "9999999.99", "99999999.99"]),
        st.decimals(0, 10**9, places=2).map(str),
    )
)
def test_prizes_form_with_a_huge_pot(keeper_client, evening, amount):
    """Payouts that add up to a huge pot pass the sum check: the limits must refuse them."""
    url = reverse("results:evening_prizes", args=[evening.pk])
    check_post(keeper_client, url, prizes_base(evening, amount, (amount, "0", "0", "0")))


@FUZZ
@given(data=st.data())
def test_delete_confirmation(keeper_client, evening, other, data):
    night, urlconf, foreign = where(data, evening, other)
    url = at("results:evening_delete", urlconf, night.pk)
    check_post(keeper_client, url, mutate(data, {"version": str(night.version)}), foreign)


EVENING_URLS = [
    "results:evening",
    "results:evening_edit",
    "results:evening_points",
    "results:evening_order",
    "results:evening_prizes",
    "results:evening_delete",
]


@FUZZ
@given(pk=st.one_of(st.integers(0, 2**70), st.sampled_from([2**31, 2**63, 2**64])), data=st.data())
def test_evening_urls_with_any_number(keeper_client, evening, other, pk, data):
    """The evening's pages (and its restore) with a number in the path that is no evening
    (of the league, under either league's slug)."""
    name = data.draw(st.sampled_from(EVENING_URLS))
    urlconf = data.draw(st.sampled_from([None, urlconf_for(other.league.slug)]), label="slug")
    url = at(name, urlconf, pk)
    assert keeper_client.get(url).status_code < 500
    restore = at("results:evening_restore", urlconf, pk)
    check_post(keeper_client, restore, {})
    year = at("standings:season", urlconf, pk)
    assert keeper_client.get(year).status_code < 500


# Logging in, the language, the all-time filters -----------------------------------------------


@FUZZ
@given(data=st.data())
def test_login_form(client, data):
    base = {"login": "keeper", "password": "wrong-pass-123", "next": "/ofc-runde/history/"}
    check_post(client, reverse("login"), mutate(data, base))


@FUZZ
@given(data=st.data())
def test_signup_form(client, data):
    base = {
        "email": "neu@example.org",
        "password1": "karo-bube-1234",
        "password2": "karo-bube-1234",
        "next": "/leagues/new/",
    }
    check_post(client, reverse("account_signup"), mutate(data, base))


@FUZZ
@given(data=st.data())
def test_password_reset_form(client, data):
    check_post(client, reverse("account_reset_password"), mutate(data, {"email": "a@example.org"}))


@FUZZ
@given(data=st.data())
def test_language_switch(data):
    base = {"language": "en", "next": "/ofc-runde/history/"}
    check_post(Client(), reverse("set_language"), mutate(data, base))


ALLTIME = {"year_from": "2016", "year_to": "2020", "variant": "ofc", "sort": "-wins"}


@FUZZ
@given(data=st.data())
def test_alltime_filters(client, other, data):
    query = mutate(data, {**ALLTIME, "_export": "csv", "page": "1"})
    if data.draw(st.booleans(), label="csv"):
        query.pop("_export", None)
    urlconf = urlconf_for(data.draw(st.sampled_from(["ofc-runde", "zweite-runde"])))
    for url in (at("standings:alltime", urlconf), at("standings:api_alltime", urlconf)):
        assert client.get(url, query).status_code < 500


@FUZZ
@given(data=st.data())
def test_history_and_player_page_parameters(client, evening, other, data):
    query = mutate(
        data,
        {
            "page": "2",
            "evenings-sort": "date",
            "evenings-page": "2",
            "h2h-sort": "-wins",
            "_export": "csv",
            "_table": "h2h",
        },
    )
    night, urlconf, foreign = where(data, evening, other)
    slug = Player._base_manager.filter(league_id=night.league_id).values_list("slug", flat=True)
    slug = slug.order_by("pk").first()
    assert client.get(at("standings:history", urlconf), query).status_code < 500
    assert client.get(at("standings:player", urlconf, slug), query).status_code < 500
    evening_page = client.get(at("results:evening", urlconf, night.pk), query)
    assert evening_page.status_code == 404 if foreign else evening_page.status_code < 500
