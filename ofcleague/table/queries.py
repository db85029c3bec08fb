"""The read side of the table: the score pad's state and the live view of an evening.

Each function runs a fixed number of queries, however many hands an evening has.
"""

from __future__ import annotations

import datetime

from django.db import connection
from django.db.models import Count, Prefetch
from django.shortcuts import get_object_or_404

from ofcleague.league.choices import Status, Variant
from ofcleague.league.current import current_league, current_league_pk
from ofcleague.league.models import Evening, EveningPlayer
from ofcleague.league.rule_set import evening_rule_set
from ofcleague.scoring import fantasyland
from ofcleague.scoring.table import dealer_of
from ofcleague.table.models import Entry, Hand, RoundTable, TableSeat, with_results
from ofcleague.table.statistics import HandTotals, player_statistics

#: How many hands the live view lists.
LAST_HANDS = 6


def hand_rounds(evening: Evening) -> set[int]:
    """The rounds played hand by hand (they have a table): the grid shows them read-only."""
    return set(RoundTable.objects.filter(evening=evening).values_list("round_number", flat=True))


def hands_by_round(evening: Evening) -> dict[int, int]:
    """The rounds seated on the pad and how many hands each has recorded (0: it can still go
    back to round totals typed on the points page)."""
    counts: dict[int, int] = {}
    for number, hands in (
        RoundTable.objects.filter(evening=evening)
        .annotate(hand_count=Count("hands"))
        .values_list("round_number", "hand_count")
    ):
        counts[number] = counts.get(number, 0) + hands
    return dict(sorted(counts.items()))


def current_round(evening: Evening) -> int:
    """The round the tables play now: the last round with tables, or the one after it once
    all its tables finished their hands (round 1 before any table is seated). A finished
    evening has nothing left to seat: its last round with tables, where hands are corrected."""
    tables = list(
        RoundTable.objects.filter(evening=evening)
        .annotate(hand_count=Count("hands"))
        .values_list("round_number", "hand_count")
    )
    if not tables:
        return 1
    latest = max(number for number, _count in tables)
    if evening.status == Status.FINISHED:
        return latest
    done = all(count >= evening.hands_per_round for number, count in tables if number == latest)
    return min(latest + 1, evening.rounds) if done else latest


def hand_dict(hand: Hand, seats) -> dict:
    """A saved hand as the pad shows it (results in seat order)."""
    results = {result.evening_player_id: result for result in hand.results.all()}
    return {
        "number": hand.number,
        "dealer": hand.dealer,
        "entry": hand.entry,
        "id": str(hand.client_id),
        "results": [
            {
                "seat": seat.position,
                "points": results[seat.evening_player_id].points,
                "front": results[seat.evening_player_id].front,
                "middle": results[seat.evening_player_id].middle,
                "back": results[seat.evening_player_id].back,
                "fouled": results[seat.evening_player_id].fouled,
                "surrender": results[seat.evening_player_id].surrendered,
                "fantasyland": results[seat.evening_player_id].fantasyland,
                "fantasyland_next": results[seat.evening_player_id].fantasyland_next,
                "royalties": results[seat.evening_player_id].royalties,
            }
            for seat in seats
            if seat.evening_player_id in results
        ],
    }


def deals(first_dealer: int, players: int, hands: int) -> list[dict]:
    """Who deals and who acts first in each hand 1..``hands`` of a table: the pad reads hand
    ``n`` at index ``n - 1``, also for the hands still waiting on the phone, so the button
    rule lives only in :func:`~ofcleague.scoring.table.dealer_of`."""
    if not players:
        return []
    dealers = [dealer_of(first_dealer, number, players) for number in range(1, hands + 1)]
    return [{"dealer": dealer, "first": dealer % players + 1} for dealer in dealers]


