"""The evening's writes as seen from its tables: every page that changes an evening calls these.

The league's services (:mod:`ofcleague.league.services`) keep the evening's own rules and know
nothing of the tables, which build on them. These functions add the tables' rules in the same
transaction, before the league's write: a player who played hands stays; a seated player who
leaves is taken from their chair and the others close up, the button with them; the rule set
and the hands per round hold still under recorded hands; a round played at the tables takes
its points from its hands, never from the grid; a deleted evening goes with its tables and
comes back with them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.core.exceptions import ValidationError
from django.db.models import Count, Max
from django.utils.translation import gettext as _

from ofcleague.league import services as league
from ofcleague.league.limits import TABLE_SEATS
from ofcleague.league.models import Evening, EveningPlayer, Player, RoundScore
from ofcleague.league.rule_set import rule_set_key
from ofcleague.league.services.version import save_changed
from ofcleague.scoring import RULE_SETS
from ofcleague.table.models import Hand, HandResult, RoundTable, TableSeat
from ofcleague.table.services import lock_evening, sync_round
from ofcleague.web.league_writes import league_write

Points = league.Points


# Correcting the evening ---------------------------------------------------------------------------


@league_write
def update_evening(
    evening: Evening,
    read_version: int,
    *,
    players: Sequence[Player],
    new_names=(),
    **details,
) -> Evening:
    """The league's :func:`~ofcleague.league.services.update_evening`, keeping the tables.

    Refused (nothing written) when a player taken off has played hands, when the rule set
    would change under recorded hands or no longer seat a table as it sits, or when the hands
    per round would drop below the hands a table recorded. A seated player without hands
    leaves their chair; empty tables of rounds the evening no longer has go.
    """
    evening = lock_evening(evening.pk)
    staying = {player.pk for player in players}
    leaving = list(
        EveningPlayer.objects.filter(evening=evening)
        .exclude(player_id__in=staying)
        .select_related("player")
    )
    _refuse_leaving_with_hands(leaving)
    _refuse_rule_change(evening, details)
    _refuse_fewer_hands(evening, details.get("hands_per_round", evening.hands_per_round))
    moved = set()
    for seat in leaving:
        for chair in TableSeat.objects.filter(evening_player=seat).select_related("round_table"):
            moved.add(chair.round_table.round_number)
            _leave_chair(chair)
    rounds = details.get("rounds", evening.rounds)
    for round_table in RoundTable.objects.filter(evening=evening, round_number__gt=rounds):
        if not round_table.hands.exists():
            _take_down(round_table)
    evening = league.update_evening(
        evening, read_version, players=players, new_names=new_names, **details
    )
    played = Hand.objects.filter(round_table__evening=evening, round_table__round_number__in=moved)
    for number in sorted(set(played.values_list("round_table__round_number", flat=True))):
        # Another table of the round has played: its points carry the tables as they sit now
        # (a player left alone at a table taken down sits the round out).
        evening = sync_round(evening, number)
    return evening


def _refuse(field: str, messages, code: str):
    """Refuse the write with ``messages`` for the form field ``field``, under ``code``."""
    if isinstance(messages, str):
        messages = [messages]
    raise ValidationError({field: [ValidationError(message, code=code) for message in messages]})


def _refuse_leaving_with_hands(leaving: Sequence[EveningPlayer]) -> None:
    played = set(
        HandResult.objects.filter(evening_player__in=leaving).values_list(
            "evening_player", flat=True
        )
    )
    messages = [
        _(
            "%(name)s has played hands at the tables and stays in the evening: undo their "
            "hands on the score pad first."
        )
        % {"name": seat.player.name}
        for seat in leaving
        if seat.pk in played
    ]
    if messages:
        _refuse("players", messages, "player_has_hands")


def _refuse_rule_change(evening: Evening, details: Mapping) -> None:
    before = rule_set_key(evening.rule_set, evening.variant)
    after = rule_set_key(
        details.get("rule_set", evening.rule_set), details.get("variant", evening.variant)
    )
    if before == after:
        return
    if Hand.objects.filter(round_table__evening=evening).exists():
        _refuse(
            "rule_set",
            _(
                "The tables have recorded hands under “%(rules)s”: the rules stay until "
                "those hands are undone."
            )
            % {"rules": _(RULE_SETS[before].label)},
            "rules_under_hands",
        )
    most = RULE_SETS[after].table_seats
    crowded = (
        RoundTable.objects.filter(evening=evening)
        .annotate(taken=Count("chairs"))
        .filter(taken__gt=most)
        .first()
    )
    if crowded is not None:
        _refuse(
            "rule_set",
            _(
                "Table %(table)s of round %(round)s seats more than the %(most)s players "
                "“%(rules)s” deals for: seat it again first."
            )
            % {
                "table": crowded.table,
                "round": crowded.round_number,
                "most": most,
                "rules": _(RULE_SETS[after].label),
            },
            "table_too_large",
        )


def _refuse_fewer_hands(evening: Evening, hands_per_round: int) -> None:
    recorded = (
        Hand.objects.filter(round_table__evening=evening).aggregate(most=Max("number"))["most"] or 0
    )
    if isinstance(hands_per_round, int) and hands_per_round < recorded:
        _refuse(
            "hands_per_round",
            _(
                "A table has recorded %(count)s hands in a round: the hands per round "
                "cannot go below that."
            )
            % {"count": recorded},
            "fewer_hands_than_recorded",
        )


def _leave_chair(chair: TableSeat) -> None:
    """Take a player from their chair at a table without hands: the players after them move
    up a seat, and the button stays with the player who held it (passing on clockwise when
    the leaver held it). A table left with one player is taken down."""
    round_table = RoundTable.objects.get(pk=chair.round_table_id)
    chairs = list(round_table.chairs.order_by("position"))
    leaving = chairs.index(chair)
    dealer = chairs[(round_table.first_dealer - 1) % len(chairs)]
    if dealer == chair:
        dealer = chairs[(leaving + 1) % len(chairs)]
    # Taken before the delete, which clears the chair's primary key.
    remaining = chairs[:leaving] + chairs[leaving + 1 :]
    chair.delete()
    if len(remaining) < TABLE_SEATS.low:
        _take_down(round_table)
        return
    for position, seat in enumerate(remaining, 1):
        save_changed(seat, {"position": position})
    round_table.first_dealer = remaining.index(dealer) + 1
    round_table.save(update_fields=["first_dealer"])


def _take_down(round_table: RoundTable) -> None:
    """Remove a table that has no hands, with its chairs (each with its history record)."""
    for seat in round_table.chairs.all():
        seat.delete()
    round_table.delete()


# The points grid ----------------------------------------------------------------------------------


def _refuse_changes_to_hand_rounds(evening: Evening, points: Points, tables: Points | None):
    """A round played at the tables (it has a table) takes its points from its hands: the
    grid may show them as stored, never change them."""
    hand_rounds = set(
        RoundTable.objects.filter(evening=evening).values_list("round_number", flat=True)
    )
    if not hand_rounds:
        return
    stored = {
        (score.evening_player_id, score.round_number): (score.points, score.table)
        for score in RoundScore.objects.filter(
            evening_player__evening=evening, round_number__in=hand_rounds
        )
    }
    tables = tables or {}
    seats = set(points) | set(tables)
    for number in sorted(hand_rounds):
        for seat in seats:
            given = (points.get(seat, {}).get(number), tables.get(seat, {}).get(number))
            if given != stored.get((seat, number), (None, None)):
                raise ValidationError(
                    _(
                        "Round %(round)s is played at the tables: its points come from its "
                        "hands. Correct a hand on the score pad instead."
                    )
                    % {"round": number},
                    code="hand_round",
                )


@league_write
def save_points_grid(
    evening: Evening, read_version: int, points: Points, tables: Points | None = None, **options
) -> Evening:
    """The league's :func:`~ofcleague.league.services.save_points_grid`; rounds played at
    the tables stay as their hands made them."""
    evening = lock_evening(evening.pk)
    _refuse_changes_to_hand_rounds(evening, points, tables)
    return league.save_points_grid(evening, read_version, points, tables, **options)


@league_write
def finish_with_default_prizes(
    evening: Evening, read_version: int, points: Points, tables: Points | None = None, **options
) -> Evening:
    """The league's :func:`~ofcleague.league.services.finish_with_default_prizes`; rounds
    played at the tables stay as their hands made them."""
    evening = lock_evening(evening.pk)
    _refuse_changes_to_hand_rounds(evening, points, tables)
    return league.finish_with_default_prizes(evening, read_version, points, tables, **options)


# Deleting and restoring ---------------------------------------------------------------------------


@league_write
def delete_evening(evening: Evening, read_version: int) -> None:
    """Delete an evening with its tables and hands; :func:`restore_evening` brings all back.

    The hands, seats and tables go first, one by one, each with a history record marked as
    deleted with the evening; the league's delete then takes the players, points and evening.
    """
    for round_table in RoundTable.objects.filter(evening=evening):
        for hand in round_table.hands.all():
            for result in hand.results.all():
                _delete_with_evening(result)
            _delete_with_evening(hand)
        for seat in round_table.chairs.all():
            _delete_with_evening(seat)
        _delete_with_evening(round_table)
    league.delete_evening(evening, read_version)


@league_write
def restore_evening(evening_id: int) -> Evening:
    """Bring back a deleted evening with its players and points, and its tables and hands."""
    evening = league.restore_evening(evening_id)
    record = Evening.history.filter(id=evening_id, history_type="-").latest("history_date")
    tables = league.deleted_with_evening(RoundTable.history.filter(evening_id=evening_id), record)
    table_ids = [row.id for row in tables]
    seats = league.deleted_with_evening(
        TableSeat.history.filter(round_table_id__in=table_ids), record
    )
    hands = league.deleted_with_evening(Hand.history.filter(round_table_id__in=table_ids), record)
    results = league.deleted_with_evening(
        HandResult.history.filter(hand_id__in=[row.id for row in hands]), record
    )
    for row in [*tables, *seats, *hands, *results]:
        instance = row.instance
        instance._change_reason = league.RESTORED
        instance.save(force_insert=True)
    return evening


def _delete_with_evening(row) -> None:
    """Delete ``row`` with a history record saying it went with its evening."""
    row._change_reason = league.DELETED_WITH_EVENING  # read by django-simple-history
    row.delete()
