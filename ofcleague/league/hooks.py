"""How the core tells the apps around it that something changed: lists of receivers.

The core (``ofcleague.league``) imports none of the apps that build on it. Where one of its
services changes something another app keeps facts about, it calls the receivers listed here,
in its own transaction; each app adds its receivers when it is ready (its ``apps.py``). A
receiver may refuse the change by raising ``ValidationError`` (the transaction then rolls back).

The answers (``ofcleague.rsvp``) fill ``PLAYERS_ADDED``, ``PLAYERS_MERGING``, ``MEMBER_LEAVING``,
``BACKUP_LOADED``, ``ANNOUNCED_SEATS``, ``LEAGUE_RULES`` and ``SITE_RULES``.

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


def register(hook: list, receiver: Callable) -> None:
    """Add ``receiver`` to ``hook`` once (``ready()`` may run more than once in tests)."""
    if receiver not in hook:
        hook.append(receiver)
