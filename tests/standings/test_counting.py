"""The counting rules of a season, stated as properties over random evenings: a points table
sums over an evening to what the table says, best N of M never counts more than N evenings,
and moving an evening across a window's edge moves its points and nothing else."""

import datetime
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from ofcleague.standings.counting import (
    PLACES_ONLY,
    EveningFacts,
    Finish,
    PointsSystem,
    SeasonWindow,
    evening_points,
    season_table,
    shown,
)

PLAYERS = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz", "Gül"]
DAY = datetime.date(2025, 9, 1)


@st.composite
def finishing_orders(draw):
    """A field of 2-7 players with places 1.., ties allowed (tied players share a number and
    cover the places after it, as competition ranking does)."""
    players = draw(st.lists(st.sampled_from(PLAYERS), min_size=2, max_size=7, unique=True))
    ties = draw(st.lists(st.booleans(), min_size=len(players), max_size=len(players)))
    finishes, place = [], 1
    for index, player in enumerate(players):
        if index and not ties[index]:
            place = index + 1
        points = draw(st.integers(-200, 200))
        finishes.append(Finish(player, place, points=points))
    return tuple(finishes)


@st.composite
def evenings(draw, days=300):
    count = draw(st.integers(1, 12))
    return [
        EveningFacts(
            key=n,
            date=DAY + datetime.timedelta(days=draw(st.integers(0, days))),
            finishes=draw(finishing_orders()),
        )
        for n in range(count)
    ]


systems = st.builds(
    PointsSystem,
    places=st.lists(st.integers(0, 25), max_size=8).map(tuple),
    per_place_from_last=st.integers(0, 3),
    for_playing=st.integers(0, 5),
    per_beaten=st.integers(0, 2),
    share_ties=st.booleans(),
)


@given(finishing_orders(), st.lists(st.integers(0, 25), max_size=8).map(tuple))
def test_a_shared_places_table_sums_over_an_evening_to_what_the_table_says(finishes, table):
    system = PointsSystem(places=table)
    got = evening_points(system, EveningFacts(1, DAY, finishes))
    assert sum(got.values()) == sum(table[: len(finishes)])


@given(finishing_orders())
def test_tied_players_get_the_same_points_and_a_better_place_never_gets_fewer(finishes):
    got = evening_points(
        PointsSystem(places=(10, 7, 5, 3, 1), per_beaten=1), EveningFacts(1, DAY, finishes)
    )
    for one in finishes:
        for other in finishes:
            if one.place == other.place:
                assert got[one.player] == got[other.player]
            elif one.place < other.place:
                assert got[one.player] >= got[other.player]


@given(finishing_orders())
def test_places_only_gives_a_point_per_player_beaten(finishes):
    got = evening_points(PLACES_ONLY, EveningFacts(1, DAY, finishes))
    for finish in finishes:
        beaten = sum(1 for other in finishes if other.place > finish.place)
        assert got[finish.player] == beaten


@given(systems, evenings(), st.integers(1, 6), st.integers(0, 4))
def test_best_n_of_m_never_counts_more_than_n_evenings_and_counts_the_best(
    system, nights, best_of, min_evenings
):
    window = SeasonWindow(DAY, DAY + datetime.timedelta(days=400), best_of, min_evenings)
    by_key = {night.key: evening_points(system, night) for night in nights}
    for row in season_table(system, window, nights):
        assert len(row.counted) == min(best_of, row.played)
        assert row.points == sum(by_key[key][row.player] for key in row.counted)
        earned = sorted(
            (points[row.player] for points in by_key.values() if row.player in points), reverse=True
        )
        assert row.points == sum(earned[:best_of])
        assert row.ranked == (row.played >= min_evenings)


@given(systems, evenings(), st.data())
def test_ranked_players_stand_above_the_line_by_points(system, nights, data):
    minimum = data.draw(st.integers(0, 4))
    window = SeasonWindow(DAY, DAY + datetime.timedelta(days=400), None, minimum)
    rows = season_table(system, window, nights)
    ranked = [row.ranked for row in rows]
    assert ranked == sorted(ranked, reverse=True)  # every ranked row before every other
    for upper, lower in zip(rows, rows[1:], strict=False):
        if upper.ranked == lower.ranked:
            assert upper.points >= lower.points


@given(systems, evenings(days=200), st.data())
def test_moving_an_evening_across_a_windows_edge_moves_its_points_and_nothing_else(
    system, nights, data
):
    edge = DAY + datetime.timedelta(days=100)
    before = SeasonWindow(DAY, edge)
    after = SeasonWindow(edge + datetime.timedelta(days=1), DAY + datetime.timedelta(days=200))
    moved = data.draw(st.sampled_from(nights))
    across = EveningFacts(
        moved.key,
        edge + datetime.timedelta(days=1) if before.holds(moved.date) else edge,
        moved.finishes,
    )
    changed = [across if night is moved else night for night in nights]
    points = evening_points(system, moved)
    sign = 1 if before.holds(moved.date) else -1  # leaving "before", or arriving there

    def totals(window, which):
        return {row.player: row.points for row in season_table(system, window, which)}

    old_before, new_before = totals(before, nights), totals(before, changed)
    old_after, new_after = totals(after, nights), totals(after, changed)
    for player in set(old_before) | set(new_before) | set(old_after) | set(new_after):
        own = points.get(player, Fraction(0))
        assert new_before.get(player, 0) == old_before.get(player, 0) - sign * own
        assert new_after.get(player, 0) == old_after.get(player, 0) + sign * own


def test_a_tie_for_second_shares_second_and_third_place():
    finishes = (Finish("Anna", 1), Finish("Ben", 2), Finish("Cem", 2), Finish("Dora", 4))
    got = evening_points(PointsSystem(places=(10, 7, 5, 3, 1)), EveningFacts(1, DAY, finishes))
    assert got == {"Anna": 10, "Ben": 6, "Cem": 6, "Dora": 3}
    best = PointsSystem(places=(10, 7, 5, 3, 1), share_ties=False)
    assert evening_points(best, EveningFacts(1, DAY, finishes))["Cem"] == 7


def test_the_field_counts_points_from_last_and_ofc_points_and_money_add_up():
    finishes = (
        Finish("Anna", 1, points=30, won=Fraction(25)),
        Finish("Ben", 2, points=-5, won=Fraction(-5)),
        Finish("Cem", 3, points=-25, won=Fraction(-10)),
    )
    field = PointsSystem(per_place_from_last=2, for_playing=1)
    assert evening_points(field, EveningFacts(1, DAY, finishes)) == {"Anna": 7, "Ben": 5, "Cem": 3}
    ofc = PointsSystem(ofc_points=Fraction(1, 10), money=Fraction(1))
    assert evening_points(ofc, EveningFacts(1, DAY, finishes))["Anna"] == 28


def test_a_three_way_tie_shows_two_places():
    assert str(shown(Fraction(22, 3))) == "7.33"
    assert str(shown(Fraction(17, 2))) == "8.50"
    assert str(shown(Fraction(6))) == "6"
