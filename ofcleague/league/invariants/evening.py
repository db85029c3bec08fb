"""The rules of an evening's seats, rounds, places and prizes (pure over its facts)."""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.utils.translation import gettext as _

from ofcleague.league.invariants.facts import EveningFacts
from ofcleague.league.limits import (
    BUY_IN,
    FIRST_DATE,
    HANDS_PER_ROUND,
    MONEY,
    ROUND_POINTS,
    ROUNDS,
    finished_date_allowed,
    latest_date,
)
from ofcleague.league.models import PlacesSource, Status
from ofcleague.league.places import places_from_totals, tied_groups
from ofcleague.scoring.zero_sum import adds_up, tables_off
from ofcleague.web.money import CENT


def limit_problems(evening: EveningFacts, today: datetime.date) -> list[str]:
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
    if evening.status == Status.FINISHED and not finished_date_allowed(
        evening.date, evening.announced_for, today
    ):
        problems.append(_("it is finished but lies in the future."))
    if evening.pot is not None and evening.pot not in MONEY:
        problems.append(_("the pot is outside %(low)s to %(high)s €.") % MONEY._asdict())
    if any(seat.prize is not None and seat.prize not in MONEY for seat in evening.seats):
        problems.append(_("a prize is outside %(low)s to %(high)s €.") % MONEY._asdict())
    if any(score.points not in ROUND_POINTS for score in evening.scores):
        problems.append(_("round points are outside %(low)s to %(high)s.") % ROUND_POINTS._asdict())
    return problems


def round_problems(evening: EveningFacts) -> list[str]:
    problems = []
    field = len(evening.seats)
    rounds: dict[int, list[tuple[int | None, int]]] = {}
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
        rounds.setdefault(score.round_number, []).append((score.table, score.points))
    at_tables = {score.round_number for score in evening.scores if score.table is not None}
    for score in evening.scores:
        # In a round played at tables, a player without a table sat it out (joined later).
        if score.table is None and score.round_number in at_tables and score.points:
            problems.append(
                _("round %(round)s gives points to a player who sat at no table.")
                % {"round": score.round_number}
            )
    for number, points in sorted(rounds.items()):
        for table, total in tables_off(points).items():
            if table is None:
                problems.append(
                    _("round %(round)s adds up to %(sum)+d, not zero.")
                    % {"round": number, "sum": total}
                )
            else:
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


def order_follows_points(places: dict[int, int | None], totals: dict[int, int]) -> bool:
    """Whether an entered finishing order keeps to the points: whoever has more points has
    the better place, so an order can only decide between players tied on points."""
    placed = [(totals.get(seat, 0), place) for seat, place in places.items() if place is not None]
    return all(
        place < other_place
        for total, place in placed
        for other_total, other_place in placed
        if total > other_total
    )


def place_problems(evening: EveningFacts) -> list[str]:
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
        elif evening.scores and not order_follows_points(
            {seat.id: seat.place for seat in evening.seats}, totals
        ):
            problems.append(_("its finishing order puts a player above one with more points."))
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


def prize_problems(evening: EveningFacts) -> list[str]:
    prizes = [seat.prize for seat in evening.seats]
    if evening.pot is None:
        if any(prize is not None for prize in prizes):
            return [_("it has prizes but no pot.")]
        return []
    if None in prizes:
        return [_("it has a pot but not every player has a prize.")]
    if sum(prizes, Decimal(0)) != evening.pot:
        return [_("its prizes do not add up to the pot.")]
    if not evening.pot_set_by_hand:
        if evening.pot != evening.buy_in * len(evening.seats):
            return [_("its pot is not the sum of its buy-ins, and the league did not set it.")]
        if not adds_up(prize - evening.buy_in for prize in prizes):
            return [_("its players' Net (prize minus buy-in) does not add up to zero.")]
    shares: dict[int | None, list[Decimal]] = {}
    for seat in evening.seats:
        shares.setdefault(seat.place, []).append(seat.prize)
    if any(max(group) - min(group) > CENT for group in shares.values()):
        return [_("players sharing a place do not share its prize equally.")]
    return []
