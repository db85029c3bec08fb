from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from ofcleague.league import services
from ofcleague.league.invariants import league_problems
from ofcleague.league.models import Evening, EveningPlayer, Player, RoundScore, Status
from tests.factories import EveningFactory, EveningPlayerFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    """The messages below are checked in English, the language of the msgids."""
    with translation.override("en"):
        yield


def make_evening(names=("Anna", "Bert", "Cleo", "Dora"), **kwargs):
    evening = EveningFactory(**{"status": Status.IN_PROGRESS, "rounds": 3, **kwargs})
    seats = [
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
        for name in names
    ]
    return evening, [seat.pk for seat in seats]


def grid(seats, *rounds):
    """``grid(seats, [r1 values], [r2 values])`` as the services take it."""
    return {
        seat: {number: values[index] for number, values in enumerate(rounds, 1)}
        for index, seat in enumerate(seats)
    }


def test_create_players_reuses_names_that_differ_only_in_case():
    anna = PlayerFactory(name="Anna", slug="anna")
    players = services.create_players(["anna", " ANNA ", "Bert  Braun", "bert braun"])
    assert players[0] == anna
    assert [player.name for player in players] == ["Anna", "Bert Braun"]
    assert Player.objects.count() == 2


def test_create_players_gives_unique_slugs():
    PlayerFactory(name="Jo", slug="jo-1")
    PlayerFactory(name="Someone", slug="jo-2")
    PlayerFactory(name="X", slug="jo")
    (new,) = services.create_players(["Jo 1"])
    assert new.slug == "jo-1-2"
    (odd,) = services.create_players(["???"])
    assert odd.slug == "player"


def test_create_evening_needs_two_players():
    with pytest.raises(ValidationError) as error:
        services.create_evening(
            players=[PlayerFactory()], new_names=[], date="2026-01-01", start_time="19:00"
        )
    assert "players" in error.value.message_dict
    assert not Evening.objects.exists()


def test_save_points_computes_totals_places_and_bumps_version():
    evening, seats = make_evening()
    services.save_points_grid(evening, 1, grid(seats, [5, -3, 0, -2], [-1, 4, -4, 1]))
    rows = {seat.pk: (seat.total, seat.place) for seat in evening.seats.all()}
    assert [rows[seat] for seat in seats] == [(4, 1), (1, 2), (-4, 4), (-1, 3)]
    evening.refresh_from_db()
    assert evening.version == 2
    assert evening.status == Status.IN_PROGRESS
    assert RoundScore.objects.count() == 8


def test_a_round_that_does_not_add_up_is_refused_and_nothing_is_written():
    evening, seats = make_evening()
    with pytest.raises(ValidationError) as error:
        services.save_points_grid(evening, 1, grid(seats, [5, -3, 0, -2], [1, 1, 1, 1]))
    assert error.value.messages == ["Round 2 does not add up to zero: off by +4."]
    assert not RoundScore.objects.exists()
    evening.refresh_from_db()
    assert evening.version == 1


def test_a_half_entered_round_is_refused():
    evening, seats = make_evening()
    problems = services.grid_problems(seats, 3, grid(seats, [5, None, -5, None]))
    assert set(problems.cells) == {(seats[1], 1), (seats[3], 1)}
    with pytest.raises(ValidationError):
        services.save_points_grid(evening, 1, grid(seats, [5, None, -5, None]))


def test_tables_add_up_to_zero_each():
    seats = [1, 2, 3, 4]
    points = grid(seats, [3, -3, 2, -2])
    tables = grid(seats, [1, 1, 2, 2])
    assert not services.grid_problems(seats, 3, points, tables)
    wrong = services.grid_problems(seats, 3, grid(seats, [3, -2, 2, -2]), tables)
    assert wrong.rounds[1] == ["Round 1, table 1 does not add up to zero: off by +1."]
    partial = services.grid_problems(seats, 3, points, grid(seats, [1, 1, None, None]))
    assert "for every player who played it" in partial.rounds[1][0]
    assert set(partial.cells) == {(3, 1), (4, 1)}
    # A player without a table in a round at tables sat it out (joined later): 0 is right.
    sat_out = services.grid_problems(seats, 3, grid(seats, [3, -3, 0, 0]), partial_tables())
    assert not sat_out


def partial_tables():
    return grid([1, 2, 3, 4], [1, 1, None, None])


