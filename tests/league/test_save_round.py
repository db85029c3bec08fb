"""save_round: one round of the points grid, stored as save_points_grid stores the whole grid
with that round replaced (the table's hands write through it)."""

from __future__ import annotations

import contextlib
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import translation
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ofcleague.league import services
from ofcleague.league.invariants import league_problems
from ofcleague.league.models import Evening, EveningPlayer, PlacesSource, RoundScore, Status
from ofcleague.league.places import tied_groups
from tests.factories import EveningFactory, PlayerFactory
from tests.league.test_services import grid, make_evening

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    """The messages below are checked in English, the language of the msgids."""
    with translation.override("en"):
        yield


def round_of(seats, values, tables=None):
    points = dict(zip(seats, values, strict=True))
    return points, dict(zip(seats, tables, strict=True)) if tables else None


def test_a_round_is_stored_with_totals_and_places_and_the_other_rounds_stay():
    evening, seats = make_evening()
    services.save_points_grid(evening, 1, grid(seats, [5, -3, 0, -2]))
    evening = services.save_round(evening, 2, 2, *round_of(seats, [-1, 4, -4, 1]))
    assert evening.version == 3
    rows = RoundScore.objects.order_by("evening_player", "round_number")
    assert [
        (row.round_number, row.points) for row in rows if row.evening_player_id == seats[1]
    ] == [
        (1, -3),
        (2, 4),
    ]
    assert list(EveningPlayer.objects.order_by("pk").values_list("total", "place")) == [
        (4, 1),
        (1, 2),
        (-4, 4),
        (-1, 3),
    ]
    assert league_problems([evening.pk]) == []


def test_a_round_at_tables_adds_up_per_table():
    evening, seats = make_evening()
    services.save_round(evening, 1, 1, *round_of(seats, [2, -2, 1, -1], [1, 1, 2, 2]))
    assert sorted(RoundScore.objects.values_list("points", "table")) == [
        (-2, 1),
        (-1, 2),
        (1, 2),
        (2, 1),
    ]
    with pytest.raises(ValidationError) as error:
        services.save_round(evening, 2, 1, *round_of(seats, [2, -1, 0, -1], [1, 1, 2, 2]))
    assert error.value.messages == [
        "Round 1, table 1 does not add up to zero: off by +1.",
        "Round 1, table 2 does not add up to zero: off by -1.",
    ]


@pytest.mark.parametrize(
    ("number", "values", "message"),
    [
        (4, [1, -1, 0, 0], "Round 4 is beyond this evening's 3 rounds."),
        (1, [1, 0, 0, 0], "Round 1 does not add up to zero: off by +1."),
        (1, [1, None, -1, 0], "Round 1: 1 player has no points yet."),
        (1, [10_001, -10_001, 0, 0], "Round 1 has points beyond -10000 to 10000."),
    ],
)
def test_a_broken_round_is_refused_and_nothing_is_written(number, values, message):
    evening, seats = make_evening()
    with pytest.raises(ValidationError) as error:
        services.save_round(evening, 1, number, *round_of(seats, values))
    assert message in error.value.messages
    assert not RoundScore.objects.exists()
    assert Evening.objects.get(pk=evening.pk).version == 1


def test_a_seat_of_another_evening_is_refused():
    evening, seats = make_evening()
    _other, strangers = make_evening(names=("Emil", "Fritz"))
    with pytest.raises(ValidationError) as error:
        services.save_round(evening, 1, 1, {seats[0]: 1, strangers[0]: -1})
    assert error.value.messages == ["A player in the grid does not play this evening."]


def test_a_finished_evening_keeps_every_round():
    evening, seats = make_evening(rounds=2)
    services.save_points_grid(evening, 1, grid(seats, [1, -1, 0, 0], [2, -2, 0, 0]), finish=True)
    with pytest.raises(ValidationError) as error:
        services.save_round(evening, 2, 2, {})
    assert error.value.messages == [
        "Round 2 is still empty: enter its points before finishing, or lower the evening's "
        "number of rounds."
    ]
    evening = services.save_round(evening, 2, 2, *round_of(seats, [0, 0, 3, -3]))
    assert evening.status == Status.FINISHED
    assert league_problems([evening.pk]) == []


def test_points_for_an_evening_finished_by_its_order_must_fill_every_round():
    evening, seats = make_evening(rounds=2)
    services.save_finishing_order(evening, 1, dict(zip(seats, [1, 2, 3, 4], strict=True)))
    with pytest.raises(ValidationError) as error:
        services.save_round(evening, 2, 1, *round_of(seats, [1, -1, 0, 0]))
    assert error.value.messages == [
        "Round 2 is still empty: enter its points before finishing, or lower the evening's "
        "number of rounds."
    ]


def test_clearing_the_last_round_clears_the_places_and_the_prizes():
    evening, seats = make_evening(names=("Anna", "Bert"))
    services.save_round(evening, 1, 1, *round_of(seats, [1, -1]))
    services.set_prizes(evening, 2, Decimal(20), {1: Decimal(20), 2: Decimal(0)})
    evening = services.save_round(evening, 3, 1, dict.fromkeys(seats))
    assert evening.pot is None
    assert (
        list(EveningPlayer.objects.values_list("total", "place", "prize"))
        == [(None, None, None)] * 2
    )
    assert evening.places_source == PlacesSource.POINTS


