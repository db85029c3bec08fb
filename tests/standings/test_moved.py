"""Issue 39: the kept numbers belong to the standings app, and the core tells it of every write
through one hook (``ofcleague/league/hooks.py``), never by an import."""

import datetime

import grimp
import pytest
from django.core.exceptions import ValidationError

from ofcleague.league import hooks, services
from ofcleague.league.models import Evening
from ofcleague.money import receivers as money_receivers
from ofcleague.standings import kept
from ofcleague.standings.counted import refresh as counted_refresh
from ofcleague.standings.kept.rating_math import NEWCOMER
from ofcleague.standings.kept.ratings import ratings_before
from ofcleague.standings.models import PlayerTotal, Rivalry, Season, SeasonTotal, Standing
from tests.factories import PlayerFactory
from tests.standings.test_ratings import finished

SEVEN = datetime.time(19)


def test_the_kept_numbers_are_the_standings_models_in_their_old_tables():
    for model in (Standing, SeasonTotal, PlayerTotal, Rivalry, Season):
        assert model._meta.app_label == "standings"
        assert model._meta.db_table == f"league_{model._meta.model_name}"


def test_the_core_holds_no_kept_numbers_and_imports_nothing_of_standings():
    graph = grimp.build_graph("ofcleague")
    core = graph.find_descendants("ofcleague.league") | {"ofcleague.league"}
    assert not {module for module in core if module.startswith("ofcleague.league.kept")}
    reached = {
        (module, imported)
        for module in core
        if ".migrations." not in module  # an old migration names a field where it lives now
        for imported in graph.find_modules_directly_imported_by(module)
        if imported.startswith("ofcleague.standings")
    }
    assert reached == set()


def test_a_write_to_an_evening_tells_the_money_first_then_the_kept_numbers():
    # Then the league's own season tables, which count the seats the kept numbers rated.
    assert [
        money_receivers.evening_changed,
        kept.evening_changed,
        counted_refresh.evening_changed,
    ] == hooks.EVENING_CHANGED


def test_receivers_run_by_their_order_whatever_the_order_they_came_in():
    hook = []
    first, second, third = (lambda: 1), (lambda: 2), (lambda: 3)
    hooks.register(hook, third, order=30)
    hooks.register(hook, first, order=10)
    hooks.register(hook, second, order=20)
    hooks.register(hook, first, order=10)  # once only
    assert hook == [first, second, third]


@pytest.mark.django_db
def test_a_receiver_that_refuses_rolls_the_whole_write_back():
    anna, bert = PlayerFactory(), PlayerFactory()

    def refuse(change):
        raise ValidationError("no")

    hooks.register(hooks.EVENING_CHANGED, refuse, order=99)
    try:
        with pytest.raises(ValidationError):
            services.create_evening(
                players=[anna, bert], date=datetime.date(2024, 3, 1), start_time=SEVEN
            )
    finally:
        hooks.EVENING_CHANGED.remove(refuse)
    assert not Evening.objects.exists()


@pytest.mark.django_db
def test_the_core_asks_the_standings_for_each_players_strength():
    anna, bert, cleo = PlayerFactory(), PlayerFactory(), PlayerFactory()
    finished([anna, bert], [1, 2], datetime.date(2024, 1, 5))
    rated = ratings_before([anna.pk, bert.pk])
    strengths = hooks.player_strengths([anna.pk, bert.pk, cleo.pk])
    assert strengths == {
        anna.pk: rated[anna.pk].display,
        bert.pk: rated[bert.pk].display,
        cleo.pk: NEWCOMER.display,  # never rated
    }
    assert strengths[anna.pk] > strengths[bert.pk]