def test_rounds_beyond_the_evening_are_refused():
    problems = services.grid_problems([1, 2], 2, {1: {3: 5}, 2: {3: -5}})
    assert problems.general == ["Round 3 is beyond this evening's 2 rounds."]


def test_finishing_needs_every_round():
    evening, seats = make_evening()
    with pytest.raises(ValidationError) as error:
        services.save_points_grid(evening, 1, grid(seats, [5, -3, 0, -2]), finish=True)
    assert "Round 2 is still empty" in error.value.messages[0]
    services.save_points_grid(
        evening, 1, grid(seats, [5, -3, 0, -2], [1, -1, 0, 0], [0, 0, 2, -2]), finish=True
    )
    evening.refresh_from_db()
    assert evening.status == Status.FINISHED


def test_a_stale_version_is_refused_without_writing():
    evening, seats = make_evening()
    services.save_points_grid(evening, 1, grid(seats, [5, -3, 0, -2]))
    stale = Evening.objects.get(pk=evening.pk)
    with pytest.raises(services.EveningChanged):
        services.save_points_grid(stale, 1, grid(seats, [6, -4, 0, -2]))
    assert sorted(RoundScore.objects.values_list("points", flat=True)) == [-3, -2, 0, 5]


def test_clearing_a_round_deletes_its_scores():
    evening, seats = make_evening()
    services.save_points_grid(evening, 1, grid(seats, [5, -3, 0, -2], [1, -1, 0, 0]))
    services.save_points_grid(evening, 2, grid(seats, [5, -3, 0, -2], [None] * 4))
    assert set(RoundScore.objects.values_list("round_number", flat=True)) == {1}
    assert evening.seats.get(pk=seats[0]).total == 5


def test_finishing_order_allows_shared_places_only():
    assert services.finishing_order_problems({1: 1, 2: 2, 3: 2, 4: 4}) == {}
    assert set(services.finishing_order_problems({1: 1, 2: 2, 3: 2, 4: 3})) == {4}
    assert set(services.finishing_order_problems({1: 1, 2: 5})) == {2}
    assert set(services.finishing_order_problems({1: 1, 2: 1, 3: None})) == {3}


def test_save_finishing_order_marks_places_as_entered():
    evening, seats = make_evening()
    services.save_finishing_order(evening, 1, dict(zip(seats, [2, 1, 3, 3], strict=True)))
    evening.refresh_from_db()
    assert evening.places_source == "entered"
    assert evening.status == Status.FINISHED
    assert evening.seats.get(pk=seats[1]).place == 1
    with pytest.raises(ValidationError):
        services.save_finishing_order(evening, 2, dict(zip(seats, [1, 2, 3, 5], strict=True)))


def test_default_payouts_follow_the_weights_and_add_up(seeded):
    assert services.default_payouts(Decimal("60"), 6) == {1: Decimal("40.00"), 2: Decimal("20")}
    odd = services.default_payouts(Decimal("10"), 6)
    assert sum(odd.values()) == Decimal("10")
    assert odd == {1: Decimal("6.67"), 2: Decimal("3.33")}


def test_tied_players_share_the_prizes_of_the_places_they_cover():
    prizes = services.split_prizes(
        {"a": 1, "b": 1, "c": 3}, {1: Decimal("40"), 2: Decimal("20.01")}
    )
    assert prizes == {"a": Decimal("30.01"), "b": Decimal("30.00"), "c": Decimal("0.00")}
    assert sum(prizes.values()) == Decimal("60.01")


def test_set_prizes_requires_the_pot_to_be_paid_out():
    evening, seats = make_evening()
    services.save_finishing_order(evening, 1, dict(zip(seats, [1, 1, 3, 4], strict=True)))
    with pytest.raises(ValidationError) as error:
        services.set_prizes(evening, 2, Decimal("40"), {1: Decimal("30"), 2: Decimal("5")})
    assert "add up to 35.00 €: 5.00 € less than the pot" in error.value.messages[0]
    services.set_prizes(evening, 2, Decimal("40"), {1: Decimal("30"), 2: Decimal("10")})
    prizes = dict(evening.seats.values_list("pk", "prize"))
    assert [prizes[seat] for seat in seats] == [Decimal("20"), Decimal("20"), 0, 0]


