"""The skill rating and the kept standings: openskill's numbers, kept equal to a rebuild."""

import datetime
from collections import Counter

import pytest
from django.core.management import call_command
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from openskill.models import PlackettLuce

from ofcleague.league import services
from ofcleague.league.models import (
    Evening,
    EveningPlayer,
    Status,
    Variant,
)
from ofcleague.standings import kept as kept_numbers
from ofcleague.standings.kept import seasons
from ofcleague.standings.kept.rating_math import NEWCOMER, Rating, forecast
from ofcleague.standings.kept.record import player_records
from ofcleague.standings.models import PlayerTotal, Season, SeasonTotal, Standing
from ofcleague.standings.queries import alltime_records
from tests.backup.test_backup import wipe
from tests.factories import PlayerFactory
from tests.standings.folds import finished_seats

pytestmark = pytest.mark.django_db
SEVEN = datetime.time(19, 0)


def finished(players, places, date, start=SEVEN, **details):
    """A finished evening with a finishing order, written through the services."""
    evening = services.create_evening(players=players, date=date, start_time=start, **details)
    seats = dict(EveningPlayer.objects.filter(evening=evening).values_list("player_id", "pk"))
    order = {seats[player.pk]: place for player, place in zip(players, places, strict=True)}
    return services.save_finishing_order(evening, evening.version, order)


def seat_ratings(evening):
    return {
        seat.player_id: (seat.mu_before, seat.sigma_before, seat.mu_after, seat.sigma_after)
        for seat in EveningPlayer.objects.filter(evening=evening)
    }


def rows(model, *key):
    """Every row of a kept model without its id, its key first (the rows sort by their key)."""
    fields = [f.attname for f in model._meta.concrete_fields if f.attname not in ("id", *key)]
    return sorted(model.objects.values_list(*key, *fields))


def kept():
    """Every kept value: the seats' ratings, the standings, the players' totals and the
    seasons' counts of evenings."""
    seats = sorted(
        EveningPlayer.objects.values_list(
            "pk", "mu_before", "sigma_before", "mu_after", "sigma_after"
        )
    )
    standings = rows(Standing, "player_id", "year", "variant")
    totals = rows(SeasonTotal, "player_id", "year"), rows(PlayerTotal, "player_id")
    return seats, standings, *totals, rows(Season, "year")


def rebuilt():
    with transaction.atomic():
        kept_numbers.rebuild()
    return kept()


def test_three_evenings_match_openskills_own_rate():
    anna, bert, cleo, dora = (PlayerFactory(name=name) for name in ("Anna", "Bert", "Cleo", "Dora"))
    # Out of date order on purpose, the third with a shared second place.
    second = finished([anna, bert, cleo], [3, 1, 2], datetime.date(2024, 2, 1))
    first = finished([anna, bert, cleo, dora], [1, 2, 3, 4], datetime.date(2024, 1, 1))
    third = finished([anna, bert, cleo, dora], [4, 2, 2, 1], datetime.date(2024, 3, 1))

    model = PlackettLuce()
    current = {name: model.rating() for name in "ABCD"}
    expected = []
    for names, ranks in (("ABCD", [1, 2, 3, 4]), ("ABC", [3, 1, 2]), ("ABCD", [4, 2, 2, 1])):
        before = {name: (current[name].mu, current[name].sigma) for name in names}
        rated = model.rate([[current[name]] for name in names], ranks=ranks)
        for name, (new,) in zip(names, rated, strict=True):
            current[name] = new
        expected.append(
            {name: (*before[name], current[name].mu, current[name].sigma) for name in names}
        )

    by_letter = {anna.pk: "A", bert.pk: "B", cleo.pk: "C", dora.pk: "D"}
    for evening, want in zip((first, second, third), expected, strict=True):
        got = {by_letter[pk]: values for pk, values in seat_ratings(evening).items()}
        assert got.keys() == want.keys()
        for name, values in got.items():
            assert values == pytest.approx(want[name], rel=1e-12, abs=1e-12)
    # The first evening starts from the newcomer's rating; Dora's one win lifts her above Anna.
    assert seat_ratings(first)[anna.pk][:2] == (NEWCOMER.mu, NEWCOMER.sigma)
    records = {record.name: record for record in alltime_records()[0]}
    assert records["Dora"].mu == pytest.approx(current["D"].mu, rel=1e-12)
    assert records["Dora"].rating == pytest.approx(current["D"].ordinal(), rel=1e-12)


