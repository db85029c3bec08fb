"""The league's evenings as plain facts: what the rules are checked over, and how they are read.

The rules (``evening.py``, ``tables.py``) are pure functions over these dataclasses; only
:func:`evening_facts` and :func:`entry_id_clashes` touch the database.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.apps import apps
from django.db.models import Count, F
from django.utils.translation import gettext as _

from ofcleague.league.models import Evening, EveningPlayer, RoundScore
from ofcleague.league.rule_set import rule_set_key


@dataclass(frozen=True)
class SeatFacts:
    """One player's seat in an evening as stored."""

    id: int
    place: int | None
    total: int | None
    tie_break: int | None
    prize: Decimal | None


@dataclass(frozen=True)
class ScoreFacts:
    """One player's points in one round as stored."""

    seat: int
    round_number: int
    points: int
    table: int | None


@dataclass(frozen=True)
class ResultFacts:
    """One player's result in one hand at a table (``seat`` is the evening seat's id)."""

    seat: int
    points: int
    front: str = ""
    middle: str = ""
    back: str = ""
    fouled: bool = False
    surrendered: bool = False
    fantasyland: int | None = None
    fantasyland_next: int | None = None
    royalties: int | None = None
    scoops: int | None = None


@dataclass(frozen=True)
class HandFacts:
    """One hand at a table: its number, the button's seat position, how it was entered."""

    number: int
    dealer: int
    entry: str
    results: tuple[ResultFacts, ...]


@dataclass(frozen=True)
class TableFacts:
    """One table of one round: its chairs in order (position, evening seat id) and hands."""

    round_number: int
    table: int
    first_dealer: int
    chairs: tuple[tuple[int, int], ...]
    hands: tuple[HandFacts, ...] = ()

    @property
    def label(self) -> str:
        return _("round %(round)s, table %(table)s") % {
            "round": self.round_number,
            "table": self.table,
        }


@dataclass(frozen=True)
class EveningFacts:
    """An evening with its seats, round points and tables, as plain data."""

    id: int
    date: datetime.date
    status: str
    places_source: str
    rounds: int
    hands_per_round: int
    buy_in: Decimal
    pot: Decimal | None
    seats: tuple[SeatFacts, ...]
    scores: tuple[ScoreFacts, ...]
    #: The key of the rule set the evening plays (chosen, or its variant's usual one).
    rule_set: str = "pineapple"
    tables: tuple[TableFacts, ...] = ()
    #: The day it was announced for (None: entered without announcing).
    announced_for: datetime.date | None = None
    #: Whether the league set the pot by hand (else it is the sum of the buy-ins).
    pot_set_by_hand: bool = False

    @property
    def label(self) -> str:
        return _("Evening of %(date)s (no. %(id)s)") % {
            "date": self.date.isoformat(),
            "id": self.id,
        }


def _table_models():
    """The score pad's models. The table app builds on the league, so the league never
    imports it; its rows are facts of the same evenings and are read here by name."""
    return (
        apps.get_model("table", "RoundTable"),
        apps.get_model("table", "TableSeat"),
        apps.get_model("table", "Hand"),
        apps.get_model("table", "HandResult"),
    )


_RESULT_FIELDS = (
    "hand_id",
    "evening_player_id",
    "points",
    "front",
    "middle",
    "back",
    "fouled",
    "surrendered",
    "fantasyland",
    "fantasyland_next",
    "royalties",
    "scoops",
)


