"""The score pad's state machine: phones at one table enter hands through their queues, lose
and regain their signal, lose answers, and are reloaded while offline (issue 35).

Each phone is modelled as pad.js works: it keeps its queue of unsent hands, the table's last
state the server answered and its open conflicts on the phone (localStorage); a reload online
reads the page (the server's state now, which the service worker keeps a copy of); a reload
offline shows that copy, older, and the pad takes the newer of it and the state it kept.
A hand is numbered after the phone's view and names the hand before it (``after``); the
queue is sent in order; a 409 waits as a conflict until the table chooses (here: both hands
were played, since every hand entered in this machine is another hand). Another rule sends
a stored hand's entry id again with other points, as a phone with a bad queue would.

After each step: every stored hand is one the table entered, stored once, with the results
it was entered with; every hand entered is stored or still waits on its phone (never lost);
the table's hands are numbered 1..n and each phone's hands are stored in the order entered;
a reused entry id with other points answered 409 and changed nothing. At the end every phone
comes online and sends what waits: every hand entered is stored exactly once.
``OFC_STATEFUL_PAD_EXAMPLES`` sets the number of examples (default 30).
"""

from __future__ import annotations

import json
import os
import uuid

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from ofcleague.league.models import EveningPlayer, Variant
from ofcleague.scoring.table import dealer_of
from ofcleague.table import queries, services
from ofcleague.table.models import Hand
from tests.factories import EveningFactory, PlayerFactory
from tests.table.test_fuzz_pad import pad_snapshot

EXAMPLES = int(os.environ.get("OFC_STATEFUL_PAD_EXAMPLES", "30"))
HANDS_PER_ROUND = 40
PLAYERS = 4


def server_state(round_table) -> dict:
    """The pad's state as the page (or an answer) carries it, as JSON."""
    return json.loads(json.dumps(queries.pad_state(round_table)))


class Phone:
    """What one phone at the table holds: the pad's state, its queue and conflicts (kept on
    the phone), the service worker's copy of the page, and whether it has a signal."""

    def __init__(self, state: dict):
        self.state = state
        self.kept = state
        self.page_copy = state
        self.queue: list[dict] = []
        self.conflicts: list[dict] = []
        self.online = True
        #: The entry ids this phone entered, in order.
        self.entered: list[str] = []

    def take(self, state: dict) -> None:
        """A state from the server: shown and kept (redraw), and waiting hands it lists as
        saved with the same points leave the queue (forget)."""
        self.state = state
        self.kept = state
        saved = {hand["id"]: hand for hand in state["hands"]}
        self.queue = [
            body
            for body in self.queue
            if body["id"] not in saved or _points(saved[body["id"]]) != _points(body)
        ]

    def last_id(self) -> str | None:
        if self.queue:
            return self.queue[-1]["id"]
        return self.state["hands"][-1]["id"] if self.state["hands"] else None

    def next_number(self) -> int:
        return len(self.state["hands"]) + len(self.queue) + 1


def _points(hand: dict) -> list:
    return [result["points"] for result in hand["results"]]


