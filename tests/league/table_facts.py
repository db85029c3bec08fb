"""A sound Pineapple evening as plain facts, and the changes the tables' rule tests make to it.

One table of three in round 1 (Anna, Bert, Cleo; Anna deals hand 1) plays a points hand and
a boards hand scored by the engine; Dora joined late and sat round 1 out with 0; round 2 is
still to come. Seat ids are 11 to 14, so they never pass for seat positions.
"""

import dataclasses
import datetime
from decimal import Decimal

from ofcleague.league.invariants import (
    EveningFacts,
    HandFacts,
    ResultFacts,
    ScoreFacts,
    SeatFacts,
    TableFacts,
)
from ofcleague.league.places import places_from_totals
from ofcleague.scoring import RULE_SETS
from ofcleague.scoring.table import Board, score_boards
from tests.table.boards import STAYS

ANNA, BERT, CLEO, DORA = 11, 12, 13, 14


def points_hand_facts() -> HandFacts:
    """Hand 1, points only: Anna ticks Fantasyland with 14 cards."""
    return HandFacts(
        number=1,
        dealer=1,
        entry="points",
        results=(
            ResultFacts(ANNA, 6, fantasyland_next=14),
            ResultFacts(BERT, -2),
            ResultFacts(CLEO, -4),
        ),
    )


def boards_hand_facts() -> HandFacts:
    """Hand 2, boards: Anna plays Fantasyland (14 cards) and stays; scored by the engine."""
    rules = RULE_SETS["pineapple"]
    dealt = [14, None, None]
    boards = [Board(str(index), *rows) for index, rows in enumerate(STAYS[:3])]
    outcomes = score_boards(rules, boards, dealt)
    results = tuple(
        ResultFacts(seat, fantasyland=cards, **outcome._asdict())
        for seat, cards, outcome in zip((ANNA, BERT, CLEO), dealt, outcomes, strict=True)
    )
    return HandFacts(number=2, dealer=2, entry="boards", results=results)


def settled(evening: EveningFacts) -> EveningFacts:
    """The evening with its totals and places as its round points make them."""
    totals = {seat.id: 0 for seat in evening.seats}
    for score in evening.scores:
        totals[score.seat] += score.points
    places = places_from_totals(totals)
    seats = tuple(
        dataclasses.replace(seat, total=totals[seat.id], place=places[seat.id])
        for seat in evening.seats
    )
    return dataclasses.replace(evening, seats=seats)


def sound_evening() -> EveningFacts:
    """A Pineapple evening of two rounds in progress: round 1 at one table of three (Anna,
    Bert, Cleo; Anna deals hand 1) with a points hand and a boards hand; Dora joined late
    and sat round 1 out with 0. Round 2 is still to come."""
    hands = (points_hand_facts(), boards_hand_facts())
    table = TableFacts(1, 1, 1, ((1, ANNA), (2, BERT), (3, CLEO)), hands)
    sums = {DORA: 0}
    for hand in hands:
        for result in hand.results:
            sums[result.seat] = sums.get(result.seat, 0) + result.points
    scores = tuple(
        ScoreFacts(seat, 1, sums[seat], None if seat == DORA else 1)
        for seat in (ANNA, BERT, CLEO, DORA)
    )
    evening = EveningFacts(
        id=9,
        date=datetime.date(2026, 11, 27),
        status="in_progress",
        places_source="points",
        rounds=2,
        hands_per_round=5,
        buy_in=Decimal("10"),
        pot=None,
        seats=tuple(SeatFacts(seat, None, None, None, None) for seat in (ANNA, BERT, CLEO, DORA)),
        scores=scores,
        rule_set="pineapple",
        tables=(table,),
    )
    return settled(evening)


def table_1(evening: EveningFacts) -> TableFacts:
    return evening.tables[0]


def with_table(evening: EveningFacts, **changes) -> EveningFacts:
    """Round 1, table 1 changed."""
    table = dataclasses.replace(table_1(evening), **changes)
    return dataclasses.replace(evening, tables=(table, *evening.tables[1:]))


def with_hand(evening: EveningFacts, index: int, **changes) -> EveningFacts:
    """Hand ``index`` (1 for the first) of round 1, table 1 changed."""
    hands = list(table_1(evening).hands)
    hands[index - 1] = dataclasses.replace(hands[index - 1], **changes)
    return with_table(evening, hands=tuple(hands))


def with_result(evening: EveningFacts, number: int, seat: int, **changes) -> EveningFacts:
    hand = table_1(evening).hands[number - 1]
    results = tuple(
        dataclasses.replace(result, **changes) if result.seat == seat else result
        for result in hand.results
    )
    return with_hand(evening, number, results=results)


def with_scores(evening: EveningFacts, round_number: int, values: dict, tables=None):
    """Round ``round_number`` typed or stored as ``values`` (seat -> points) with ``tables``
    (seat -> table, none where missing); totals and places follow."""
    tables = tables or {}
    kept = tuple(score for score in evening.scores if score.round_number != round_number)
    given = tuple(
        ScoreFacts(seat, round_number, points, tables.get(seat)) for seat, points in values.items()
    )
    return settled(dataclasses.replace(evening, scores=kept + given))


def with_round_1(evening: EveningFacts, anna, bert, cleo, dora=0, table=1) -> EveningFacts:
    """Round 1 stored as given: the three at ``table``, Dora sitting it out."""
    values = {ANNA: anna, BERT: bert, CLEO: cleo, DORA: dora}
    return with_scores(evening, 1, values, {ANNA: table, BERT: table, CLEO: table})


def round_2_table(chairs, table=1, first_dealer=1) -> TableFacts:
    return TableFacts(2, table, first_dealer, tuple(chairs))


def with_round_2_tables(evening: EveningFacts, *tables: TableFacts) -> EveningFacts:
    return dataclasses.replace(evening, tables=evening.tables + tables)


def with_third_points_hand(evening: EveningFacts, anna_ticks: int | None) -> EveningFacts:
    """Hand 3, points only, 0 each: Anna plays it in Fantasyland (she stayed in hand 2)."""
    hand = HandFacts(
        number=3,
        dealer=3,
        entry="points",
        results=(
            ResultFacts(ANNA, 0, fantasyland=14, fantasyland_next=anna_ticks),
            ResultFacts(BERT, 0),
            ResultFacts(CLEO, 0),
        ),
    )
    return with_table(evening, hands=(*table_1(evening).hands, hand))


def entered(evening: EveningFacts, places: dict[int, int]) -> EveningFacts:
    seats = tuple(dataclasses.replace(seat, place=places[seat.id]) for seat in evening.seats)
    return dataclasses.replace(evening, seats=seats, places_source="entered")
