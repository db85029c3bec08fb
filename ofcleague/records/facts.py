"""The plain facts the records are computed from, and the records as plain values.

A :class:`SeatFact` is one player's finished evening with what their hands add up to; a
:class:`FantasylandHand` one hand a player played in Fantasyland. Both come from one query
each (``queries.py``); everything else here and in ``compute.py`` is pure.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class SeatFact:
    """One player's seat at a finished evening, with their hands' numbers (0 without hands)."""

    seat_id: int
    evening_id: int
    date: datetime.date
    player_id: int
    name: str
    slug: str
    place: int | None
    total: int | None
    prize: Decimal | None
    rating_before: float | None
    rating_after: float | None
    hands: int = 0
    best_hand: int | None = None
    scoops: int = 0
    fantasylands: int = 0
    royalties: int = 0


@dataclass(frozen=True)
class FantasylandHand:
    """A hand ``number`` a seat played in Fantasyland at the table ``round_table_id``."""

    seat_id: int
    round_table_id: int
    number: int


@dataclass(frozen=True)
class Record:
    """A league record: its kind (``compute.KINDS``), the number, who set it at which evening
    (for a run: the evening the run reached it), since when (``started``, a run's first
    evening, else the evening's date) and how many other seats or runs equal it."""

    kind: str
    value: int
    player_id: int
    name: str
    slug: str
    evening_id: int
    date: datetime.date
    started: datetime.date
    shared: int = 0


@dataclass(frozen=True)
class Standing:
    """One player's place in a yearly award's race: the number shown is ``value``."""

    player_id: int
    name: str
    slug: str
    value: float


@dataclass(frozen=True)
class Award:
    """A yearly award (``compute.AWARDS``) of ``year``: the race's leaders, best first."""

    kind: str
    year: int
    leaders: tuple[Standing, ...]


@dataclass(frozen=True)
class Badge:
    """A badge on a player's page: its kind (``badges.py``), what it is for (a record's or an
    award's kind, or empty) and its number (a record's value, a year, a milestone)."""

    kind: str
    subject: str
    number: int
