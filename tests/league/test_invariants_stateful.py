"""The league's invariants hold after any sequence of writes through the services.

A hypothesis state machine creates, corrects, deletes, restores and backs up evenings, scores
them (the points grid or one round of it), finishes them and pays them out
(``stateful_points.py``), and seats tables and records, corrects and undoes their hands
(``stateful_table.py``), sets stakes, settles evenings and marks transfers paid
(``stateful_money.py``), and invites, joins, changes roles, removes members, links and claims
players, makes, renews and revokes the members' calendar links and merges players
(``stateful_members.py``), and announces, changes and cancels evenings, takes their
answers, makes and renews the players' links and sends the day's mails
(``tests/rsvp/stateful_rsvp.py``), in random order, with valid and invalid input, by permitted and
unpermitted people. After every step the rules of :mod:`ofcleague.league.invariants` hold,
read fresh from the database, and the pages of the evening the step touched render. A write
the services refuse leaves every row as it was. Each example runs in its own transaction,
rolled back at its end.

It runs in two leagues (``stateful_leagues.py``): a rule switches the league the next steps
act in (the league active meanwhile, as a request for it would have it: its players, evenings
and pages), another tries to seat a player of the other league. After every step the
invariants hold in each league, and no row of one league names a row of the other (a seat's
player is of its evening's league, a table's seat and a hand's result of their table's
evening, a kept row of its player's). A league's own backup restored into it (emptied) brings
back all it held, under new ids.
"""

from __future__ import annotations

import datetime
import os
import tempfile
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.test import Client
from django.utils import timezone
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from ofcleague.backup.management.commands.backup import write_backup
from ofcleague.backup.management.commands.restore import restore_backup
from ofcleague.backup.writing import backup_models
from ofcleague.league import services
from ofcleague.league.current import using_league
from ofcleague.league.invariants import league_problems
from ofcleague.league.leagues import Membership
from ofcleague.league.limits import FIRST_DATE, latest_date
from ofcleague.league.models import Evening, EveningPlayer, Player, RoundScore, Status, Variant
from ofcleague.members.invites import Invite, PlayerClaim
from ofcleague.money.models import PairStake, Transfer
from ofcleague.rsvp.calendar_feeds import CalendarFeed
from ofcleague.rsvp.models import PlayerLink, ReminderSent, Rsvp
from ofcleague.standings import kept
from ofcleague.standings.counted.models import CountedRow, PointsSystem, SeasonWindow
from ofcleague.standings.kept import seasons
from ofcleague.table import evening as table_evening
from ofcleague.table.models import Hand, HandResult, RoundTable, TableSeat
from tests.factories import UserFactory, scorekeeper_of
from tests.league.stateful_leagues import LeagueSteps
from tests.league.stateful_members import MemberSteps
from tests.league.stateful_points import PointsSteps, mostly
from tests.league.stateful_table import TableSteps
from tests.money.stateful_money import MoneySteps
from tests.rsvp.stateful_rsvp import RsvpSteps
from tests.standings.stateful_counted import CountedSteps

EXAMPLES = int(os.environ.get("OFC_STATEFUL_EXAMPLES", "100"))
STEPS = int(os.environ.get("OFC_STATEFUL_STEPS", "8"))

# Known names, case variants of them (the same player) and names a slug cannot hold.
NAMES = ["Anna", "Bert", "Cleo", "Dora", "Emil", "Fritz", "Gabi", "anna", "BERT ", "Zoë", "???"]


TABLE_MODELS = (RoundTable, TableSeat, Hand, HandResult)
#: The rows around the evenings: money, members, answers.
OTHER_MODELS = (
    CalendarFeed,
    PairStake,
    Transfer,
    Membership,
    Invite,
    PlayerClaim,
    PlayerLink,
    Rsvp,
    ReminderSent,
    PointsSystem,
    SeasonWindow,
    CountedRow,
)

# Any character a form can receive (UTF-8) but NUL, which PostgreSQL cannot store in text
# (the forms refuse it).
TEXT = st.characters(codec="utf-8", exclude_characters="\x00")


def _dates():
    today = timezone.localdate()
    past = st.dates(FIRST_DATE, today)
    ahead = st.dates(today, latest_date(today))
    return mostly(
        st.one_of(past, past, past, ahead),
        datetime.date(1999, 12, 31),
        latest_date(today) + datetime.timedelta(days=1),
        datetime.date(2999, 1, 1),
    )


def details(rounds=None):
    """An evening's own fields, now and then one outside the limits."""
    if rounds is None:
        rounds = mostly(st.integers(1, 4), 0, 21)
    return st.fixed_dictionaries(
        {
            "date": _dates(),
            "start_time": st.times().map(lambda time: time.replace(second=0, microsecond=0)),
            "buy_in": mostly(st.decimals(0, 1000, places=2), Decimal("-1"), Decimal("1000.01")),
            "rounds": rounds,
            "hands_per_round": mostly(st.integers(1, 100), 0, 101),
            "variant": st.sampled_from(Variant.values),
            "location": st.text(TEXT, max_size=20),
            "notes": st.text(TEXT, max_size=40),
        }
    )


