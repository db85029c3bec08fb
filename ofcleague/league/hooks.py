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


def register(hook: list, receiver: Callable) -> None:
    """Add ``receiver`` to ``hook`` once (``ready()`` may run more than once in tests)."""
    if receiver not in hook:
        hook.append(receiver)
