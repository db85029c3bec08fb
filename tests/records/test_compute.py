"""The records and awards as properties of the pure functions over plain facts."""

import datetime
from decimal import Decimal
from types import SimpleNamespace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ofcleague.records.badges import milestone_badges, race_badges
from ofcleague.records.compute import (
    RUN_RECORDS,
    SEAT_RECORDS,
    fantasyland_stays,
    league_records,
    yearly_awards,
)
from ofcleague.records.facts import Badge, FantasylandHand, SeatFact

PLAYERS = ["Anna", "Bert", "Cleo", "Dora"]
#: No timings in pass/fail tests: a busy machine draws slowly.
TIMELESS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
START = datetime.date(2024, 11, 1)


@st.composite
def evenings(draw):
    """Seats of up to 8 weekly evenings of 2 to 4 of four players, with their hands'
    points (the seat's numbers follow from them), and hands played in Fantasyland."""
    seats, hands, seat_id = [], [], 0
    for number in range(draw(st.integers(0, 8))):
        field = draw(st.lists(st.sampled_from(range(4)), min_size=2, max_size=4, unique=True))
        for place, player in enumerate(field, 1):
            seat_id += 1
            points = draw(st.lists(st.integers(-30, 30), max_size=4))
            in_fantasyland = draw(st.lists(st.integers(1, 6), max_size=4, unique=True))
            hands += [FantasylandHand(seat_id, number, hand) for hand in in_fantasyland]
            seats.append(seat_fact(seat_id, number, player, place, points, len(in_fantasyland)))
            seats[-1] = replace_prize(seats[-1], draw(st.sampled_from([None, 0, 20])))
    return seats, hands


def seat_fact(seat_id, number, player, place, points, fantasylands):
    return SeatFact(
        seat_id=seat_id,
        evening_id=number + 1,
        date=START + datetime.timedelta(days=7 * number),
        player_id=player + 1,
        name=PLAYERS[player],
        slug=PLAYERS[player].lower(),
        place=place,
        total=sum(points) if points else None,
        prize=None,
        rating_before=float(number),
        rating_after=float(number) + place,
        hands=len(points),
        best_hand=max(points) if points else None,
        scoops=sum(value > 20 for value in points),
        fantasylands=fantasylands,
        royalties=sum(abs(value) for value in points) // 3,
    )


def replace_prize(seat, prize):
    return SeatFact(**{**seat.__dict__, "prize": None if prize is None else Decimal(prize)})


def longest_run(seats, player_id, keeps, until):
    """The length of the player's run of ``keeps`` that ends with the evening ``until``
    (counted backwards over the player's evenings, oldest first)."""
    theirs = [seat for seat in seats if seat.player_id == player_id and seat.date <= until]
    length = 0
    for seat in reversed(theirs):
        if not keeps(seat):
            break
        length += 1
    return length


@TIMELESS
@given(evenings())
def test_a_seat_record_is_the_greatest_number_and_names_a_seat_with_it(facts):
    seats, hands = facts
    records = league_records(seats, hands)
    for kind, number in SEAT_RECORDS.items():
        values = [number(seat) for seat in seats if number(seat) is not None]
        record = records[kind]
        if not values or max(values) <= 0:
            assert record is None
            continue
        assert record.value == max(values)
        named = [
            seat
            for seat in seats
            if seat.evening_id == record.evening_id and seat.player_id == record.player_id
        ]
        assert [number(seat) for seat in named] == [record.value]
        assert record.shared == values.count(record.value) - 1
        # The first to reach it holds it.
        assert all(seat.date >= record.date for seat in seats if number(seat) == record.value)


@TIMELESS
@given(evenings())
def test_a_run_record_names_the_evening_its_run_reached_that_length(facts):
    seats, hands = facts
    records = league_records(seats, hands)
    for kind, keeps in RUN_RECORDS.items():
        lengths = [longest_run(seats, seat.player_id, keeps, seat.date) for seat in seats]
        record = records[kind]
        if not lengths or max(lengths) == 0:
            assert record is None
            continue
        assert record.value == max(lengths)
        assert longest_run(seats, record.player_id, keeps, record.date) == record.value
        assert record.started <= record.date


