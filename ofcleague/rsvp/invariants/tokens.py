"""The rules of the secret links, pure over plain facts (read by :func:`token_facts`): a link
lives only as long as what it was made for.

- a live private calendar link belongs to an active account that is a member of the link's
  league (or a superuser): a member removed, or leaving, takes their link with them;
- a member has at most one live calendar link per league;
- a live personal link (the player's answers and calendar) belongs to a player who exists: a
  player merged into another or deleted leaves no live link behind (a merge moves the link to
  the player kept, or revokes it when that player has one);
- a player has at most one live personal link.

An invite's end (withdrawn, expired, used up) is read from the invite itself
(``services/members.py: invite_refusal``); its uses are a rule of ``members.py``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from ofcleague.league.leagues import Membership
from ofcleague.league.models import Player
from ofcleague.rsvp.calendar_feeds import CalendarFeed
from ofcleague.rsvp.models import PlayerLink


@dataclass(frozen=True)
class TokenFacts:
    """Live calendar links (id, league, account), the memberships (league, account), the
    accounts of those links (account, active, superuser), live personal links (id, player)
    and the players that exist among theirs."""

    feeds: tuple[tuple[int, int, int], ...] = ()
    memberships: frozenset[tuple[int, int]] = frozenset()
    accounts: tuple[tuple[int, bool, bool], ...] = ()
    links: tuple[tuple[int, int], ...] = ()
    players: frozenset[int] = frozenset()


def token_problems(facts: TokenFacts) -> list[str]:
    """Every rule of the secret links that ``facts`` break, as sentences."""
    problems = []
    accounts = {user: (active, superuser) for user, active, superuser in facts.accounts}
    for feed, league, user in facts.feeds:
        active, superuser = accounts.get(user, (False, False))
        if not active:
            problems.append(
                _("the calendar link %(id)s is live for an account that is closed.") % {"id": feed}
            )
        elif not superuser and (league, user) not in facts.memberships:
            problems.append(
                _("the calendar link %(id)s is live for an account outside its league.")
                % {"id": feed}
            )
    for (league, user), count in Counter((f[1], f[2]) for f in facts.feeds).items():
        if count > 1:
            problems.append(
                _("the account %(user)s has several live calendar links to the league %(id)s.")
                % {"user": user, "id": league}
            )
    for link, player in facts.links:
        if player not in facts.players:
            problems.append(
                _("the personal link %(id)s is live for a player who no longer exists.")
                % {"id": link}
            )
    for player, count in Counter(player for _link, player in facts.links).items():
        if count > 1:
            problems.append(
                _("the player %(id)s has several live personal links.") % {"id": player}
            )
    return problems


def token_facts() -> TokenFacts:
    """The facts of every league, read fresh (five queries)."""
    feeds = tuple(
        CalendarFeed.objects.filter(revoked_at__isnull=True).values_list(
            "id", "league_id", "created_by_id"
        )
    )
    owners = {user for _feed, _league, user in feeds}
    links = tuple(PlayerLink.objects.filter(revoked_at__isnull=True).values_list("id", "player_id"))
    linked = {player for _link, player in links}
    return TokenFacts(
        feeds=feeds,
        memberships=frozenset(Membership.objects.values_list("league_id", "user_id")),
        accounts=tuple(
            get_user_model()
            ._base_manager.filter(pk__in=owners)
            .values_list("pk", "is_active", "is_superuser")
        ),
        links=links,
        players=frozenset(Player._base_manager.filter(pk__in=linked).values_list("pk", flat=True)),
    )