def test_update_evening_adds_and_removes_players_without_points():
    evening, seats = make_evening(names=("Anna", "Bert", "Cleo"))
    services.save_points_grid(evening, 1, grid(seats, [2, -2, 0]))
    keep = [seat.player for seat in evening.seats.filter(player__name__in=["Anna", "Bert"])]
    services.update_evening(evening, 2, players=keep, new_names=["Emil"], location="Bei Micha")
    evening.refresh_from_db()
    assert evening.location == "Bei Micha"
    assert sorted(evening.seats.values_list("player__name", flat=True)) == [
        "Anna",
        "Bert",
        "Emil",
    ]
    assert not RoundScore.objects.filter(evening_player__player__name="Cleo").exists()
    assert league_problems() == []


def test_a_player_with_points_cannot_be_taken_off_and_nothing_changes():
    evening, seats = make_evening(names=("Anna", "Bert", "Micha"))
    services.save_points_grid(evening, 1, grid(seats, [2, -1, -1], [3, 0, -3], [1, 1, -2]))
    keep = [seat.player for seat in evening.seats.exclude(player__name="Micha")]
    with pytest.raises(ValidationError) as error:
        services.update_evening(evening, 2, players=keep, location="Woanders")
    assert error.value.message_dict["players"] == [
        "Micha has points in rounds 1, 2 and 3: clear them on the points page first."
    ]
    evening.refresh_from_db()
    assert (evening.version, evening.location) == (2, "")
    assert evening.seats.count() == 3


def test_taking_off_a_player_without_points_from_a_prefetched_evening_closes_the_places():
    """The view passes an evening with prefetched seats: the service must not reuse them."""
    evening, seats = make_evening(names=("Anna", "Bert", "Cleo", "Dora"))
    services.save_points_grid(evening, 1, grid(seats, [5, 0, -5, 0], [1, 0, -1, 0]))
    prefetched = Evening.objects.prefetch_related("seats").get(pk=evening.pk)
    assert len(prefetched.seats.all()) == 4
    keep = [seat.player for seat in prefetched.seats.exclude(player__name="Bert")]
    services.update_evening(prefetched, 2, players=keep)
    places = dict(EveningPlayer.objects.values_list("player__name", "place"))
    assert places == {"Anna": 1, "Dora": 2, "Cleo": 3}
    assert league_problems() == []


def test_taking_off_a_player_from_an_entered_finishing_order_closes_the_gap():
    evening, seats = make_evening(names=("Anna", "Bert", "Cleo", "Dora"))
    services.save_finishing_order(evening, 1, dict(zip(seats, [1, 2, 2, 4], strict=True)))
    keep = [seat.player for seat in evening.seats.exclude(player__name="Anna")]
    services.update_evening(evening, 2, players=keep)
    places = dict(EveningPlayer.objects.values_list("player__name", "place"))
    assert places == {"Bert": 1, "Cleo": 1, "Dora": 3}
    assert league_problems() == []


def test_adding_a_player_to_a_finished_evening_reopens_it_and_clears_the_prizes():
    evening, seats = make_evening(names=("Anna", "Bert"), rounds=1)
    services.save_points_grid(evening, 1, grid(seats, [4, -4]), finish=True)
    services.set_prizes(evening, 2, Decimal("20"), {1: Decimal("20")})
    players = [seat.player for seat in evening.seats.all()]
    services.update_evening(evening, 3, players=players, new_names=["Cleo"])
    evening.refresh_from_db()
    assert (evening.status, evening.pot) == (Status.IN_PROGRESS, None)
    assert set(evening.seats.values_list("prize", flat=True)) == {None}
    assert league_problems() == []


def test_update_evening_keeps_rounds_that_have_points():
    evening, seats = make_evening(names=("Anna", "Bert"))
    services.save_points_grid(evening, 1, grid(seats, [2, -2], [1, -1]))
    players = [seat.player for seat in evening.seats.all()]
    with pytest.raises(ValidationError) as error:
        services.update_evening(evening, 2, players=players, rounds=1)
    assert "rounds" in error.value.message_dict