def pad_state(round_table: RoundTable) -> dict:
    """Everything the score pad shows for one table and round, as JSON-ready data."""
    evening = round_table.evening
    rules = evening_rule_set(evening)
    seats = list(round_table.chairs.select_related("evening_player__player").order_by("position"))
    hands = list(with_results(round_table.hands.order_by("number")))
    players = len(seats)
    totals = {seat.position: 0 for seat in seats}
    saved = [hand_dict(hand, seats) for hand in hands]
    for hand in saved:
        for result in hand["results"]:
            totals[result["seat"]] += result["points"]
    number = len(hands) + 1
    closed = number > evening.hands_per_round
    upcoming = {}
    if hands:
        earned = {r.evening_player_id: r.fantasyland_next for r in hands[-1].results.all()}
        upcoming = {
            seat.position: earned[seat.evening_player_id]
            for seat in seats
            if earned.get(seat.evening_player_id)
        }
    table_deals = deals(round_table.first_dealer, players, evening.hands_per_round)
    upcoming_deal = {} if closed or not players else table_deals[number - 1]
    return {
        "evening": evening.pk,
        # Read now, not from the evening the caller holds (fetched before its write): the
        # phone keeps the state with the highest version, a page kept offline is older.
        "version": Evening.objects.filter(pk=evening.pk)
        .order_by()
        .values_list("version", flat=True)
        .first(),
        "round": round_table.round_number,
        "table": round_table.table,
        "hands_per_round": evening.hands_per_round,
        "first_dealer": round_table.first_dealer,
        "rules": rules.key,
        "fantasyland_cards": sorted(fantasyland.allowed_cards(rules)),
        "fantasyland_rules": fantasyland.rules_data(rules),
        "surrender": rules.allows_surrender,
        "players": [
            {"seat": seat.position, "name": seat.evening_player.player.name} for seat in seats
        ],
        "hands": saved,
        "totals": [totals[seat.position] for seat in seats],
        "deals": table_deals,
        "next": {
            "number": None if closed else number,
            "dealer": upcoming_deal.get("dealer"),
            "first": upcoming_deal.get("first"),
            "fantasyland": {} if closed else upcoming,
        },
        "closed": closed,
    }


def round_overview(evening: Evening, round_number: int) -> list[RoundTable]:
    """The tables of a round with their seats and hand count, in table order."""
    seats = TableSeat.objects.select_related("evening_player__player")
    return list(
        RoundTable.objects.filter(evening=evening, round_number=round_number)
        .annotate(hand_count=Count("hands"))
        .prefetch_related(Prefetch("chairs", queryset=seats.order_by("position")))
        .order_by("table")
    )


def waiting_players(evening: Evening, tables: list[RoundTable]) -> list[EveningPlayer]:
    """The evening's players who sit at none of the round's ``tables``, by name."""
    seated = {seat.evening_player_id for table in tables for seat in table.chairs.all()}
    players = EveningPlayer.objects.filter(evening=evening).select_related("player")
    return [player for player in players.order_by("player__name") if player.pk not in seated]


# Each table of an evening with its round, how many hands it has and its last hand's number.
LIVE_TABLES = """
    SELECT round_table.round_number, round_table.{table}, COUNT(hand.id), MAX(hand.number)
    FROM table_roundtable AS round_table
    LEFT JOIN table_hand AS hand ON hand.round_table_id = round_table.id
    WHERE round_table.evening_id = %(evening)s
    GROUP BY round_table.id, round_table.round_number, round_table.{table}
"""
# The results of the evening's ``limit`` latest hands and of the latest hand of each table of
# the round ``current``, a row a result: the newest hand first, its seats as recorded.
LIVE_RESULTS = """
    SELECT hand.id, round_table.round_number, round_table.{table}, hand.number, player.name,
        result.points, result.fantasyland_next, result.id
    FROM table_hand AS hand
    JOIN table_roundtable AS round_table ON round_table.id = hand.round_table_id
    JOIN table_handresult AS result ON result.hand_id = hand.id
    JOIN league_eveningplayer AS seat ON seat.id = result.evening_player_id
    JOIN league_player AS player ON player.id = seat.player_id
    WHERE round_table.evening_id = %(evening)s AND (
        hand.id IN (
            SELECT latest.id FROM table_hand AS latest
            JOIN table_roundtable AS its_table ON its_table.id = latest.round_table_id
            WHERE its_table.evening_id = %(evening)s
            ORDER BY latest.created DESC, latest.id DESC LIMIT %(limit)s
        )
        OR (round_table.round_number = %(current)s AND hand.number = (
            SELECT MAX(other.number) FROM table_hand AS other
            WHERE other.round_table_id = round_table.id
        ))
    )
    ORDER BY hand.created DESC, hand.id DESC, result.id
"""