def league_snapshot():
    """Every row of the league's own tables, to compare before and after a refused write."""
    return {
        model._meta.label: sorted(map(repr, model._base_manager.order_by("pk").values()))
        for model in (Player, Evening, EveningPlayer, RoundScore, *TABLE_MODELS, *OTHER_MODELS)
    }


def wipe():
    """Empty every table a backup holds, as a freshly migrated database would be."""
    for model in reversed(backup_models()):
        model._base_manager.all().delete()


def history_counts():
    return {
        model._meta.label: model.history.count()
        for model in (Evening, EveningPlayer, RoundScore, *TABLE_MODELS)
    }


class LeagueMachine(
    LeagueSteps,
    PointsSteps,
    TableSteps,
    RsvpSteps,
    MoneySteps,
    MemberSteps,
    CountedSteps,
    RuleBasedStateMachine,
):
    """Random writes through the services; the invariants checked after each."""

    keeper = None

    def __init__(self):
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        self.start_leagues()
        self.start_members()
        self.touched: int | None = None
        self.client = Client()
        self.client.force_login(self.keeper)

    def teardown(self):
        self.active.__exit__(None, None, None)
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    # Helpers -----------------------------------------------------------------------------

    def attempt(self, service, *args, **kwargs):
        """Call a service; a refusal (invalid input, or not allowed to) must leave every row
        unchanged."""
        before = league_snapshot()
        name = service.__name__
        try:
            result = service(*args, **kwargs)
        except ValidationError as error:
            event(f"{name} refused: {error.messages[0][:50]}")
            assert league_snapshot() == before, "a refused write changed rows"
            return None
        except PermissionDenied:
            event(f"{name} not allowed")
            assert league_snapshot() == before, "a write not allowed changed rows"
            return None
        event(f"{name} accepted")
        return result

    def pick(self, data):
        pk = data.draw(st.sampled_from(self.evenings), label="evening index")
        self.touched = pk
        evenings = Evening.objects.all()
        # The scorekeeper's pages hand the services an evening with its seats prefetched.
        if data.draw(st.booleans(), label="prefetched"):
            evenings = evenings.prefetch_related("seats")
        return evenings.get(pk=pk)

    def version(self, data, evening):
        """The version read: now and then an older one, as if someone saved meanwhile."""
        stale = evening.version > 1 and data.draw(st.integers(0, 9), label="stale") == 0
        return evening.version - 1 if stale else evening.version

    # Rules --------------------------------------------------------------------------------

    @initialize(data=st.data())
    def first_evening(self, data):
        """Start with an evening, so the other rules have one to work on."""
        self.create_evening(data)
        self.seasons_of_its_own(data)

    @precondition(lambda self: len(self.evenings) < 2)
    @rule(data=st.data())
    def create_evening(self, data):
        known = list(Player.objects.order_by("pk"))
        size = data.draw(mostly(st.integers(2, 8), 0, 1), label="players")
        players = (
            data.draw(st.lists(st.sampled_from(known), max_size=size, unique=True)) if known else []
        )
        new_names = data.draw(
            st.lists(
                st.sampled_from(NAMES), min_size=size - len(players), max_size=size - len(players)
            ),
            label="new names",
        )
        new = data.draw(details(), label="details")
        evening = self.attempt(services.create_evening, players=players, new_names=new_names, **new)
        if evening is not None:
            self.evenings.append(evening.pk)
            self.touched = evening.pk

    @precondition(lambda self: self.evenings)
    @rule(data=st.data())
    def update_evening(self, data):
        evening = self.pick(data)
        seated = list(Player.objects.filter(seats__evening=evening).order_by("pk"))
        known = list(Player.objects.order_by("pk"))
        removed = data.draw(st.sets(st.sampled_from(seated), max_size=2), label="removed")
        others = [player for player in known if player not in seated]
        add = (
            data.draw(st.lists(st.sampled_from(others), max_size=2, unique=True)) if others else []
        )
        new_names = []
        if data.draw(st.integers(0, 3), label="new names?") == 0:
            new_names = data.draw(st.lists(st.sampled_from(NAMES), max_size=2), label="new names")
        rounds = st.integers(max(0, evening.rounds - 2), evening.rounds + 2)
        changed = data.draw(details(rounds), label="details")
        fields = data.draw(st.sets(st.sampled_from(sorted(changed))), label="fields changed")
        new = {
            name: changed[name] if name in fields else getattr(evening, name) for name in changed
        }
        self.attempt(
            table_evening.update_evening,
            evening,
            self.version(data, evening),
            players=[player for player in seated if player not in removed] + add,
            new_names=new_names,
            **new,
        )

    @precondition(lambda self: self.evenings)
    @rule(data=st.data())
    def delete_evening(self, data):
        evening = self.pick(data)
        before = evening.pk
        self.attempt(table_evening.delete_evening, evening, self.version(data, evening))
        if not Evening.objects.filter(pk=before).exists():
            self.evenings.remove(before)
            self.deleted.append(before)

    @precondition(lambda self: self.deleted)
    @rule(data=st.data())
    def restore_evening(self, data):
        # Mostly a deleted evening; now and then one that is still there (refused).
        wrong = not self.deleted or (self.evenings and data.draw(st.integers(0, 3)) == 0)
        pk = data.draw(st.sampled_from(self.evenings if wrong else self.deleted), label="restore")
        self.touched = pk
        if self.attempt(table_evening.restore_evening, pk) is not None:
            assert pk in self.deleted, "restored an evening that was not deleted"
            self.deleted.remove(pk)
            self.evenings.append(pk)

    @rule()
    def backup_and_restore(self):
        """A backup restored into the emptied database brings back every row as it was."""
        before = league_snapshot(), history_counts()
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "league.json.gz"
            write_backup(path)
            wipe()
            restore_backup(path)
        assert (league_snapshot(), history_counts()) == before

    # Invariants ---------------------------------------------------------------------------

    @invariant()
    def league_is_sound(self):
        for league in self.leagues:
            evenings = Evening._base_manager.filter(league=league).values_list("pk", flat=True)
            problems = league_problems(list(evenings))
            assert not problems, f"{league.slug}: " + "\n".join(map(str, problems))
        problems = league_problems()  # the rules of the whole site (entry ids) too
        assert not problems, "\n".join(map(str, problems))

    @invariant()
    def kept_standings_and_ratings_equal_a_rebuild(self):
        assert kept.kept_matches_rebuild()
        # The kept seasons of each league, also counted the plain way.
        for league in self.leagues:
            with using_league(league):
                dates = Evening.objects.filter(status=Status.FINISHED).values_list(
                    "date", flat=True
                )
                years = Counter(date.year for date in dates)
                assert seasons.counts() == sorted(years.items(), reverse=True), league.slug

    @invariant()
    def evening_page_renders(self):
        """The public page of the evening the last step touched (gone once deleted)."""
        if self.touched is not None:
            response = self.client.get(self.reverse("results:evening", args=[self.touched]))
            expected = 404 if self.touched in self.deleted else 200
            assert response.status_code == expected

    @precondition(lambda self: self.touched is not None)
    @rule()
    def render_pages(self):
        """Every page that shows the touched evening renders: the league's pages, its
        players' pages and CSVs, the scorekeeper's pages of it and its tables' pads, sheets
        and live page (checked as a step of its own,
        because rendering them all after every step would make the test slow)."""
        urls = [
            self.reverse("standings:home"),
            self.reverse("standings:history"),
            self.reverse("standings:alltime"),
        ]
        if self.touched in self.deleted:
            urls.append(self.reverse("results:deleted"))
        else:
            urls += [
                self.reverse(f"results:{name}", args=[self.touched])
                for name in ("evening_edit", "evening_points", "evening_order", "evening_delete")
            ]
            slugs = Player.objects.filter(seats__evening_id=self.touched).values_list(
                "slug", flat=True
            )
            urls += [self.reverse("standings:player", args=[slug]) for slug in slugs]
            urls += [
                self.reverse("standings:player", args=[slug]) + "?_export=csv" for slug in slugs
            ]
            urls += [
                self.reverse("table:live", args=[self.touched]),
                self.reverse("standings:statistics"),
            ]
            for number, table in RoundTable.objects.filter(evening_id=self.touched).values_list(
                "round_number", "table"
            ):
                args = [self.touched, number, table]
                urls += [
                    self.reverse("table:pad", args=args),
                    self.reverse("table:sheet", args=args),
                ]
        for url in urls:
            assert self.client.get(url).status_code == 200, url
        if self.touched not in self.deleted:
            # Without a place for every player the prizes page sends back to the evening.
            prizes = self.client.get(self.reverse("results:evening_prizes", args=[self.touched]))
            assert prizes.status_code in (200, 302)


@pytest.fixture
def keeper(seeded):
    user = UserFactory(username="keeper")
    scorekeeper_of(user)
    return user


def run_machine(machine, keeper, examples: int, steps: int = STEPS) -> None:
    """Run a league state machine as ``keeper``: ``examples`` sequences of ``steps`` steps."""
    machine.keeper = keeper
    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=examples,
            stateful_step_count=steps,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        ),
    )


@pytest.mark.django_db
def test_league_invariants_hold_after_any_sequence_of_writes(keeper):
    run_machine(LeagueMachine, keeper, EXAMPLES)
