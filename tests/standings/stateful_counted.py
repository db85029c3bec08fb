"""The league's own seasons in the league's state machine: rules that define, change and delete
points systems and season windows (valid ones, and garbage the services must refuse with
nothing written), and an invariant that every kept window table is what the pure counting
says of the league's evenings, read here on their own (not through ``counted/facts.py`` or
``counted/refresh.py``).

A mixin of :class:`tests.league.test_invariants_stateful.LeagueMachine`, which checks the
league's invariants (the counting rules among them) and the kept numbers against a rebuild
after every step, and compares every row before and after a refused write.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from decimal import Decimal
from fractions import Fraction

from hypothesis import strategies as st
from hypothesis.stateful import invariant, precondition, rule

from ofcleague.league.current import using_league
from ofcleague.league.models import EveningPlayer, Status
from ofcleague.standings.counted import services as counted
from ofcleague.standings.counted.models import CountedRow, PointsSystem, SeasonWindow
from ofcleague.standings.counted.rules import as_counting, as_window
from ofcleague.standings.counting import EveningFacts, Finish, season_table

#: A few names (case variants clash with each other), an empty one and one too long.
NAMES = ["Main", "F1", "Cash", "main", " F1 ", "", "x" * 61]


def _mostly(valid, *wrong):
    """Mostly ``valid``, one time in 12 one of the ``wrong`` values."""
    return st.integers(0, 11).flatmap(lambda dice: st.sampled_from(wrong) if dice == 0 else valid)


PLACES = _mostly(
    st.lists(st.integers(0, 12), max_size=5),
    "abc",
    [1.5],
    [-1],
    [True, 2],
    [10_001],
    list(range(41)),
    None,
)
SMALL = _mostly(st.integers(0, 3), -1, 10_001)
FACTOR = _mostly(
    st.sampled_from([Decimal(0), Decimal(0), Decimal("0.5"), Decimal(1), Decimal("2.25")]),
    Decimal(-1),
    Decimal("0.001"),
    Decimal("NaN"),
    Decimal("1000.01"),
)


def league_facts(league_id: int) -> list[EveningFacts]:
    """Every finished evening of the league with its placed players, read plainly: the
    place, the evening's points, and the money won where the evening recorded any prize."""
    seats = EveningPlayer._base_manager.filter(
        evening__league_id=league_id, evening__status=Status.FINISHED, place__isnull=False
    ).values_list(
        "evening_id", "evening__date", "evening__buy_in", "player_id", "place", "total", "prize"
    )
    by_evening = defaultdict(list)
    for evening, date, buy_in, player, place, total, prize in seats:
        by_evening[evening, date, buy_in].append((player, place, total, prize))
    facts = []
    # In date order, then by id: between equal points the earlier evening counts.
    for (evening, date, buy_in), found in sorted(by_evening.items(), key=_date_then_id):
        paid = any(prize is not None for *_seat, prize in found)
        finishes = tuple(
            Finish(player, place, total, (prize or 0) - buy_in if paid else None)
            for player, place, total, prize in found
        )
        facts.append(EveningFacts(key=evening, date=date, finishes=finishes))
    return facts


