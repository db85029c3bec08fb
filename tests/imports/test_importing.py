"""Storing an import and undoing it: all or nothing, and the league exactly as before."""

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from ofcleague.imports.check import preview
from ofcleague.imports.paste import parse_text
from ofcleague.imports.rows import ImportRow
from ofcleague.league.batches import ImportBatch
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Evening, EveningPlayer, Player, RoundScore, Status
from ofcleague.league.services.importing import import_evenings, undo_import
from ofcleague.standings import kept
from tests.factories import UserFactory
from tests.league.builders import build_league

pytestmark = pytest.mark.django_db
TODAY = datetime.date(2024, 1, 1)


@pytest.fixture
def owner(first_league):
    user = UserFactory(username="owner")
    Membership.objects.create(league=first_league, user=user, role=Role.OWNER)
    return user


def rows_preview(rows, known=()):
    return preview(rows, known, today=TODAY)


def row(line, day, player, place, **more):
    return ImportRow(line=line, date=day, player=player, place=place, **more)


def everything(league_id=1):
    """The league's evenings, seats, points and every kept value."""
    return (
        sorted(
            Evening._base_manager.filter(league_id=league_id).values_list(
                "pk", "date", "status", "version"
            )
        ),
        sorted(
            EveningPlayer.objects.filter(evening__league_id=league_id).values_list(
                "pk", "player_id", "place", "total", "prize"
            )
        ),
        sorted(Player._base_manager.filter(league_id=league_id).values_list("pk", "name")),
        kept.kept_values(),
    )


def test_points_places_prizes_and_new_players_are_stored(owner, first_league):
    day = datetime.date(2023, 5, 5)
    result = rows_preview(
        [
            row(2, day, "Anna", 1, points=(5, 5), prize=Decimal(30), buy_in=Decimal(10)),
            row(3, day, "Bert", 2, points=(0, 5), buy_in=Decimal(10)),
            row(4, day, "Carl", 3, points=(-5, -10), buy_in=Decimal(10), variant="classic"),
        ]
    )
    assert result.ok
    batch = import_evenings(first_league, result, owner, source_name="alt.csv")
    evening = Evening.objects.get()
    assert evening.import_batch == batch and evening.status == Status.FINISHED
    assert (evening.rounds, evening.variant, evening.pot) == (2, "classic", Decimal(30))
    seats = list(evening.seats.order_by("place").values_list("player__name", "place", "total"))
    assert seats == [("Anna", 1, 10), ("Bert", 2, 5), ("Carl", 3, -15)]
    assert EveningPlayer.objects.get(player__name="Anna").prize == Decimal(30)
    assert RoundScore.objects.count() == 6
    assert set(batch.new_players.all()) == set(Player.objects.all())
    assert (batch.evening_count, batch.source_name, batch.created_by) == (1, "alt.csv", owner)
    assert kept.kept_matches_rebuild()


def test_players_tied_on_points_keep_their_imported_order(owner, first_league):
    day = datetime.date(2023, 5, 5)
    result = rows_preview(
        [
            row(2, day, "Bert", 1, points=(3,)),
            row(3, day, "Anna", 2, points=(3,)),
            row(4, day, "Carl", 3, points=(-6,)),
        ]
    )
    import_evenings(first_league, result, owner)
    places = dict(EveningPlayer.objects.values_list("player__name", "place"))
    assert places == {"Bert": 1, "Anna": 2, "Carl": 3}


def test_the_printed_history_makes_finished_evenings_by_order(owner, first_league):
    text = (
        "Freitag, 24.07.2020, Start 19.00 Uhr\nBuyin 10 €, 3mal 15 Hände Pineapple\n"
        "1. Micha 2. Melanie 3. Andreas\n"
        "Mittwoch, 23.11.2016, 19.30 Uhr,\nBuyin 10 €, 30 Hände\n1. Andreas 2. Sven\n"
    )
    parsed = parse_text(text)
    result = preview(parsed.rows, problems=parsed.problems, today=TODAY)
    import_evenings(first_league, result, owner)
    stored = [
        (e.date, e.start_time, e.rounds, e.hands_per_round, e.variant, e.places_source)
        for e in Evening.objects.order_by("date")
    ]
    assert stored == [
        (datetime.date(2016, 11, 23), datetime.time(19, 30), 1, 30, "ofc", "entered"),
        (datetime.date(2020, 7, 24), datetime.time(19, 0), 3, 15, "pineapple", "entered"),
    ]
    assert Player.objects.count() == 4
    assert kept.kept_matches_rebuild()