# save_round is save_points_grid with one round replaced ------------------------------------------

VALUE = st.integers(-3, 3)


def zero_sum(draw, size):
    head = draw(st.lists(VALUE, min_size=size - 1, max_size=size - 1))
    return [*head, -sum(head)]


SOUND = ["plain", "plain", "tables", "tables", "empty"]
BROKEN = ["partial", "off", "lone"]


@st.composite
def a_round(draw, size, kinds=SOUND + BROKEN):
    """One round's values and tables: zero-sum, at tables, empty, or broken."""
    kind = draw(st.sampled_from(kinds))
    values, tables = zero_sum(draw, size), [None] * size
    if kind == "tables":
        first = size // 2 if size >= 4 else size
        values = zero_sum(draw, first) + (zero_sum(draw, size - first) if size > first else [])
        tables = [1 if index < first else 2 for index in range(size)]
    elif kind == "empty":
        values = [None] * size
    elif kind == "partial":
        values[draw(st.integers(0, size - 1))] = None
    elif kind == "off":
        values[0] += 1
    elif kind == "lone":  # a table but no points
        values, tables = [None] * size, [1] + [None] * (size - 1)
    return values, tables


@st.composite
def a_case(draw):
    size = draw(st.integers(2, 5))
    rounds = draw(st.integers(1, 3))
    stored = [draw(a_round(size, SOUND)) for _ in range(rounds)]
    ending = draw(st.sampled_from(["open", "finish", "finish", "order", "tie-breaks"]))
    number = draw(st.integers(1, rounds + (draw(st.integers(0, 9)) == 0)))
    return size, rounds, stored, ending, number, draw(a_round(size))


def set_up(size, rounds, stored, ending):
    """An evening with the rounds of ``stored`` that the grid accepts, finished (by its points
    or by an order) or its ties decided at the table as ``ending`` says, where the services
    allow."""
    evening = EveningFactory(status=Status.IN_PROGRESS, rounds=rounds)
    seats = [
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory()).pk
        for _ in range(size)
    ]
    for number, (values, tables) in enumerate(stored, 1):
        evening = Evening.objects.get(pk=evening.pk)
        points, at = with_round(evening, number, seats, values, tables)
        with contextlib.suppress(ValidationError):  # a broken round stays out
            services.save_points_grid(evening, evening.version, points, at)
    evening = Evening.objects.get(pk=evening.pk)
    with contextlib.suppress(ValidationError):  # an incomplete grid is not finished
        if ending == "finish":
            services.save_points_grid(evening, evening.version, *stored_grid(evening), finish=True)
        elif ending == "order":
            order = {seat: place for place, seat in enumerate(seats, 1)}
            services.save_finishing_order(evening, evening.version, order)
        elif ending == "tie-breaks":  # every tie decided at the table, by seat order
            points, tables = stored_grid(evening)
            orders = {}
            for group in tied_groups(services.grid_totals(seats, points)):
                orders.update({seat: index for index, seat in enumerate(sorted(group), 1)})
            services.save_points_grid(evening, evening.version, points, tables, tie_breaks=orders)
    return Evening.objects.get(pk=evening.pk), seats


def stored_grid(evening):
    """The evening's points grid and its tables as stored."""
    points, tables = {}, {}
    for score in RoundScore.objects.filter(evening_player__evening=evening):
        points.setdefault(score.evening_player_id, {})[score.round_number] = score.points
        tables.setdefault(score.evening_player_id, {})[score.round_number] = score.table
    return points, tables


def with_round(evening, number, seats, values, tables):
    """The stored grid and tables with round ``number`` replaced."""
    points, at = stored_grid(evening)
    for seat, value, table in zip(seats, values, tables, strict=True):
        points.setdefault(seat, {})[number] = value
        at.setdefault(seat, {})[number] = table
    return points, at


def outcome(write):
    """What a write leaves: its refusal, or the rows it stored (without their ids)."""
    savepoint = transaction.savepoint()
    try:
        write()
    except ValidationError as error:
        result = ("refused", error.messages)
    else:
        result = (
            list(Evening.objects.values_list("status", "places_source", "pot", "version")),
            list(
                EveningPlayer.objects.order_by("pk").values_list(
                    "pk", "total", "place", "tie_break", "prize"
                )
            ),
            sorted(
                RoundScore.objects.values_list("evening_player", "round_number", "points", "table")
            ),
        )
    transaction.savepoint_rollback(savepoint)
    return result


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(case=a_case())
def test_save_round_stores_what_the_whole_grid_with_that_round_would(db, case):
    size, rounds, stored, ending, number, (values, tables) = case
    with transaction.atomic():
        evening, seats = set_up(size, rounds, stored, ending)
        points = dict(zip(seats, values, strict=True))
        at = dict(zip(seats, tables, strict=True))
        grid, grid_tables = with_round(evening, number, seats, values, tables)
        by_round = outcome(
            lambda: services.save_round(evening, evening.version, number, points, at)
        )
        by_grid = outcome(
            lambda: services.save_points_grid(evening, evening.version, grid, grid_tables)
        )
        event(f"{evening.status}, places from {evening.places_source}")
        event(f"tie-breaks recorded: {evening.seats.exclude(tie_break=None).exists()}")
        event("refused" if by_round[0] == "refused" else "stored")
        assert by_round == by_grid
        transaction.set_rollback(True)
