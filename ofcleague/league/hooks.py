"""How the core tells the apps around it that something changed: lists of receivers.

The core (``ofcleague.league``) imports none of the apps that build on it. Where one of its
services changes something another app keeps facts about, it calls the receivers listed here,
in its own transaction; each app adds its receivers when it is ready (its ``apps.py``). A
receiver may refuse the change by raising ``ValidationError`` (the transaction then rolls back).

The money that follows every write to an evening is the list ``kept.MONEY_FOLLOWS`` (called by
``kept.refresh_after`` before the kept numbers count the evening).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

#: An evening was deleted (``services/deleted.py``): called with a copy of it (key, league,
#: date, status) after its rows are gone.
EVENING_DELETED: list[Callable] = []

#: A player is merged into another (``services/merging.py``): called with (keep, merge)
#: after the seats moved and before ``merge`` is deleted.
PLAYERS_MERGING: list[Callable] = []

#: More rules of the league (``invariants.league_problems``): called with the evenings asked
#: for (None: all, with the rules of the whole league) and each evening's label by key;
#: returns a list of ``invariants.Problem``.
LEAGUE_RULES: list[Callable[[list[int] | None, dict[int, str]], Iterable]] = []


def register(hook: list, receiver: Callable) -> None:
    """Add ``receiver`` to ``hook`` once (``ready()`` may run more than once in tests)."""
    if receiver not in hook:
        hook.append(receiver)
