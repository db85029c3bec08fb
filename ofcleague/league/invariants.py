"""The league's invariants: what must hold for every evening after every write.

This module is the one place that states them. The services keep them by construction; the
restore command checks them over the restored rows before it commits, and the stateful
property test checks them after every random write. :func:`evening_problems` is a pure
function over plain facts; :func:`league_problems` fetches those facts fresh from the
database (three queries, whatever the size of the league).

The rules:

- every value lies within the limits of :mod:`ofcleague.league.limits`;
- an evening has at least two players; a round lies within the evening's rounds, a table
  within its field;
- every round (per table where tables are given) adds up to zero;
- an evening with round points has each player's total equal to the sum of their points;
  without points it has no totals;
- places: none exceeds the field; a finished evening has a place for everyone; where places
  come from points, they follow from the totals (tied players share a place unless their
  whole group has an order decided at the table, numbered 1 to k); where they were entered,
  they are a valid finishing order (of those who have one, while the evening is not
  finished); a finished evening from points has every round complete;
- prizes: set for every player or for none, together with the pot, and they add up to it;
  tied players get the same share to the cent.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.utils import timezone
from django.utils.translation import gettext as _

from .limits import (
    BUY_IN,
    FIRST_DATE,
    HANDS_PER_ROUND,
    MONEY,
    ROUND_POINTS,
    ROUNDS,
    latest_date,
)
from .models import Evening, EveningPlayer, PlacesSource, RoundScore, Status
from .standings import places_from_totals, tied_groups

CENT = Decimal("0.01")


@dataclass(frozen=True)
class SeatFacts:
    """One player's seat as stored."""

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
class EveningFacts:
    """An evening with its seats and round points, as plain data."""

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

    @property
    def label(self) -> str:
        return _("Evening of %(date)s (no. %(id)s)") % {
            "date": self.date.isoformat(),
            "id": self.id,
        }


@dataclass(frozen=True)
class Problem:
    """One broken rule of one evening."""

    evening: int
    label: str
    rule: str

    def __str__(self) -> str:
        return f"{self.label}: {self.rule}"


def _limit_problems(evening: EveningFacts, today: datetime.date) -> list[str]:
    problems = []
    if evening.buy_in not in BUY_IN:
        problems.append(_("the buy-in is outside %(low)s to %(high)s €.") % BUY_IN._asdict())
    if evening.rounds not in ROUNDS:
        problems.append(_("the rounds are outside %(low)s to %(high)s.") % ROUNDS._asdict())
    if evening.hands_per_round not in HANDS_PER_ROUND:
        problems.append(
            _("the hands per round are outside %(low)s to %(high)s.") % HANDS_PER_ROUND._asdict()
        )
    if not FIRST_DATE <= evening.date <= latest_date(today):
        problems.append(
            _("the date lies outside %(first)s to %(last)s.")
            % {"first": FIRST_DATE.isoformat(), "last": latest_date(today).isoformat()}
        )
    if evening.status == Status.FINISHED and evening.date > today:
        problems.append(_("it is finished but lies in the future."))
    if evening.pot is not None and evening.pot not in MONEY:
        problems.append(_("the pot is outside %(low)s to %(high)s €.") % MONEY._asdict())
    if any(seat.prize is not None and seat.prize not in MONEY for seat in evening.seats):
        problems.append(_("a prize is outside %(low)s to %(high)s €.") % MONEY._asdict())
    if any(score.points not in ROUND_POINTS for score in evening.scores):
        problems.append(_("round points are outside %(low)s to %(high)s.") % ROUND_POINTS._asdict())
    return problems


def _round_problems(evening: EveningFacts) -> list[str]:
    problems = []
    field = len(evening.seats)
    sums: dict[tuple[int, int | None], int] = {}
    for score in evening.scores:
        if not 1 <= score.round_number <= evening.rounds:
            problems.append(
                _("round %(round)s lies beyond its %(rounds)s rounds.")
                % {"round": score.round_number, "rounds": evening.rounds}
            )
        if score.table is not None and not 1 <= score.table <= field:
            problems.append(
                _("table %(table)s in round %(round)s does not exist.")
                % {"table": score.table, "round": score.round_number}
            )
        key = (score.round_number, score.table)
        sums[key] = sums.get(key, 0) + score.points
    for (number, table), total in sorted(
        sums.items(), key=lambda item: (item[0][0], item[0][1] or 0)
    ):
        if total and table is None:
            problems.append(
                _("round %(round)s adds up to %(sum)+d, not zero.")
                % {"round": number, "sum": total}
            )
        elif total:
            problems.append(
                _("round %(round)s, table %(table)s adds up to %(sum)+d, not zero.")
                % {"round": number, "table": table, "sum": total}
            )
    return problems


