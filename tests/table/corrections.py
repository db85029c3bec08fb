"""Helpers for the tests of corrections to an evening played at the tables: correcting it as
the edit page does, and reading back its chairs, rounds and grid."""

from django.core.exceptions import ValidationError

from ofcleague.league.models import Evening, EveningPlayer, Player, RoundScore
from ofcleague.league.services import EVENING_FIELDS
from ofcleague.table import evening as table_evening
from ofcleague.table.models import HandResult, RoundTable, TableSeat


def field_message(error: ValidationError, field: str) -> str:
    """The one message a refusal puts next to ``field`` of the evening's form."""
    (message,) = error.message_dict[field]
    return message


def fresh(evening) -> Evening:
    return Evening.objects.get(pk=evening.pk)


def players_of(evening) -> list[Player]:
    return [seat.player for seat in fresh(evening).seats.order_by("player__name")]


def correct(evening, players, **changes) -> Evening:
    """Save the evening's form as the edit page does: every field as it is, but ``changes``."""
    evening = fresh(evening)
    details = {name: getattr(evening, name) for name in EVENING_FIELDS}
    return table_evening.update_evening(
        evening, evening.version, players=players, **{**details, **changes}
    )


def without(evening, name) -> list[Player]:
    return [player for player in players_of(evening) if player.name != name]


def seat_of(evening, name) -> EveningPlayer:
    return EveningPlayer.objects.get(evening=evening, player__name=name)


def stored_grid(evening):
    """The points grid and its tables as stored (``points[seat][round]``, all rounds)."""
    seats = list(EveningPlayer.objects.filter(evening=evening).values_list("pk", flat=True))
    numbers = range(1, fresh(evening).rounds + 1)
    points = {seat: dict.fromkeys(numbers) for seat in seats}
    tables = {seat: dict.fromkeys(numbers) for seat in seats}
    for score in RoundScore.objects.filter(evening_player__evening=evening):
        points[score.evening_player_id][score.round_number] = score.points
        tables[score.evening_player_id][score.round_number] = score.table
    return points, tables


def round_points(evening, number):
    """``name -> (points, table)`` of round ``number`` as stored."""
    return {
        score.evening_player.player.name: (score.points, score.table)
        for score in RoundScore.objects.filter(
            evening_player__evening=evening, round_number=number
        ).select_related("evening_player__player")
    }


def chairs(round_table) -> list[str]:
    """The players at a table in seat order; the positions must run 1..k."""
    seats = list(round_table.chairs.order_by("position").select_related("evening_player__player"))
    positions = [seat.position for seat in seats]
    assert positions == list(range(1, len(seats) + 1)), f"seats at positions {positions}"
    return [seat.evening_player.player.name for seat in seats]


def dealer_name(round_table) -> str:
    round_table = RoundTable.objects.get(pk=round_table.pk)
    seat = round_table.chairs.get(position=round_table.first_dealer)
    return seat.evening_player.player.name


def snapshot(evening):
    """What a refused correction must leave as it was."""
    return (
        fresh(evening).version,
        sorted(EveningPlayer.objects.filter(evening=evening).values_list("player__name", "total")),
        sorted(TableSeat.objects.values_list("round_table_id", "position", "evening_player_id")),
        sorted(RoundTable.objects.values_list("round_number", "table", "first_dealer")),
        sorted(HandResult.objects.values_list("hand_id", "evening_player_id", "points")),
        sorted(RoundScore.objects.values_list("evening_player_id", "round_number", "points")),
    )