def _live_sql(template: str) -> str:
    return template.format(table=connection.ops.quote_name("table"))


def live_tables(rows) -> tuple[int | None, list[tuple]]:
    """The round being played (the last with a hand, None before the first hand) and its tables
    as (table, hands, last hand's number), from ``LIVE_TABLES``' rows."""
    current = max((round_number for round_number, _t, count, _l in rows if count), default=None)
    playing = sorted((t, count, last) for number, t, count, last in rows if number == current)
    return current, playing


def live_hands(rows, current, playing, limit=LAST_HANDS) -> tuple[list[dict], list[tuple]]:
    """From ``LIVE_RESULTS``' rows: the ``limit`` latest hands, each with its (name, points)
    seat by seat, and who plays Fantasyland next by the latest hand of each playing table
    (name, cards), table by table."""
    hands: dict[int, dict] = {}
    latest = {(current, table, last) for table, _count, last in playing}
    fantasyland = []
    for hand_id, round_number, table, number, name, points, cards, result_id in rows:
        hand = hands.setdefault(
            hand_id, {"round": round_number, "table": table, "number": number, "results": []}
        )
        hand["results"].append((name, points))
        if cards is not None and (round_number, table, number) in latest:
            fantasyland.append((table, number, result_id, name, cards))
    return list(hands.values())[:limit], [(name, cards) for *_o, name, cards in sorted(fantasyland)]


def live_evening(evening: Evening) -> dict:
    """The live view of an evening in progress: where play stands, the last hands and who plays
    Fantasyland next (two queries, one before the first hand; the rest pure functions)."""
    with connection.cursor() as cursor:
        cursor.execute(_live_sql(LIVE_TABLES), {"evening": evening.pk})
        current, playing = live_tables(cursor.fetchall())
        rows = []
        if current is not None:
            parameters = {"evening": evening.pk, "limit": LAST_HANDS, "current": current}
            cursor.execute(_live_sql(LIVE_RESULTS), parameters)
            rows = cursor.fetchall()
    last_hands, fantasyland = live_hands(rows, current, playing)
    return {
        "current_round": current,
        "tables": [(table, count) for table, count, _last in playing],
        "hands_per_round": evening.hands_per_round,
        "last_hands": last_hands,
        "fantasyland": fantasyland,
    }


# Each player's recorded hands added up (see ``statistics.HandTotals``); a hand's pairings are
# its other players, counted by a subquery. The filters are appended where the comment is.
HAND_TOTALS = """
    SELECT player.id, player.name, player.slug, COUNT(*), SUM(result.points),
        MAX(result.points), MIN(result.points),
        SUM(CASE WHEN hand.entry = %(boards)s THEN 1 ELSE 0 END),
        SUM(CASE WHEN hand.entry = %(boards)s AND result.fouled THEN 1 ELSE 0 END),
        SUM(CASE WHEN hand.entry = %(boards)s THEN COALESCE(result.scoops, 0) ELSE 0 END),
        SUM(CASE WHEN hand.entry = %(boards)s THEN (
            SELECT COUNT(*) - 1 FROM table_handresult AS other WHERE other.hand_id = hand.id
        ) ELSE 0 END),
        SUM(CASE WHEN result.fantasyland_next IS NOT NULL AND result.fantasyland IS NULL
            THEN 1 ELSE 0 END),
        SUM(CASE WHEN result.fantasyland_next IS NOT NULL AND result.fantasyland IS NOT NULL
            THEN 1 ELSE 0 END),
        SUM(CASE WHEN hand.entry = %(boards)s THEN COALESCE(result.royalties, 0) ELSE 0 END)
    FROM table_handresult AS result
    JOIN table_hand AS hand ON hand.id = result.hand_id
    JOIN table_roundtable AS round_table ON round_table.id = hand.round_table_id
    JOIN league_evening AS evening ON evening.id = round_table.evening_id
    JOIN league_eveningplayer AS seat ON seat.id = result.evening_player_id
    JOIN league_player AS player ON player.id = seat.player_id
    WHERE 1 = 1 /* filters */
    GROUP BY player.id, player.name, player.slug
"""