class CountedSteps:
    """Rules and an invariant of points systems and season windows (mixed into the league's
    state machine)."""

    def some_day(self, data) -> datetime.date | None:
        """A day near one of the league's evenings (or any day, or now and then none)."""
        dates = sorted(EveningPlayer.objects.values_list("evening__date", flat=True).distinct())
        around = st.sampled_from(dates) if dates else st.dates(datetime.date(2000, 1, 1))
        near = st.tuples(around, st.integers(-30, 30)).map(
            lambda pair: pair[0] + datetime.timedelta(days=pair[1])
        )
        return data.draw(_mostly(near, None), label="day")

    def counted_pk(self, data, model):
        """The pk of one of the active league's rows of ``model`` (None when it has none)."""
        pks = list(model.objects.order_by("pk").values_list("pk", flat=True))
        return data.draw(st.sampled_from(pks), label=model.__name__) if pks else None

    def seasons_of_its_own(self, data):
        """Now and then the league starts with a season of its own around its first evening
        (so the evenings' steps meet a window), counted by a places table."""
        if not data.draw(st.booleans(), label="a season of its own"):
            return
        owner = self.owner_of(self.league.pk)
        counted.save_points_system(
            owner, self.league, name="Main", places=data.draw(PLACES.filter(_valid_places))
        )
        day = self.some_day(data) or datetime.date(2020, 1, 1)
        counted.save_season_window(
            owner,
            self.league,
            name="Season",
            first_day=day - datetime.timedelta(days=data.draw(st.integers(0, 400))),
            last_day=day + datetime.timedelta(days=data.draw(st.integers(0, 400))),
            best_of=data.draw(st.none() | st.integers(1, 2), label="best of"),
        )

    @rule(data=st.data())
    def save_points_system(self, data):
        """A new points system or a change of one, by the owner (mostly), valid or garbage."""
        pk = self.counted_pk(data, PointsSystem) if data.draw(st.booleans()) else None
        self.attempt(
            counted.save_points_system,
            self.by(data),
            self.league,
            name=data.draw(st.sampled_from(NAMES), label="name"),
            places=data.draw(PLACES, label="places"),
            per_place_from_last=data.draw(SMALL, label="from last"),
            for_playing=data.draw(SMALL, label="for playing"),
            per_beaten=data.draw(SMALL, label="per beaten"),
            ofc_points=data.draw(FACTOR, label="ofc points"),
            money=data.draw(FACTOR, label="money"),
            share_ties=data.draw(st.booleans(), label="share ties"),
            main=data.draw(st.booleans(), label="main"),
            pk=pk,
        )

    @precondition(lambda self: PointsSystem.objects.exists())
    @rule(data=st.data())
    def delete_points_system(self, data):
        pk = self.counted_pk(data, PointsSystem)
        self.attempt(counted.delete_points_system, self.by(data), self.league, pk)

    @rule(data=st.data())
    def save_season_window(self, data):
        """A new season window or a change of one around the evenings' dates."""
        pk = self.counted_pk(data, SeasonWindow) if data.draw(st.booleans()) else None
        first = self.some_day(data)
        last = self.some_day(data)
        if first and last and data.draw(st.integers(0, 3), label="in order") > 0:
            first, last = sorted([first, last])
        self.attempt(
            counted.save_season_window,
            self.by(data),
            self.league,
            name=data.draw(st.sampled_from(NAMES), label="name"),
            first_day=first,
            last_day=last,
            best_of=data.draw(_mostly(st.none() | st.integers(1, 3), 0, 1001), label="best of"),
            min_evenings=data.draw(SMALL.map(lambda n: n if n < 1000 else 1001), label="min"),
            pk=pk,
        )

    @precondition(lambda self: SeasonWindow.objects.exists())
    @rule(data=st.data())
    def delete_season_window(self, data):
        pk = self.counted_pk(data, SeasonWindow)
        self.attempt(counted.delete_season_window, self.by(data), self.league, pk)

    @invariant()
    def window_tables_are_the_counting_of_the_evenings(self):
        """Every window's kept table under every system is ``season_table`` of the league's
        finished evenings; best of N counts at most N evenings, each of them the player's
        and in the window; the ranked are those with the minimum of evenings."""
        for league in self.leagues:
            with using_league(league):
                windows = list(SeasonWindow.objects.all())
                systems = list(PointsSystem.objects.all())
                if not windows:
                    continue
                facts = league_facts(league.pk)
                for window in windows:
                    for system in systems:
                        _check_table(window, system, facts)


def _check_table(window, system, facts):
    expected = [
        (row.player, row.points, row.played, list(row.counted), row.ranked)
        for row in season_table(as_counting(system), as_window(window), facts)
    ]
    kept = [
        (player, Fraction(numerator, denominator), played, counted, ranked)
        for player, numerator, denominator, played, counted, ranked in CountedRow.objects.filter(
            window=window, system=system
        )
        .order_by("position")
        .values_list(
            "player_id", "points_numerator", "points_denominator", "played", "counted", "ranked"
        )
    ]
    assert kept == expected, f"{window.name} under {system.name}"
    dates = {evening.key: (evening.date, evening.finishes) for evening in facts}
    for player, _points, played, counted_ids, ranked in kept:
        assert len(counted_ids) <= min(played, window.best_of or played)
        for key in counted_ids:
            date, finishes = dates[key]
            assert window.first_day <= date <= window.last_day
            assert player in {finish.player for finish in finishes}
        assert ranked == (played >= window.min_evenings)


def _date_then_id(item):
    (evening, date, _buy_in), _found = item
    return date, evening


def _valid_places(places) -> bool:
    return (
        isinstance(places, list)
        and 0 < len(places) <= 40
        and all(type(points) is int and 0 <= points <= 10_000 for points in places)
        and any(places)
    )


def counted_view(league) -> dict:
    """The league's points systems, season windows and kept tables by what they mean, not
    by their ids (for backups restored under new ids)."""
    with using_league(league):
        dates = dict(
            EveningPlayer._base_manager.filter(evening__league=league).values_list(
                "evening_id", "evening__date"
            )
        )
        systems = sorted(
            (s.name, s.places, s.per_place_from_last, s.for_playing, s.per_beaten,
             str(s.ofc_points), str(s.money), s.share_ties, s.main)
            for s in PointsSystem.objects.all()
        )  # fmt: skip
        windows = sorted(
            SeasonWindow.objects.values_list(
                "name", "first_day", "last_day", "best_of", "min_evenings"
            ),
            key=str,
        )
        rows = sorted(
            (r.window.name, r.system.name, r.player.name, r.position, r.points_numerator,
             r.points_denominator, r.played, [str(dates[pk]) for pk in r.counted], r.ranked)
            for r in CountedRow.objects.select_related("window", "system", "player")
        )  # fmt: skip
    return {"systems": systems, "windows": windows, "rows": rows}
