"""How the core tells the apps around it that something changed: lists of receivers.

The core (``ofcleague.league``) imports none of the apps that build on it. Where one of its
services changes something another app keeps facts about, it calls the receivers listed here,
in its own transaction; each app adds its receivers when it is ready (its ``apps.py``). A
receiver may refuse the change by raising ``ValidationError`` (the transaction then rolls back).

Every write to an evening's seats, points, places, date or prizes is told through one hook,
:data:`EVENING_CHANGED` (:func:`evening_changed`), whose receivers run in a stated order: first
the money that follows the evening (its pot, prizes and open transfers), then the kept numbers
of ``ofcleague.standings`` (ratings, counters, seasons), which count those prizes.

The answers (``ofcleague.rsvp``) fill ``PLAYERS_ADDED``, ``PLAYERS_MERGING``, ``MEMBER_LEAVING``,
``BACKUP_LOADED``, ``ANNOUNCED_SEATS``, ``LEAGUE_RULES`` and ``SITE_RULES``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

#: An evening was deleted (``services/deleted.py``): called with a copy of it (key, league,
#: date, status) after its rows are gone.
EVENING_DELETED: list[Callable] = []

#: A player is merged into another (``services/merging.py``): called with (keep, merge)
#: after the seats moved and before ``merge`` is deleted.
PLAYERS_MERGING: list[Callable] = []

#: A league took an address (``services/leagues.py``): called with the league and the address
#: it had before (None for a new league), after the league row is saved.
LEAGUE_ADDRESS_TAKEN: list[Callable] = []

#: Where players' mails go (``services/reminders.py``): called with a list of player keys;
#: returns {player key: e-mail address} of the accounts linked to them (these win over the
#: addresses the owner gave).
PLAYER_ADDRESSES: list[Callable[[list[int]], dict[int, str]]] = []

#: The rules of who belongs to the leagues (the members app's ``invariants.py``: memberships,
#: claims, invites, the players' addresses): called with nothing, returns sentences. Asked by
#: ``invariants.league_problems`` for the whole league and by a league's restore.
MEMBER_RULES: list[Callable[[], list[str]]] = []

#: More rules of the league (``invariants.league_problems``): called with the evenings asked
#: for (None: all, with the rules of the whole league) and each evening's label by key;
#: returns a list of ``invariants.Problem``.
LEAGUE_RULES: list[Callable[[list[int] | None, dict[int, str]], Iterable]] = []

#: Rules of rows shared by the whole site rather than held by an evening (the secret links):
#: called with nothing, each returns (what the rule is about, sentence) pairs. Read by
#: ``invariants.league_problems`` when asked for every evening, and after a restore.
SITE_RULES: list[Callable[[], Iterable[tuple[str, str]]]] = []

#: New players were added (``services/adding.py``): called with the list of them, in the
#: transaction that made them (an error there refuses the whole list).
PLAYERS_ADDED: list[Callable] = []

#: An account leaves a league (``services/members.py``): called with (league, user) before
#: its membership is deleted.
MEMBER_LEAVING: list[Callable] = []

#: A backup's rows were loaded (``backup/loading.py``): called with nothing, before the
#: league's rules are checked.
BACKUP_LOADED: list[Callable[[], None]] = []

#: The names of the players who hold a seat at an announced evening that has no seats yet
#: (``results/share.py``: its card and preview): called with the evening, returns names.
ANNOUNCED_SEATS: list[Callable] = []


def register(hook: list, receiver: Callable, *, order: int = 0) -> None:
    """Add ``receiver`` to ``hook`` once (``ready()`` may run more than once in tests); the
    receivers of a hook run by their ``order``, smallest first (equal: as registered)."""
    _ORDER[id(hook), receiver] = order
    if receiver not in hook:
        hook.append(receiver)
    hook.sort(key=lambda known: _ORDER.get((id(hook), known), 0))


# Each hook's receivers' order, by (the hook's id, the receiver).
_ORDER: dict[tuple[int, Callable], int] = {}


# --- An evening's derived numbers follow its writes (the money, then the standings) ---


@dataclass(frozen=True)
class EveningChange:
    """What a core service wrote, told to :data:`EVENING_CHANGED`'s receivers.

    One evening (``together`` false): ``evenings`` holds the written instance itself;
    ``deleting``: it is about to be deleted (count it out); ``money_only``: only its prize
    money changed (no rating moves). Several evenings of one league in one write (two players
    merged, an import or its undo; ``together`` true): ``evenings`` holds them (copies where
    they were deleted since); ``seasons_too``: evenings were added or deleted."""

    evenings: tuple[Any, ...]
    deleting: bool = False
    money_only: bool = False
    together: bool = False
    seasons_too: bool = False


#: The order of :data:`EVENING_CHANGED`'s receivers: the money that follows an evening first
#: (``ofcleague.money``: pot, prizes, open transfers), then the kept numbers
#: (``ofcleague.standings``), which count the prizes just set.
MONEY_FOLLOWS = 10
KEPT_NUMBERS = 20

#: An evening was written (every service that changes its seats, points, places, date, status
#: or prizes calls :func:`evening_changed` or :func:`evenings_changed` in its transaction):
#: called with an :class:`EveningChange`, in the order above.
EVENING_CHANGED: list[Callable[[EveningChange], None]] = []

# Within ``changed_together()``: the evenings written so far, told together at its end.
_TOGETHER: ContextVar[dict | None] = ContextVar("evenings_changed_together", default=None)


def evening_changed(evening: Any, *, deleting: bool = False, money_only: bool = False) -> None:
    """Tell :data:`EVENING_CHANGED` that ``evening`` was written, in the caller's
    transaction (within :func:`changed_together` only note it)."""
    noted = _TOGETHER.get()
    if noted is not None:
        # A copy: a deleted evening loses its key, and the receivers need it afterwards.
        noted[evening.pk] = type(evening)(
            pk=evening.pk, league_id=evening.league_id, date=evening.date,
            start_time=evening.start_time, variant=evening.variant,
        )  # fmt: skip
        return
    change = EveningChange((evening,), deleting=deleting, money_only=money_only)
    for receiver in list(EVENING_CHANGED):
        receiver(change)


def evenings_changed(evenings: list, *, seasons_too: bool = False) -> None:
    """Tell :data:`EVENING_CHANGED` that one write changed several evenings of one league."""
    if not evenings:
        return
    change = EveningChange(tuple(evenings), together=True, seasons_too=seasons_too)
    for receiver in list(EVENING_CHANGED):
        receiver(change)


@contextmanager
def changed_together() -> Iterator[None]:
    """Many evenings of one league created or deleted in one transaction (an import and its
    undo): every :func:`evening_changed` within only notes its evening, and when the block
    ends without an error the receivers hear of all of them once. Not for writes that move an
    evening to another date or variant."""
    noted: dict = {}
    token = _TOGETHER.set(noted)
    try:
        yield
    finally:
        _TOGETHER.reset(token)
    evenings_changed(list(noted.values()), seasons_too=True)


#: How strong each player is, for tables balanced by strength (``services/starting.py``):
#: called with player keys, returns a number per key, higher for stronger (the standings app
#: answers with the shown ratings). Without a receiver every player counts the same.
PLAYER_STRENGTH: list[Callable[[list[int]], dict[int, float]]] = []


def player_strengths(players: list[int]) -> dict[int, float]:
    """Each of ``players``' strength by :data:`PLAYER_STRENGTH`'s first receiver (else 0)."""
    for receiver in PLAYER_STRENGTH:
        return receiver(players)
    return dict.fromkeys(players, 0.0)
