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

#: Valid values of a points system's fields, and garbage for each.
SYSTEM_FIELDS = {
    "name": st.sampled_from(["Main", "F1", "Cash", "Spring", "main", " F1 "]),
    "places": st.lists(st.integers(0, 12), max_size=5),
    "per_place_from_last": st.integers(0, 3),
    "for_playing": st.integers(0, 3),
    "per_beaten": st.integers(0, 3),
    "ofc_points": st.sampled_from([Decimal(0), Decimal("0.5"), Decimal(1), Decimal("2.25")]),
    "money": st.sampled_from([Decimal(0), Decimal("0.5"), Decimal(1), Decimal("2.25")]),
}
FACTOR_GARBAGE = [Decimal(-1), Decimal("0.001"), Decimal("NaN"), Decimal("1000.01")]
SYSTEM_GARBAGE = {
    "name": ["", "x" * 61],
    "places": ["abc", [1.5], [-1], [True, 2], [10_001], list(range(41)), None],
    "per_place_from_last": [-1, 10_001],
    "for_playing": [-1, 10_001],
    "per_beaten": [-1, 10_001],
    "ofc_points": FACTOR_GARBAGE,
    "money": FACTOR_GARBAGE,
}
WINDOW_FIELDS = {
    "name": SYSTEM_FIELDS["name"],
    "best_of": st.none() | st.integers(1, 3),
    "min_evenings": st.integers(0, 3),
}
WINDOW_GARBAGE = {"name": ["", "x" * 61], "best_of": [0, 1001], "min_evenings": [-1, 1001]}


def fields(data, valid: dict, garbage: dict) -> dict:
    """Valid values, or now and then garbage in one field."""
    broken = data.draw(st.sampled_from([None, None, None, None, *garbage]), label="garbage in")
    return {
        name: data.draw(st.sampled_from(garbage[name]) if name == broken else value, label=name)
        for name, value in valid.items()
    }


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
        if data.draw(st.integers(0, 9), label="no day?") == 9:
            return None
        return data.draw(near, label="day")

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
            owner,
            self.league,
            name="Main",
            places=data.draw(st.lists(st.integers(0, 12), min_size=1, max_size=5).filter(any)),
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
            **fields(data, SYSTEM_FIELDS, SYSTEM_GARBAGE),
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
            first_day=first,
            last_day=last,
            **fields(data, WINDOW_FIELDS, WINDOW_GARBAGE),
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
