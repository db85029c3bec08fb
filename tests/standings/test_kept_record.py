"""The one fold and the merge of the kept counters (``kept/record.py``), and the promise that
the kept rows hold every counter under its own name."""

import datetime
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from ofcleague.standings.kept.models import KeptCounters
from ofcleague.standings.kept.record import LATEST, RULES, Counters, Seat


@st.composite
def seats(draw):
    """A seat of one player at a random evening (field, place, points and money or not)."""
    field = draw(st.integers(1, 8))
    paid = draw(st.booleans())
    return Seat(
        evening_id=draw(st.integers(1, 50)),
        date=datetime.date(2020, 1, 1) + datetime.timedelta(days=draw(st.integers(0, 900))),
        player_id=1,
        player_name="Anna",
        player_slug="anna",
        place=draw(st.integers(1, field)),
        field_size=field,
        total=draw(st.none() | st.integers(-300, 300)),
        prize=draw(st.none() | st.decimals(0, 100, places=2)) if paid else None,
        buy_in=Decimal("10.00"),
        payouts_known=paid,
        mu_after=draw(st.floats(0, 50)),
        sigma_after=draw(st.floats(0.1, 9)),
        start_time=draw(st.sampled_from([datetime.time(19), datetime.time(20, 30)])),
    )


def folded(some):
    counters = Counters()
    for seat in some:
        counters.add(seat)
    return counters


@settings(max_examples=200)
@given(
    # A player sits once an evening: every seat is of another evening.
    st.lists(seats(), max_size=12, unique_by=lambda seat: seat.evening_id),
    st.lists(st.integers(0, 12), max_size=4),
)
def test_merging_the_folds_of_parts_gives_the_fold_of_the_whole(all_seats, cuts):
    """The kept rows of several years and variants add up to what folding their seats gives,
    whatever the split and the order."""
    bounds = [0, *sorted(min(cut, len(all_seats)) for cut in cuts), len(all_seats)]
    parts = [folded(all_seats[low:high]) for low, high in zip(bounds, bounds[1:], strict=False)]
    merged = Counters()
    for part in reversed(parts):
        merged.merge(part)
    assert merged == folded(all_seats)


def test_merging_leaves_the_other_counters_as_they_were():
    seat = Seat(1, datetime.date(2021, 1, 1), 1, "A", "a", 2, 4, 5, None, Decimal(10), False)
    one, other = folded([seat]), folded([seat._replace(evening_id=2, place=1)])
    before = Counters(**vars(other) | {"places": dict(other.places)})
    one.merge(other)
    assert other == before and one.places == {1: 1, 2: 1}


def test_every_counter_is_a_kept_column_under_its_name_and_nothing_else_is():
    """So a counter added to ``Counters`` and not to ``KeptCounters`` (or the other way round)
    fails here instead of going missing between a write and a read."""
    columns = {field.name for field in KeptCounters._meta.get_fields()}
    assert columns == set(RULES)
    assert {name for name, rule in RULES.items() if rule == LATEST} == {
        "last_date",
        "last_start_time",
        "last_evening",
        "mu",
        "sigma",
    }