def test_delete_and_restore_round_trip():
    evening, seats = make_evening(names=("Anna", "Bert"))
    services.save_points_grid(evening, 1, grid(seats, [3, -3], [1, -1]))
    services.save_points_grid(evening, 2, grid(seats, [3, -3], [None, None]))
    pk = evening.pk
    services.delete_evening(evening, 3)
    assert not Evening.objects.exists() and not RoundScore.objects.exists()
    assert [record.id for record in services.deleted_evenings()] == [pk]

    restored = services.restore_evening(pk)
    assert restored.pk == pk
    assert dict(restored.seats.values_list("player__name", "total")) == {"Anna": 3, "Bert": -3}
    # Round 2 was cleared before the deletion and stays cleared.
    assert list(RoundScore.objects.values_list("round_number", flat=True)) == [1, 1]
    assert services.deleted_evenings() == []
    with pytest.raises(ValidationError):
        services.restore_evening(pk)

    services.delete_evening(restored, restored.version)
    again = services.restore_evening(pk)
    assert again.seats.count() == 2


def test_restore_refuses_when_a_player_is_gone():
    evening = EveningFactory()
    seat = EveningPlayerFactory(evening=evening)
    EveningPlayerFactory(evening=evening)
    pk = evening.pk
    services.delete_evening(evening, evening.version)
    seat.player.delete()
    with pytest.raises(ValidationError):
        services.restore_evening(pk)
    assert not Evening.objects.exists()


def test_prizes_follow_a_correction_that_changes_the_places():
    evening, seats = make_evening(names=("Anna", "Bert", "Cleo"))
    services.save_points_grid(evening, 1, grid(seats, [5, -2, -3], [1, 0, -1], [1, 0, -1]))
    services.set_prizes(evening, 2, Decimal("30"), {1: Decimal("20"), 2: Decimal("10")})
    # Bert's round 1 was really +7 and Anna's -4: Bert wins, Anna is second.
    services.save_points_grid(evening, 3, grid(seats, [-4, 7, -3], [1, 0, -1], [1, 0, -1]))
    rows = dict(evening.seats.values_list("player__name", "prize"))
    assert rows == {"Anna": Decimal("10"), "Bert": Decimal("20"), "Cleo": Decimal("0")}


def test_clearing_every_point_clears_the_prize_money_that_followed_the_places():
    """Found by the stateful test: undoing an evening's only hand cleared its places but left
    the prizes, so tied (unplaced) players held different shares."""
    evening, seats = make_evening(names=("Anna", "Bert", "Cleo"))
    services.save_points_grid(evening, 1, grid(seats, [1, -1, 0]))
    services.set_prizes(evening, 2, Decimal("30"), {1: Decimal("20"), 2: Decimal("10")})
    services.save_points_grid(evening, 3, {seat: {1: None} for seat in seats})
    evening.refresh_from_db()
    assert evening.pot is None
    assert set(evening.seats.values_list("prize", flat=True)) == {None}
    assert league_problems() == []


def test_prizes_after_a_tie_use_the_default_split_of_the_same_pot(seeded):
    evening, seats = make_evening(names=("Anna", "Bert", "Cleo"))
    services.save_finishing_order(evening, 1, dict(zip(seats, [1, 1, 3], strict=True)))
    services.set_prizes(evening, 2, Decimal("30"), {1: Decimal("20"), 2: Decimal("10")})
    services.save_finishing_order(evening, 3, dict(zip(seats, [2, 1, 3], strict=True)))
    rows = dict(evening.seats.values_list("player__name", "prize"))
    assert rows == {"Anna": Decimal("10"), "Bert": Decimal("20"), "Cleo": Decimal("0")}


def test_the_version_check_is_one_conditional_update_inside_the_transaction():
    evening, seats = make_evening(names=("Anna", "Bert"))
    with CaptureQueriesContext(connection) as queries:
        services.save_points_grid(evening, 1, grid(seats, [1, -1]))
    claim = next(query["sql"] for query in queries if query["sql"].startswith("UPDATE"))
    assert '"version" = 1' in claim.split("WHERE", 1)[1]
    assert any(query["sql"].startswith("SAVEPOINT") for query in queries[:2])


def test_an_evening_deleted_in_the_admin_comes_back_with_its_players_and_points():
    evening, seats = make_evening(names=("Anna", "Bert"))
    services.save_points_grid(evening, 1, grid(seats, [3, -3]))
    pk = evening.pk
    Evening.objects.get(pk=pk).delete()
    restored = services.restore_evening(pk)
    assert dict(restored.seats.values_list("player__name", "total")) == {"Anna": 3, "Bert": -3}
    assert RoundScore.objects.count() == 2