def _tables_of(ids: list[int] | None) -> dict[int, list[TableFacts]]:
    """The tables of the evenings ``ids`` (all where ``None``) per evening id: four queries."""
    round_table, table_seat, hand, hand_result = _table_models()
    tables = round_table.objects.order_by("round_number", "table")
    chairs = table_seat.objects.order_by("position")
    hands = hand.objects.order_by("number")
    results = hand_result.objects.order_by("pk")
    if ids is not None:
        tables = tables.filter(evening_id__in=ids)
        chairs = chairs.filter(round_table__evening_id__in=ids)
        hands = hands.filter(round_table__evening_id__in=ids)
        results = results.filter(hand__round_table__evening_id__in=ids)
    results_of: dict[int, list[ResultFacts]] = {}
    for row in results.values_list(*_RESULT_FIELDS):
        results_of.setdefault(row[0], []).append(ResultFacts(*row[1:]))
    hands_of: dict[int, list[HandFacts]] = {}
    for pk, table_id, number, dealer, entry in hands.values_list(
        "pk", "round_table_id", "number", "dealer", "entry"
    ):
        facts = HandFacts(number, dealer, entry, tuple(results_of.get(pk, ())))
        hands_of.setdefault(table_id, []).append(facts)
    chairs_of: dict[int, list[tuple[int, int]]] = {}
    for table_id, position, seat in chairs.values_list(
        "round_table_id", "position", "evening_player_id"
    ):
        chairs_of.setdefault(table_id, []).append((position, seat))
    of_evening: dict[int, list[TableFacts]] = {}
    for pk, evening_id, number, table, first_dealer in tables.values_list(
        "pk", "evening_id", "round_number", "table", "first_dealer"
    ):
        facts = TableFacts(
            number,
            table,
            first_dealer,
            tuple(chairs_of.get(pk, ())),
            tuple(hands_of.get(pk, ())),
        )
        of_evening.setdefault(evening_id, []).append(facts)
    return of_evening


def evening_facts(evening_ids: Iterable[int] | None = None) -> list[EveningFacts]:
    """The evenings (all, or those of ``evening_ids``) as plain facts, read fresh (seven
    queries, whatever the size of the league)."""
    evenings = Evening.objects.order_by("date", "id")
    seats = EveningPlayer.objects.order_by("id")
    scores = RoundScore.objects.order_by("id")
    ids = None
    if evening_ids is not None:
        ids = list(evening_ids)
        evenings = evenings.filter(pk__in=ids)
        seats = seats.filter(evening_id__in=ids)
        scores = scores.filter(evening_player__evening_id__in=ids)
    seats_of: dict[int, list[SeatFacts]] = {}
    for row in seats.values("id", "evening_id", "place", "total", "tie_break", "prize"):
        evening_id = row.pop("evening_id")
        seats_of.setdefault(evening_id, []).append(SeatFacts(**row))
    scores_of: dict[int, list[ScoreFacts]] = {}
    for evening_id, seat, number, points, table in scores.values_list(
        "evening_player__evening_id", "evening_player_id", "round_number", "points", "table"
    ):
        scores_of.setdefault(evening_id, []).append(ScoreFacts(seat, number, points, table))
    tables_of = _tables_of(ids)
    return [
        EveningFacts(
            id=evening.pk,
            date=evening.date,
            status=evening.status,
            places_source=evening.places_source,
            rounds=evening.rounds,
            hands_per_round=evening.hands_per_round,
            buy_in=evening.buy_in,
            pot=evening.pot,
            pot_set_by_hand=evening.pot_set_by_hand,
            seats=tuple(seats_of.get(evening.pk, ())),
            scores=tuple(scores_of.get(evening.pk, ())),
            rule_set=rule_set_key(evening.rule_set, evening.variant),
            tables=tuple(tables_of.get(evening.pk, ())),
            announced_for=evening.announced_for,
        )
        for evening in evenings
    ]


def entry_id_clashes() -> list[str]:
    """Entry ids (made by the phones) that more than one hand has carried, counting the hands
    kept only in the history: undone hands and the hands of deleted evenings."""
    hand = _table_models()[2]
    clashes = (
        hand.history.values("client_id")
        .annotate(hands=Count("id", distinct=True))
        .filter(hands__gt=1)
        .values_list("client_id", flat=True)
    )
    return [str(client_id) for client_id in clashes]


def foreign_seats(evening_ids: Iterable[int] | None = None) -> list[tuple[int, str]]:
    """Seats (evening id, player name) whose player belongs to another league than their
    evening: what a merge of players across leagues would leave behind (one query)."""
    seats = EveningPlayer.objects.exclude(player__league_id=F("evening__league_id")).filter(
        evening_id__in=Evening.objects.values("pk")  # the active league's evenings
    )
    if evening_ids is not None:
        seats = seats.filter(evening_id__in=list(evening_ids))
    return list(seats.values_list("evening_id", "player__name"))