@TIMELESS
@given(evenings())
def test_the_longest_stay_counts_hands_in_a_row_at_one_table(facts):
    seats, hands = facts
    stays = fantasyland_stays(hands)
    for seat_id, longest in stays.items():
        numbers = {hand.number for hand in hands if hand.seat_id == seat_id}
        runs = [
            start
            for start in numbers
            if all(number in numbers for number in range(start, start + longest))
        ]
        assert runs, "a run of that length exists"
        assert not any(
            all(number in numbers for number in range(start, start + longest + 1))
            for start in numbers
        ), "and none longer"
    record = league_records(seats, hands)["fantasyland_stay"]
    assert (record.value if record else 0) == max(stays.values(), default=0)


@TIMELESS
@given(evenings(), st.data())
def test_a_corrected_hand_updates_every_record_it_touches(facts, data):
    """A seat's hands corrected (a new best hand and total): each record of a number the
    seat changed is the greatest of the new numbers, the other records stay as they were."""
    seats, hands = facts
    if not seats:
        return
    index = data.draw(st.integers(0, len(seats) - 1))
    new_points = data.draw(st.lists(st.integers(-30, 30), min_size=1, max_size=4))
    old = seats[index]
    corrected = seat_fact(
        old.seat_id, old.evening_id - 1, old.player_id - 1, old.place, new_points, old.fantasylands
    )
    corrected = SeatFact(**{**corrected.__dict__, "prize": old.prize})
    after = [*seats[:index], corrected, *seats[index + 1 :]]
    before_records, after_records = league_records(seats, hands), league_records(after, hands)
    for kind, number in SEAT_RECORDS.items():
        if number(old) == number(corrected):
            assert after_records[kind] == before_records[kind]
            continue
        values = [value for seat in after if (value := number(seat)) is not None and value > 0]
        assert (after_records[kind].value if after_records[kind] else None) == max(
            values, default=None
        )


@TIMELESS
@given(evenings())
def test_each_years_awards_rank_only_that_years_evenings(facts):
    seats, _hands = facts
    awards = yearly_awards(seats)
    assert sorted(awards, reverse=True) == list(awards)
    for year, year_awards in awards.items():
        year_seats = [seat for seat in seats if seat.date.year == year]
        played = {seat.player_id: 0 for seat in year_seats}
        for seat in year_seats:
            played[seat.player_id] += 1
        most = next(award for award in year_awards if award.kind == "most_evenings")
        assert most.leaders[0].value == max(played.values())
        best = next(award for award in year_awards if award.kind == "season_best")
        wins = dict.fromkeys(played, 0)
        for seat in year_seats:
            wins[seat.player_id] += seat.place == 1
        assert best.leaders[0].value == max(wins.values())
        improved = next(award for award in year_awards if award.kind == "most_improved")
        first_year = min(seat.date.year for seat in seats)
        if year == first_year:
            assert improved.leaders == (), "nobody was rated before the league's first year"


def test_badges_name_the_milestones_reached_and_the_races_led_or_won():
    assert [badge.number for badge in milestone_badges(27, 1)] == [25, 1]
    assert milestone_badges(9, 0) == []
    rows = [
        SimpleNamespace(player_id=1, name="Anna", wins=2, seconds=0, thirds=1,
                        average_place=1.7, evenings=3),
        SimpleNamespace(player_id=2, name="Bert", wins=2, seconds=1, thirds=0,
                        average_place=1.5, evenings=4),
    ]  # fmt: skip
    assert race_badges(2, 2026, rows, 2026) == [
        Badge("leads", "season_best", 2026),
        Badge("leads", "most_evenings", 2026),
    ]
    assert race_badges(1, 2025, rows, 2026) == []
    assert race_badges(2, 2025, rows, 2026)[0].kind == "won"
