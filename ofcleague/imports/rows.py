"""The plain data an import reads and checks: one row per player and evening."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, time
from decimal import Decimal

DEFAULT_VARIANT = "ofc"
VARIANTS = ("ofc", "pineapple", "classic")


@dataclass(frozen=True)
class ImportRow:
    """One player's result on one evening, as read from line ``line`` of the input."""

    line: int
    date: date | None
    player: str
    place: int | None
    points: tuple[int, ...] | None = None
    prize: Decimal | None = None
    buy_in: Decimal | None = None
    variant: str | None = None
    start_time: time | None = None
    hands_per_round: int | None = None
    rounds: int | None = None
    total: int | None = None

    @property
    def score(self) -> int | None:
        """The row's total points: the given total, else the sum of its rounds."""
        if self.total is not None:
            return self.total
        return sum(self.points) if self.points else None


@dataclass(frozen=True)
class ImportedPlace:
    line: int
    player: str
    place: int | None
    points: tuple[int, ...] | None = None
    total: int | None = None
    prize: Decimal | None = None


@dataclass(frozen=True)
class ImportedEvening:
    date: date
    start_time: time | None
    buy_in: Decimal | None
    rounds: int | None
    hands_per_round: int | None
    variant: str
    places: tuple[ImportedPlace, ...]


@dataclass(frozen=True)
class Problem:
    """Something wrong with line ``line`` (None: the input as a whole) in ``field``."""

    line: int | None
    field: str
    message: str
    code: str
    blocking: bool = True


@dataclass(frozen=True)
class ParseResult:
    rows: tuple[ImportRow, ...]
    problems: tuple[Problem, ...]
