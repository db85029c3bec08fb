"""Evenings: creating one with its players, and correcting its details and its field."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ofcleague.league import hooks
from ofcleague.league.models import (
    Evening,
    EveningPlayer,
    PlacesSource,
    Player,
    RoundScore,
    Status,
)
from ofcleague.league.places import places_from_totals
from ofcleague.league.services.placing import recompute_places
from ofcleague.league.services.players import create_players
from ofcleague.league.services.version import (
    and_join,
    claim_evening,
    evening_of_form,
    fresh_seats,
    save_changed,
    save_new_evening,
    validated,
)
from ofcleague.web.league_writes import league_write

# The evening's own fields a scorekeeper sets (the rest is derived or bookkeeping).
EVENING_FIELDS = (
    "date",
    "start_time",
    "buy_in",
    "rounds",
    "hands_per_round",
    "variant",
    "rule_set",
    "location",
    "notes",
)


def check_field_size(players: Sequence[Player]) -> None:
    if len(players) < 2:
        raise ValidationError(
            {"players": _("An evening needs at least 2 players.")}, code="too_few_players"
        )


def _refuse_foreign_players(evening: Evening, players: Sequence[Player]) -> None:
    """An evening seats players of its own league only (the league's invariants)."""
    if any(player.league_id != evening.league_id for player in players):
        raise ValidationError(
            {"players": _("This player belongs to another league.")}, code="foreign"
        )


@league_write
def create_evening(
    *,
    players: Sequence[Player] = (),
    new_names: Iterable[str] = (),
    submit_key=None,
    **details,
) -> Evening:
    """Create an evening in progress with its players (known ones and new names).

    ``details`` are the evening's own fields (date, start_time, buy_in, rounds, ...);
    ``submit_key`` the form's hidden key: the same form sent again gives the evening it made.
    """
    evening = Evening(status=Status.IN_PROGRESS, places_source=PlacesSource.POINTS, **details)
    earlier = evening_of_form(evening.league_id, submit_key)
    if earlier is not None:
        return earlier
    _refuse_foreign_players(evening, players)
    everyone = _merge_players(players, new_names)
    check_field_size(everyone)
    validated(evening)
    saved = save_new_evening(evening, submit_key)
    if saved is not evening:
        return saved
    for player in everyone:
        validated(EveningPlayer(evening=evening, player=player)).save()
    hooks.evening_changed(evening)
    return evening


def _merge_players(players: Sequence[Player], new_names: Iterable[str]) -> list[Player]:
    everyone = list(dict.fromkeys(players))
    for player in create_players(new_names):
        if player not in everyone:
            everyone.append(player)
    return everyone


@league_write
def update_evening(
    evening: Evening,
    read_version: int,
    *,
    players: Sequence[Player],
    new_names: Iterable[str] = (),
    **details,
) -> Evening:
    """Change an evening's details and its players.

    A player with points other than zero cannot be taken off (their points are half of other
    players' results); one without loses their seat (it stays in the history) and the places
    are recomputed. A player who joins an evening whose rounds have begun gets 0 in every
    round already played (without a table), so play goes on from the next round.
    The number of rounds cannot drop below a round that already has points.
    When the field changes, prizes set earlier no longer fit the pot and are cleared; a
    finished evening whose result became incomplete (a player or a round added) is in
    progress again until it is completed.
    """
    evening = claim_evening(evening, read_version)
    _refuse_foreign_players(evening, players)
    everyone = _merge_players(players, new_names)
    check_field_size(everyone)
    scores = list(RoundScore.objects.filter(evening_player__evening=evening))
    _refuse_rounds_below_points(scores, details.get("rounds", evening.rounds))
    seats = {seat.player_id: seat for seat in fresh_seats(evening)}
    wanted = {player.pk for player in everyone}
    leaving = [seat for player_id, seat in seats.items() if player_id not in wanted]
    joining = [player for player in everyone if player.pk not in seats]
    _refuse_leaving_with_points(leaving, scores)
    staying = [seat for seat in seats.values() if seat not in leaving]
    _save_details(
        evening, details, staying, joining, scores, field_changed=bool(leaving or joining)
    )
    _change_field(evening, leaving, joining, staying, scores)
    if evening.places_source == PlacesSource.POINTS:
        recompute_places(evening)
    elif leaving:
        _close_finishing_order(evening)
    hooks.evening_changed(evening)
    return evening


def _refuse_rounds_below_points(scores: Sequence[RoundScore], rounds: int) -> None:
    """The number of rounds cannot drop below a round that has points."""
    highest = max((score.round_number for score in scores), default=0)
    if highest > rounds:
        raise ValidationError(
            {
                "rounds": _("Round %(round)s already has points: delete them first.")
                % {"round": highest}
            }
        )


def _save_details(evening, details, staying, joining, scores, *, field_changed: bool) -> None:
    """Save the evening's own fields; a finished evening whose result is no longer complete
    is in progress again, and a changed field clears the pot."""
    for name, value in details.items():
        setattr(evening, name, value)
    if evening.status == Status.FINISHED and not _complete_after_change(
        evening, staying, joining, scores
    ):
        evening.status = Status.IN_PROGRESS
    if field_changed:
        evening.pot = None
    validated(evening)
    evening.save()


def _change_field(
    evening: Evening,
    leaving: Sequence[EveningPlayer],
    joining: Sequence[Player],
    staying: Sequence[EveningPlayer],
    scores: Sequence[RoundScore],
) -> None:
    """Take the leaving players off (their seats and points stay in the history), seat the
    joining ones with 0 in every round already played, and clear the prizes set for the old
    field."""
    for seat in leaving:
        for score in seat.scores.all():
            score.delete()
        seat.delete()
    played = sorted({score.round_number for score in scores})
    for player in joining:
        seat = validated(EveningPlayer(evening=evening, player=player))
        seat.save()
        # A latecomer joins from the next round: the rounds already played give them 0.
        for number in played:
            validated(RoundScore(evening_player=seat, round_number=number, points=0)).save()
    if leaving or joining:
        for seat in staying:
            if seat.prize is not None:
                seat.prize = None
                seat.save(update_fields=["prize"])


def _refuse_leaving_with_points(leaving: Sequence[EveningPlayer], scores) -> None:
    """Refuse to take off players who have points other than zero, naming their rounds."""
    messages = []
    for seat in leaving:
        rounds = sorted(
            score.round_number
            for score in scores
            # A player who played hands at the tables (even to 0) is refused before this, by
            # the tables' own check (ofcleague.table.evening.update_evening).
            if score.evening_player_id == seat.pk and score.points
        )
        if rounds:
            messages.append(
                ngettext(
                    "%(name)s has points in round %(rounds)s: clear them on the points page first.",
                    "%(name)s has points in rounds %(rounds)s: clear them on the points page "
                    "first.",
                    len(rounds),
                )
                % {"name": seat.player.name, "rounds": and_join([str(n) for n in rounds])}
            )
    if messages:
        raise ValidationError({"players": messages}, code="player_has_points")


def _complete_after_change(evening, staying, joining, scores) -> bool:
    """Whether the evening's result stays complete with these players and rounds."""
    if joining:
        return False
    if evening.places_source == PlacesSource.ENTERED:
        return True
    entered = {(score.evening_player_id, score.round_number) for score in scores}
    return all(
        (seat.pk, number) in entered for seat in staying for number in range(1, evening.rounds + 1)
    )


def _close_finishing_order(evening: Evening) -> None:
    """Close the gaps a player taken off leaves in an entered finishing order: each player
    keeps their order, ties stay ties (1, 2, 4 of three players becomes 1, 2, 3)."""
    seats = [seat for seat in fresh_seats(evening) if seat.place is not None]
    places = places_from_totals({seat.pk: -seat.place for seat in seats})
    for seat in seats:
        save_changed(seat, {"place": places[seat.pk]})