def test_ratings_and_standings_survive_backup_and_restore_exactly(tmp_path):
    people = [PlayerFactory() for _ in range(5)]
    for day in range(1, 7):
        field = people[day % 2 : day % 2 + 4]
        places = [(day + index) % len(field) + 1 for index in range(len(field))]
        finished(field, places, datetime.date(2023, 12, 28) + datetime.timedelta(days=day))
    before = kept()
    assert all(row[1] is not None for row in before[0])
    target = tmp_path / "league.json.gz"
    call_command("backup", str(target), verbosity=0)
    wipe()
    assert not Standing.objects.exists()
    call_command("restore", str(target), verbosity=0)
    assert kept() == before
    assert rebuilt() == before


def test_correcting_an_old_evening_changes_later_ratings_and_nothing_before():
    anna, bert, cleo = (PlayerFactory(name=name) for name in ("Anna", "Bert", "Cleo"))
    earlier = finished([anna, bert, cleo], [1, 2, 3], datetime.date(2024, 1, 1))
    old = finished([anna, bert, cleo], [1, 2, 3], datetime.date(2024, 2, 1))
    later = finished([anna, bert, cleo], [2, 1, 3], datetime.date(2024, 3, 1))
    earlier_before, old_before, later_before = map(seat_ratings, (earlier, old, later))

    seats = dict(EveningPlayer.objects.filter(evening=old).values_list("player_id", "pk"))
    services.save_finishing_order(
        old, old.version, {seats[anna.pk]: 3, seats[bert.pk]: 2, seats[cleo.pk]: 1}
    )

    assert seat_ratings(earlier) == earlier_before
    assert seat_ratings(old) != old_before
    assert seat_ratings(later) != later_before
    assert seat_ratings(later)[cleo.pk][0] > later_before[cleo.pk][0]
    assert kept() == rebuilt()


def test_moving_an_evening_later_rerates_from_where_it_was():
    anna, bert = PlayerFactory(name="Anna"), PlayerFactory(name="Bert")
    moved = finished([anna, bert], [1, 2], datetime.date(2024, 1, 1))
    finished([anna, bert], [2, 1], datetime.date(2024, 2, 1))
    moved = Evening.objects.get(pk=moved.pk)
    services.update_evening(
        moved, moved.version, players=[anna, bert], date=datetime.date(2025, 3, 1)
    )
    assert kept() == rebuilt()
    # Now Anna's win comes last: her rating is the higher one.
    records = {record.name: record for record in alltime_records()[0]}
    assert records["Anna"].rating > records["Bert"].rating
    assert {record.name for record in alltime_records(year_from=2025)[0]} == {"Anna", "Bert"}


def test_pages_show_the_rating_its_change_and_the_outlook(client):
    anna, bert = PlayerFactory(name="Anna"), PlayerFactory(name="Bert")
    evening = finished([anna, bert], [1, 2], datetime.date(2024, 1, 1))
    row = {row["player"]: row for row in client.get(reverse("standings:api_alltime")).json()}
    after = Rating(*seat_ratings(evening)[anna.pk][2:])
    assert row["Anna"]["rating"] == {"mu": after.mu, "sigma": after.sigma, "display": after.display}

    page = client.get(evening.get_absolute_url()).content.decode()
    assert 'id="rating-changes"' in page and "+" in page
    planned = services.create_evening(
        players=[anna, bert], date=datetime.date(2024, 2, 1), start_time=SEVEN
    )
    page = client.get(planned.get_absolute_url()).content.decode()
    assert 'id="outlook"' in page
    chances = forecast({"a": after, "b": Rating(*seat_ratings(evening)[bert.pk][2:])})
    assert chances["a"].win > 0.5 > chances["b"].win and chances["a"].place == 1
    page = client.get(anna.get_absolute_url()).content.decode()
    assert 'class="rating-chart"' in page and "style=" not in page.split('class="rating-chart"')[1]
    sorted_page = client.get(reverse("standings:alltime"), {"sort": "-rating"})
    assert sorted_page.status_code == 200
    assert sorted_page.content.decode().index("Anna") < sorted_page.content.decode().index("Bert")


YEARS = [datetime.date(2022, 5, 1), datetime.date(2023, 5, 1), datetime.date(2023, 9, 1)]