def test_a_tie_break_from_the_table_orders_the_tied_players():
    evening, seats = make_evening()
    # Bert and Cleo tie on 0; the table decided that Cleo goes first.
    tie_breaks = {seats[1]: 2, seats[2]: 1}
    services.save_points_grid(evening, 1, grid(seats, [5, 0, 0, -5]), tie_breaks=tie_breaks)
    rows = dict(evening.seats.values_list("player__name", "place"))
    assert rows == {"Anna": 1, "Cleo": 2, "Bert": 3, "Dora": 4}
    assert dict(evening.seats.values_list("player__name", "tie_break")) == {
        "Anna": None,
        "Bert": 2,
        "Cleo": 1,
        "Dora": None,
    }


def test_an_incomplete_or_duplicate_tie_break_is_refused_without_writing():
    evening, seats = make_evening()
    for tie_breaks in ({seats[1]: 1}, {seats[1]: 1, seats[2]: 1}, {seats[1]: 1, seats[2]: 3}):
        with pytest.raises(ValidationError) as error:
            services.save_points_grid(evening, 1, grid(seats, [5, 0, 0, -5]), tie_breaks=tie_breaks)
        assert "different position from 1 to 2" in error.value.messages[0]
    assert not RoundScore.objects.exists()
    assert Evening.objects.get().version == 1


def test_a_recorded_tie_break_that_does_not_cover_the_group_leaves_the_place_shared():
    evening, seats = make_evening()
    services.save_points_grid(
        evening, 1, grid(seats, [5, 0, 0, -5]), tie_breaks={seats[1]: 2, seats[2]: 1}
    )
    # A correction puts Dora level with Bert and Cleo; only two of the three have a tie-break.
    services.save_points_grid(evening, 2, grid(seats, [0, 0, 0, 0]))
    rows = dict(evening.seats.values_list("player__name", "place"))
    assert rows == {"Anna": 1, "Bert": 1, "Cleo": 1, "Dora": 1}
    assert set(evening.seats.values_list("tie_break", flat=True)) == {None}


def test_tie_breaks_are_kept_while_the_tie_lasts_and_cleared_when_it_ends():
    evening, seats = make_evening()
    services.save_points_grid(
        evening, 1, grid(seats, [5, 0, 0, -5]), tie_breaks={seats[1]: 2, seats[2]: 1}
    )
    # Saving again without tie-breaks (another round) keeps the decision for the same tie.
    services.save_points_grid(evening, 2, grid(seats, [5, 0, 0, -5], [1, 1, 1, -3]))
    assert dict(evening.seats.values_list("player__name", "place"))["Cleo"] == 2
    # A correction ends the tie: the old decision must not apply to a later tie.
    services.save_points_grid(evening, 3, grid(seats, [5, 1, 0, -6], [1, 1, 1, -3]))
    assert set(evening.seats.values_list("tie_break", flat=True)) == {None}
    services.save_points_grid(evening, 4, grid(seats, [5, 0, 0, -5], [1, 1, 1, -3]))
    rows = dict(evening.seats.values_list("player__name", "place"))
    assert rows == {"Anna": 1, "Bert": 2, "Cleo": 2, "Dora": 4}


def test_tie_breaks_of_players_who_are_not_tied_are_not_stored():
    evening, seats = make_evening()
    services.save_points_grid(evening, 1, grid(seats, [5, 1, -1, -5]), tie_breaks={seats[0]: 1})
    assert set(evening.seats.values_list("tie_break", flat=True)) == {None}
    assert dict(evening.seats.values_list("player__name", "place"))["Anna"] == 1


def test_when_a_tied_player_leaves_the_others_keep_their_order_numbered_afresh():
    evening, seats = make_evening(names=("Anna", "Bert", "Cleo", "Dora", "Emil"))
    # Bert, Cleo and Dora tie on 0; the table ordered them Cleo, Dora, Bert.
    services.save_points_grid(
        evening,
        1,
        grid(seats, [2, 0, 0, 0, -2]),
        tie_breaks={seats[1]: 3, seats[2]: 1, seats[3]: 2},
    )
    players = {seat.player.name: seat.player for seat in evening.seats.all()}
    services.update_evening(
        evening,
        2,
        players=[players[name] for name in ("Anna", "Bert", "Dora", "Emil")],
        date=evening.date,
        start_time=evening.start_time,
    )
    rows = {
        name: (place, tie_break)
        for name, place, tie_break in evening.seats.values_list(
            "player__name", "place", "tie_break"
        )
    }
    assert rows == {"Anna": (1, None), "Dora": (2, 1), "Bert": (3, 2), "Emil": (4, None)}