def test_a_failing_evening_writes_nothing(owner, first_league):
    build_league(4, players=5, seed=3)
    before = everything()
    fine = [row(2, datetime.date(2022, 1, 1), "Neu", 1), row(3, datetime.date(2022, 1, 1), "B", 2)]
    # One player alone: the league's rules refuse the evening (at least two players).
    alone = [row(4, datetime.date(2022, 2, 1), "Solo", 1)]
    result = rows_preview(fine + alone)
    assert result.ok
    with pytest.raises(ValidationError, match="01.02.2022"):
        import_evenings(first_league, result, owner)
    assert everything() == before
    assert not ImportBatch.objects.exists()


def test_a_blocking_problem_refuses_before_anything(owner, first_league):
    day = datetime.date(2022, 1, 1)
    result = rows_preview([row(2, day, "A", 1), row(3, day, "B", 3)])
    assert not result.ok
    with pytest.raises(ValidationError):
        import_evenings(first_league, result, owner)
    assert not Evening.objects.exists() and not Player.objects.exists()


def test_only_the_owner_imports_and_undoes(first_league, owner):
    keeper = UserFactory()
    Membership.objects.create(league=first_league, user=keeper, role=Role.SCOREKEEPER)
    day = datetime.date(2022, 1, 1)
    result = rows_preview([row(2, day, "A", 1), row(3, day, "B", 2)])
    with pytest.raises(PermissionDenied):
        import_evenings(first_league, result, keeper)
    batch = import_evenings(first_league, result, owner)
    with pytest.raises(PermissionDenied):
        undo_import(batch, keeper)
    assert Evening.objects.count() == 1


def test_undo_restores_the_league_exactly(owner, first_league):
    people = build_league(6, players=6, seed=5)
    known = people[0].name
    before = everything()
    days = [datetime.date(2015, 3, 1), datetime.date(2020, 6, 1)]
    rows = [
        row(2, days[0], known, 1, points=(4,)),
        row(3, days[0], "Neuling", 2, points=(-4,)),
        row(4, days[1], "Neuling", 1),
        row(5, days[1], "Zweite", 2),
        row(6, days[1], known, 3),
    ]
    batch = import_evenings(first_league, rows_preview(rows, [p.name for p in people]), owner)
    assert Evening.objects.filter(import_batch=batch).count() == 2
    assert everything() != before
    undo_import(batch, owner)
    after = everything()
    # The evenings' versions and the kept values: all as before.
    assert after == before
    batch.refresh_from_db()
    assert batch.undone_at is not None and batch.undone_by == owner
    with pytest.raises(ValidationError):
        undo_import(batch, owner)
    assert kept.kept_matches_rebuild()


def test_undo_keeps_a_new_player_who_played_since(owner, first_league):
    day = datetime.date(2022, 1, 1)
    batch = import_evenings(
        first_league, rows_preview([row(2, day, "A", 1), row(3, day, "B", 2)]), owner
    )
    later = rows_preview(
        [row(2, datetime.date(2022, 2, 1), "A", 1), row(3, datetime.date(2022, 2, 1), "C", 2)],
        ["A", "B"],
    )
    import_evenings(first_league, later, owner)
    undo_import(batch, owner)
    assert sorted(Player.objects.values_list("name", flat=True)) == ["A", "C"]
    assert Evening.objects.count() == 1


def test_another_leagues_import_stays_its_own(owner, first_league):
    other = League.objects.create(name="Andere", slug="andere")
    day = datetime.date(2022, 1, 1)
    import_evenings(first_league, rows_preview([row(2, day, "A", 1), row(3, day, "B", 2)]), owner)
    assert Evening._base_manager.filter(league=other).count() == 0
    assert Evening._base_manager.filter(league=first_league).count() == 1


def test_the_same_input_is_imported_once(owner, first_league):
    day = datetime.date(2022, 1, 1)
    result = rows_preview([row(2, day, "A", 1), row(3, day, "B", 2)])
    import_evenings(first_league, result, owner, token="abc")
    with pytest.raises(ValidationError, match="already|schon"):
        import_evenings(first_league, result, owner, token="abc")
    assert Evening.objects.count() == 1
    import_evenings(first_league, result, owner)  # no token: no such check
    assert Evening.objects.count() == 2