class KeptStandings(RuleBasedStateMachine):
    """Random writes through the services; the kept data always equals a rebuild."""

    def __init__(self):
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        self.players = [PlayerFactory() for _ in range(4)]
        self.deleted = []

    def teardown(self):
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    def evenings(self):
        return list(Evening.objects.order_by("pk"))

    @rule(
        size=st.integers(2, 4),
        day=st.sampled_from(YEARS),
        start=st.sampled_from([SEVEN, datetime.time(20, 0)]),
        variant=st.sampled_from([Variant.OFC, Variant.PINEAPPLE]),
        data=st.data(),
    )
    def add(self, size, day, start, variant, data):
        field = self.players[:size]
        places = sorted(data.draw(st.lists(st.integers(1, size), min_size=size, max_size=size)))
        # Standard competition ranking: each place is 1 + the number of players ahead.
        ranks = [1 + sum(other < place for other in places) for place in places]
        finished(field, ranks, day, start, variant=variant)

    @precondition(lambda self: Evening.objects.exists())
    @rule(data=st.data())
    def correct(self, data):
        evening = data.draw(st.sampled_from(self.evenings()))
        seats = list(EveningPlayer.objects.filter(evening=evening).order_by("pk"))
        ranks = data.draw(st.permutations(range(1, len(seats) + 1)))
        services.save_finishing_order(
            evening,
            evening.version,
            {seat.pk: rank for seat, rank in zip(seats, ranks, strict=True)},
        )

    @precondition(lambda self: Evening.objects.exists())
    @rule(data=st.data(), day=st.sampled_from(YEARS))
    def move(self, data, day):
        evening = data.draw(st.sampled_from(self.evenings()))
        players = [seat.player for seat in EveningPlayer.objects.filter(evening=evening)]
        services.update_evening(evening, evening.version, players=players, date=day)

    @precondition(lambda self: Evening.objects.exists())
    @rule(data=st.data())
    def delete(self, data):
        evening = data.draw(st.sampled_from(self.evenings()))
        services.delete_evening(evening, evening.version)
        self.deleted.append(evening.pk)

    @precondition(lambda self: self.deleted)
    @rule()
    def restore(self):
        services.restore_evening(self.deleted.pop())

    @invariant()
    def kept_equals_rebuild(self):
        now = kept()
        assert now == rebuilt()
        dates = Evening.objects.filter(status=Status.FINISHED).values_list("date", flat=True)
        years = Counter(date.year for date in dates)
        assert seasons.counts() == sorted(years.items(), reverse=True)
        records = alltime_records()[0]
        folded = player_records(finished_seats())
        assert [(r.name, r.evenings, r.places, r.mu) for r in records] == [
            (r.name, r.evenings, r.places, r.mu) for r in folded
        ]


def test_counters_equal_the_rebuild_after_random_writes():
    run_state_machine_as_test(
        KeptStandings,
        settings=settings(
            max_examples=15,
            stateful_step_count=8,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        ),
    )


def test_status_planned_has_no_rating():
    anna, bert = PlayerFactory(), PlayerFactory()
    evening = finished([anna, bert], [1, 2], datetime.date(2024, 1, 1))
    evening.refresh_from_db()
    services.update_evening(evening, evening.version, players=[anna, bert, PlayerFactory()])
    evening.refresh_from_db()
    assert evening.status == Status.IN_PROGRESS
    assert all(values == (None,) * 4 for values in seat_ratings(evening).values())
    assert not any(model.objects.exists() for model in (Standing, SeasonTotal, PlayerTotal))
    assert kept() == rebuilt()


def test_restoring_a_backup_without_kept_data_rebuilds_it(tmp_path):
    anna, bert = PlayerFactory(), PlayerFactory()
    finished([anna, bert], [1, 2], datetime.date(2024, 1, 1))
    finished([anna, bert], [2, 1], datetime.date(2024, 1, 8))
    before = kept()
    # As a backup taken before the ratings existed would hold it.
    for model in (Standing, SeasonTotal, PlayerTotal):
        model.objects.all().delete()
    EveningPlayer.objects.update(mu_before=None, sigma_before=None, mu_after=None, sigma_after=None)
    target = tmp_path / "old.json.gz"
    call_command("backup", str(target), verbosity=0)
    wipe()
    call_command("restore", str(target), verbosity=0)
    assert kept() == before


def test_kept_matches_rebuild_notices_a_stale_counter_and_changes_nothing():
    anna, bert = PlayerFactory(), PlayerFactory()
    finished([anna, bert], [1, 2], datetime.date(2024, 1, 1))
    assert kept_numbers.kept_matches_rebuild()
    Standing.objects.filter(player=anna, year=2024).update(places={1: 5})
    stale = kept()
    assert not kept_numbers.kept_matches_rebuild()
    assert kept() == stale