class PadMachine(RuleBasedStateMachine):
    """Two phones at one table of four, points hands only."""

    keeper = None

    def __init__(self):
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        evening = EveningFactory(
            status="in_progress", rounds=1, hands_per_round=HANDS_PER_ROUND, variant=Variant.OFC
        )
        seats = [
            EveningPlayer.objects.create(evening=evening, player=PlayerFactory()).pk
            for _ in range(PLAYERS)
        ]
        self.table = services.seat_table(evening, 1, 1, seats)
        args = [evening.pk, 1, 1]
        self.hands_url = reverse("table:api_hands", args=args)
        self.client = Client()
        self.client.force_login(self.keeper)
        self.phones = [Phone(server_state(self.table)) for _ in range(2)]
        #: Each hand the table entered: entry id -> its points.
        self.entered: dict[str, list[int]] = {}

    def teardown(self):
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    # The phone's requests ------------------------------------------------------------------

    def post(self, url, body) -> tuple[int, dict]:
        answer = self.client.post(url, json.dumps(body), content_type="application/json")
        return answer.status_code, answer.json()

    def flush(self, phone: Phone) -> None:
        """Send the queue in order, as queue.js does; a table with an open conflict waits."""
        while phone.online and phone.queue and not phone.conflicts:
            body = phone.queue[0]
            status, data = self.post(self.hands_url, body)
            assert status in (200, 201, 409), (status, data)
            phone.queue.pop(0)
            if status == 409:
                event(f"conflict: {data['error']['code']}")
                assert data["error"]["code"] == "hand_taken", data
                assert data["saved"]["id"] != body["id"]
                # Never refused over its own hands (a stale page): only another phone's.
                assert data["saved"]["id"] not in phone.entered, "refused over its own hand"
                phone.conflicts.append({"body": body, "saved": data["saved"]})
            else:
                assert data["hand"]["id"] == body["id"]
                assert _points(data["hand"]) == self.entered[body["id"]]
            phone.take(data["state"])

    def decide_both_played(self, phone: Phone) -> None:
        """The table's choice on a conflict: both hands were played (conflict.js' "next"):
        the phone's hand goes back first into its queue, after the stored one."""
        conflict = phone.conflicts.pop(0)
        body, saved = conflict["body"], conflict["saved"]
        for other in phone.queue:
            if other.get("after") == saved["id"]:
                other["after"] = body["id"]
        phone.queue.insert(0, {**body, "after": saved["id"]})
        for number, other in enumerate(phone.queue, len(phone.state["hands"]) + 1):
            other["number"] = number

    # Steps -----------------------------------------------------------------------------------

    @rule(which=st.integers(0, 1), winner=st.integers(0, PLAYERS - 1), points=st.integers(1, 30))
    def enter_hand(self, which, winner, points):
        """The phone's scorekeeper enters the next hand: it is queued, then sent if online."""
        phone = self.phones[which]
        number = phone.next_number()
        if number > HANDS_PER_ROUND:
            return
        values = [-points if seat == (winner + 1) % PLAYERS else 0 for seat in range(PLAYERS)]
        values[winner] = points
        body = {
            "id": str(uuid.uuid4()),
            "number": number,
            "entry": "points",
            "after": phone.last_id(),
            "results": [{"seat": seat, "points": v} for seat, v in enumerate(values, 1)],
        }
        self.entered[body["id"]] = values
        phone.entered.append(body["id"])
        phone.queue.append(body)
        self.flush(phone)

    @rule(which=st.integers(0, 1))
    def go_offline(self, which):
        self.phones[which].online = False

    @rule(which=st.integers(0, 1))
    def come_back_online(self, which):
        phone = self.phones[which]
        phone.online = True
        self.flush(phone)

    @rule(which=st.integers(0, 1))
    def reload_online(self, which):
        """A reload with a signal: the page is the server's state now (the worker keeps it)."""
        phone = self.phones[which]
        if phone.online:
            phone.page_copy = server_state(self.table)
            phone.take(phone.page_copy)
            self.flush(phone)

    @rule(which=st.integers(0, 1))
    def reload_offline(self, which):
        """A reload without a signal: the worker's older copy of the page, and what the phone
        kept (its queue, its conflicts, the state last answered); the newer state wins."""
        phone = self.phones[which]
        phone.online = False
        page, kept = phone.page_copy, phone.kept
        state = kept if kept["version"] > page["version"] else page
        phone.take(state)
        assert phone.next_number() == len(phone.kept["hands"]) + len(phone.queue) + 1
        expected = dealer_of(self.table.first_dealer, phone.next_number(), PLAYERS)
        if phone.next_number() <= HANDS_PER_ROUND:
            assert state["deals"][phone.next_number() - 1]["dealer"] == expected

    @rule(which=st.integers(0, 1))
    def answer_lost(self, which):
        """The phone's first waiting hand reaches the server, but its answer never comes
        back: the hand stays in the queue and is sent again later."""
        phone = self.phones[which]
        if phone.online and phone.queue and not phone.conflicts:
            status, _data = self.post(self.hands_url, phone.queue[0])
            assert status in (200, 201, 409)

    @rule(which=st.integers(0, 1))
    def table_decides(self, which):
        phone = self.phones[which]
        if phone.conflicts:
            self.decide_both_played(phone)
            self.flush(phone)

    @rule(data=st.data())
    def reuse_an_entry_id_with_other_points(self, data):
        """A stored hand's entry id sent again with other points: 409, nothing changes."""
        stored = list(Hand.objects.filter(round_table=self.table).order_by("number"))
        if not stored:
            return
        hand = data.draw(st.sampled_from(stored), label="hand")
        values = self.entered[str(hand.client_id)]
        other = [values[-1], *values[:-1]] if any(values) else [1, -1, 0, 0]
        if other == values:
            other = [v + (1 if i == 0 else -1 if i == 1 else 0) for i, v in enumerate(values)]
        before = pad_snapshot()
        body = {
            "id": str(hand.client_id),
            "number": hand.number,
            "entry": "points",
            "results": [{"seat": seat, "points": v} for seat, v in enumerate(other, 1)],
        }
        status, data_ = self.post(self.hands_url, body)
        assert status == 409, (status, data_)
        assert data_["error"]["code"] == "entry_reused"
        assert _points(data_["saved"]) == values
        assert pad_snapshot() == before

    # Invariants ------------------------------------------------------------------------------

    @invariant()
    def every_hand_stored_once_as_entered_and_none_lost(self):
        stored = list(
            Hand.objects.filter(round_table=self.table)
            .order_by("number")
            .prefetch_related("results")
        )
        ids = [str(hand.client_id) for hand in stored]
        assert len(ids) == len(set(ids))
        assert [hand.number for hand in stored] == list(range(1, len(stored) + 1))
        order = {hand_id: index for index, hand_id in enumerate(ids)}
        seats = list(self.table.chairs.order_by("position"))
        for hand in stored:
            assert str(hand.client_id) in self.entered, "a hand nobody entered"
            assert _points(queries.hand_dict(hand, seats)) == self.entered[str(hand.client_id)]
        waiting = {body["id"] for phone in self.phones for body in phone.queue}
        waiting |= {c["body"]["id"] for phone in self.phones for c in phone.conflicts}
        assert set(self.entered) <= set(ids) | waiting, "a hand entered is lost"
        for phone in self.phones:
            mine = [order[hand_id] for hand_id in phone.entered if hand_id in order]
            assert mine == sorted(mine), "a phone's hands are stored out of order"

    def teardown_check(self):
        for _ in range(len(self.entered) + 2):
            for phone in self.phones:
                phone.online = True
                while phone.conflicts:
                    self.decide_both_played(phone)
                    self.flush(phone)
                self.flush(phone)
        ids = list(Hand.objects.filter(round_table=self.table).values_list("client_id", flat=True))
        assert sorted(map(str, ids)) == sorted(self.entered)


class PadMachineChecked(PadMachine):
    def teardown(self):
        try:
            self.teardown_check()
        finally:
            super().teardown()


@pytest.mark.django_db
def test_the_pad_loses_and_doubles_no_hand_through_offline_reloads(keeper_client, scorekeeper):
    PadMachineChecked.keeper = scorekeeper
    run_state_machine_as_test(
        PadMachineChecked,
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=30,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        ),
    )
