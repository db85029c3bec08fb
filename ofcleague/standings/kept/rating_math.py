"""The league's skill rating as pure functions: openskill's Plackett-Luce model over evenings.

Every finished evening is one match of single-player teams, its places the ranking (lower is
better, tied players share a rank). A rating is a belief about a player's skill: ``mu`` the
estimate, ``sigma`` its uncertainty; the league shows the cautious ``mu - 3 sigma`` (openskill's
``ordinal``), which rises as a player wins and as the league gets to know them. Floats in,
floats out, the same arithmetic in the same order: the same league gives the same ratings on
any database. No Django here; ``ratings.py`` reads and writes the rows.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import NamedTuple

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


class Rating(NamedTuple):
    """A player's rating: skill estimate ``mu`` and its uncertainty ``sigma``."""

    mu: float
    sigma: float

    @property
    def display(self) -> float:
        """The shown rating, ``mu - 3 sigma``: the skill the player has almost surely."""
        return self.mu - 3 * self.sigma


#: A newcomer's rating (openskill's defaults: 25 and 25/3).
NEWCOMER = Rating(MODEL.mu, MODEL.sigma)


def _teams(ratings: Iterable[Rating]) -> list[list]:
    return [[MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating in ratings]


def rate_evening(before: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """The ratings after one evening, in the order given; ``places`` rank the players (1 is
    best, equal places tie). An evening of fewer than two players changes nothing.

    >>> after = rate_evening([NEWCOMER, NEWCOMER], [1, 2])
    >>> after[0].mu > NEWCOMER.mu > after[1].mu
    True
    """
    if len(before) < 2:
        return list(before)
    rated = MODEL.rate(_teams(before), ranks=list(places))
    return [Rating(team[0].mu, team[0].sigma) for team in rated]


class SeatRating(NamedTuple):
    """One seat's rating before and after its evening."""

    before: Rating
    after: Rating


def replay(
    evenings: Iterable[Sequence[tuple[Hashable, Hashable, int]]],
    current: dict[Hashable, Rating],
) -> dict[Hashable, SeatRating]:
    """Rate evenings in order. Each evening is a list of ``(seat, player, place)``; ``current``
    holds every player's rating so far (a player missing from it is a newcomer) and is updated
    in place. Returns each seat's rating before and after its evening."""
    result: dict[Hashable, SeatRating] = {}
    for seats in evenings:
        # A fixed order within the evening, so the arithmetic never depends on row order.
        seats = sorted(seats, key=lambda seat: (seat[2], str(seat[1])))
        before = [current.get(player, NEWCOMER) for _seat, player, _place in seats]
        after = rate_evening(before, [place for _seat, _player, place in seats])
        for (seat, player, _place), old, new in zip(seats, before, after, strict=True):
            current[player] = new
            result[seat] = SeatRating(old, new)
    return result


class Forecast(NamedTuple):
    """A player's outlook for a planned evening: chance to win (0 to 1), expected place."""

    win: float
    place: int


def forecast(ratings: Mapping[Hashable, Rating]) -> dict[Hashable, Forecast]:
    """Each player's chance to win and expected place among ``ratings`` (openskill's
    ``predict_win`` and ``predict_rank``); a lone player wins for sure."""
    keys = list(ratings)
    if len(keys) < 2:
        return {key: Forecast(1.0, 1) for key in keys}
    teams = _teams(ratings[key] for key in keys)
    wins = MODEL.predict_win(teams)
    ranks = MODEL.predict_rank(teams)
    return {
        key: Forecast(win, int(rank))
        for key, win, (rank, _chance) in zip(keys, wins, ranks, strict=True)
    }


#: Evenings a player must have been rated in before the league knows them well enough.
KNOWN_AFTER = 3


def enough_history(rated_evenings: Sequence[int]) -> bool:
    """Whether a forecast says anything: at least two players, and at least half of them
    rated in ``KNOWN_AFTER`` evenings or more (``rated_evenings`` holds each player's count).
    Below that every rating is still near the newcomer's, and the numbers would only echo it
    (the same chance for everybody, expected place 1 for all)."""
    if len(rated_evenings) < 2:
        return False
    known = sum(1 for count in rated_evenings if count >= KNOWN_AFTER)
    return 2 * known >= len(rated_evenings)


class Outlook(NamedTuple):
    """A forecast as shown: the chance to win in whole percent, the expected place."""

    percent: int
    place: int


#: Chances closer than this are equal: such players share their expected place.
SAME_CHANCE = 1e-6


def shown_forecast(ratings: Mapping[Hashable, Rating]) -> dict[Hashable, Outlook]:
    """Each player's chance to win in whole percent and expected place, consistent with one
    another: the percents add up to 100 (the largest remainders round up), and the places
    follow the chances, the most likely winner first; equal chances share a place and the
    next place is skipped (1, 2, 2, 4), as the league's own places do.

    >>> shown = shown_forecast({"a": Rating(30, 2), "b": Rating(20, 2), "c": Rating(20, 2)})
    >>> sum(outlook.percent for outlook in shown.values())
    100
    >>> [shown[key].place for key in "abc"]
    [1, 2, 2]
    """
    chances = {key: outlook.win for key, outlook in forecast(ratings).items()}
    total = sum(chances.values()) or 1.0
    exact = {key: 100 * win / total for key, win in chances.items()}
    percents = {key: int(value) for key, value in exact.items()}
    short = 100 - sum(percents.values())
    by_remainder = sorted(exact, key=lambda key: (-(exact[key] - percents[key]), -exact[key]))
    for key in by_remainder[:short]:
        percents[key] += 1
    order = sorted(chances, key=lambda key: -chances[key])
    places = {}
    for position, key in enumerate(order, start=1):
        before = order[position - 2] if position > 1 else None
        same = before is not None and abs(chances[before] - chances[key]) < SAME_CHANCE
        places[key] = places[before] if same else position
    return {key: Outlook(percents[key], places[key]) for key in chances}