def plays_fantasyland(evening=None) -> bool:
    """Whether Fantasyland belongs on a page: the evening's variant has it (OFC and
    Pineapple; classic Chinese Poker has none), or, for the league's pages, its own variant
    has it or any of its evenings was played in one that has."""
    if evening is not None:
        return evening.variant != Variant.CLASSIC
    league = current_league()
    if league is not None and league.variant != Variant.CLASSIC:
        return True
    return Evening.objects.exclude(variant=Variant.CLASSIC).exists()


def recorded_hands(evening) -> int:
    """How many hands the tables recorded at ``evening`` (one count)."""
    return Hand.objects.filter(round_table__evening=evening).count()


def hand_statistics(
    *, evening=None, player=None, year_from=None, year_to=None, variant=None
) -> list[dict]:
    """Statistics per player from the recorded hands (one aggregate query), optionally for
    one evening, one player, a range of years or a variant."""
    filters = ["AND evening.league_id = %(league)s"]
    params = {"boards": Entry.BOARDS, "league": current_league_pk()}
    if evening is not None:
        filters.append("AND round_table.evening_id = %(evening)s")
        params["evening"] = evening.pk
    if player is not None:
        filters.append("AND seat.player_id = %(player)s")
        params["player"] = player.pk
    if year_from is not None:
        filters.append("AND evening.date >= %(first_day)s")
        params["first_day"] = datetime.date(year_from, 1, 1)
    if year_to is not None:
        filters.append("AND evening.date <= %(last_day)s")
        params["last_day"] = datetime.date(year_to, 12, 31)
    if variant:
        filters.append("AND evening.variant = %(variant)s")
        params["variant"] = variant
    with connection.cursor() as cursor:
        cursor.execute(HAND_TOTALS.replace("/* filters */", " ".join(filters)), params)
        return player_statistics(HandTotals(*row) for row in cursor.fetchall())


def score_sheet(round_table: RoundTable) -> dict:
    """A table's round for the paper sheet: seats, and per hand the dealer and the points
    recorded so far (blank rows for the hands still to play), with the sums."""
    state = pad_state(round_table)
    players = state["players"]
    saved = {hand["number"]: hand for hand in state["hands"]}
    rows = []
    for number in range(1, state["hands_per_round"] + 1):
        hand = saved.get(number)
        results = hand["results"] if hand else []
        points = {result["seat"]: result["points"] for result in results}
        dealer = dealer_of(round_table.first_dealer, number, len(players)) if players else None
        rows.append(
            {
                "number": number,
                "dealer": players[dealer - 1]["name"] if dealer else "",
                "points": [points.get(player["seat"]) for player in players],
                "fantasyland": [
                    players[result["seat"] - 1]["name"]
                    for result in results
                    if result["fantasyland"]
                ],
            }
        )
    return {"players": players, "rows": rows, "totals": state["totals"], "state": state}


def round_table_of(pk, round_number, table):
    """The table of a round of an evening of the active league, or 404."""
    return get_object_or_404(
        RoundTable.objects.select_related("evening"),
        evening__league_id=current_league_pk(),
        evening_id=pk,
        round_number=round_number,
        table=table,
    )
