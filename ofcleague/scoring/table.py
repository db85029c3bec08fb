"""A hand played at a table: who deals it, and what each entered board earns.

Pure like the rest of the engine. The score pad records hands with these functions, and the
league's invariants check the stored hands against them, so a board is scored one way only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ofcleague.scoring import fantasyland
from ofcleague.scoring.cards import format_cards
from ofcleague.scoring.rules import RuleSet
from ofcleague.scoring.settle import score_rows


def dealer_of(first_dealer: int, number: int, players: int) -> int:
    """The seat position (1..players) holding the button in hand ``number`` of a table whose
    hand 1 was dealt by ``first_dealer``: the button moves one seat on per hand."""
    return (first_dealer - 1 + number - 1) % players + 1


class Board(NamedTuple):
    """One player's three rows as entered (any card notation the engine reads)."""

    name: str
    front: str
    middle: str
    back: str
    surrender: bool = False


class BoardOutcome(NamedTuple):
    """What one board is worth at its table, in the fields a hand result stores."""

    points: int
    fouled: bool
    surrendered: bool
    #: The rows in the engine's canonical notation (``"Ah Kd 7c"``).
    front: str
    middle: str
    back: str
    #: Royalties of the three rows together.
    royalties: int
    #: Opponents whose three rows this board all beat.
    scoops: int
    #: Fantasyland cards earned for the next hand (entry or stay), or ``None``.
    fantasyland_next: int | None


def score_boards(
    rules: RuleSet, boards: Sequence[Board], in_fantasyland: Sequence[int | None]
) -> list[BoardOutcome]:
    """Score the boards of one hand (seat order) under ``rules``.

    ``in_fantasyland[i]`` is the cards board ``i`` was dealt in Fantasyland (``None``: a
    normal hand); it decides whether the board stays there or can enter. Raises
    :class:`~ofcleague.scoring.ScoringError` for a board the engine cannot read.
    """
    scored = score_rows(rules, [board._asdict() for board in boards])
    scoops = [0] * len(boards)
    for pair in scored.pairs:
        if pair.scoop:
            scoops[pair.a if sum(pair.rows) > 0 else pair.b] += 1
    return [
        BoardOutcome(
            points=player.points,
            fouled=player.fouled,
            surrendered=player.surrendered,
            front=format_cards(player.hand.front),
            middle=format_cards(player.hand.middle),
            back=format_cards(player.hand.back),
            royalties=player.royalties.total,
            scoops=scoops[index],
            fantasyland_next=fantasyland.next_cards(
                rules, player, in_fantasyland=in_fantasyland[index] is not None
            ),
        )
        for index, player in enumerate(scored.players)
    ]