def _complete(evening: EveningFacts) -> bool:
    entered = {(score.seat, score.round_number) for score in evening.scores}
    return all(
        (seat.id, number) in entered
        for seat in evening.seats
        for number in range(1, evening.rounds + 1)
    )


def _finishing_order_valid(places: list[int]) -> bool:
    """Places 1..n where tied players share a place and the places they cover are skipped:
    exactly the places the order itself ranks to (a lower place as a higher score)."""
    order = dict(enumerate(places))
    return places_from_totals({key: -place for key, place in order.items()}) == order


def _place_problems(evening: EveningFacts) -> list[str]:
    problems = []
    field = len(evening.seats)
    places = [seat.place for seat in evening.seats]
    if any(place is not None and not 1 <= place <= field for place in places):
        problems.append(_("a place lies outside 1 to %(field)s.") % {"field": field})
        return problems
    if evening.status == Status.FINISHED and None in places:
        problems.append(_("it is finished but not every player has a place."))
        return problems
    totals = {seat.id: 0 for seat in evening.seats}
    for score in evening.scores:
        totals[score.seat] = totals.get(score.seat, 0) + score.points
    if evening.scores and any(seat.total != totals[seat.id] for seat in evening.seats):
        problems.append(_("a total differs from the sum of its round points."))
        return problems
    if evening.places_source == PlacesSource.ENTERED:
        # While a player who joined late has no place yet, the others keep their order.
        given = [place for place in places if place is not None]
        if given and not _finishing_order_valid(given):
            problems.append(_("its places are not a valid finishing order."))
        return problems
    if not evening.scores:
        if any(seat.total is not None for seat in evening.seats):
            problems.append(_("it has totals but no round points."))
        if any(place is not None for place in places):
            problems.append(_("it has places but no round points."))
        if evening.status == Status.FINISHED:
            problems.append(_("it is finished but has no round points."))
        return problems
    if evening.status == Status.FINISHED and not _complete(evening):
        problems.append(_("it is finished but a round is incomplete."))
    tie_breaks = {seat.id: seat.tie_break for seat in evening.seats}
    in_ordered_group = set()
    for group in tied_groups(totals):
        orders = sorted(tie_breaks[seat] for seat in group if tie_breaks[seat] is not None)
        if orders and orders != list(range(1, len(group) + 1)):
            problems.append(_("a tie-break does not order its whole tied group."))
        elif orders:
            in_ordered_group.update(group)
    if any(
        order is not None and seat not in in_ordered_group for seat, order in tie_breaks.items()
    ):
        problems.append(_("a player who is not tied has a tie-break."))
    if {seat.id: seat.place for seat in evening.seats} != places_from_totals(totals, tie_breaks):
        problems.append(_("its places do not follow from the totals."))
    return problems


def _prize_problems(evening: EveningFacts) -> list[str]:
    prizes = [seat.prize for seat in evening.seats]
    if evening.pot is None:
        if any(prize is not None for prize in prizes):
            return [_("it has prizes but no pot.")]
        return []
    if None in prizes:
        return [_("it has a pot but not every player has a prize.")]
    if sum(prizes, Decimal(0)) != evening.pot:
        return [_("its prizes do not add up to the pot.")]
    shares: dict[int | None, list[Decimal]] = {}
    for seat in evening.seats:
        shares.setdefault(seat.place, []).append(seat.prize)
    if any(max(group) - min(group) > CENT for group in shares.values()):
        return [_("players sharing a place do not share its prize equally.")]
    return []


def evening_problems(evening: EveningFacts, today: datetime.date | None = None) -> list[str]:
    """Every rule this evening breaks, as sentences (empty when it is sound)."""
    today = today or timezone.localdate()
    problems = _limit_problems(evening, today)
    if len(evening.seats) < 2:
        problems.append(_("it has fewer than 2 players."))
    problems += _round_problems(evening)
    problems += _place_problems(evening)
    problems += _prize_problems(evening)
    return problems


def evening_facts(evening_ids: Iterable[int] | None = None) -> list[EveningFacts]:
    """The evenings (all, or those of ``evening_ids``) as plain facts, read fresh."""
    evenings = Evening.objects.order_by("date", "id")
    seats = EveningPlayer.objects.order_by("id")
    scores = RoundScore.objects.order_by("id")
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
            seats=tuple(seats_of.get(evening.pk, ())),
            scores=tuple(scores_of.get(evening.pk, ())),
        )
        for evening in evenings
    ]


def league_problems(
    evening_ids: Iterable[int] | None = None, today: datetime.date | None = None
) -> list[Problem]:
    """Every broken rule of the league's evenings (or of those given), read fresh."""
    return [
        Problem(facts.id, facts.label, rule)
        for facts in evening_facts(evening_ids)
        for rule in evening_problems(facts, today)
    ]
