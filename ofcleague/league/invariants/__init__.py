"""The league's invariants: what must hold for every evening after every write.

This package is the one place that states them. The services keep them by construction and
check them before they refuse; the restore command checks them over the restored rows before it
commits, and the stateful property test checks them after every random write. The rules are
pure functions over plain facts (``facts.py``); :func:`league_problems` reads those facts fresh
from the database (thirteen queries, whatever the size of the league; a fixed number more for
the members, the players' addresses, the secret links and the transfers).

The members (``ofcleague/members/invariants.py``, joined through ``hooks.MEMBER_RULES``): a
league with members has an owner (but the site's first league); a confirmed claim's account is
a member of the player's league; one account per player and one player per account and league;
an invite is used at most as often as allowed; a player's address, where the owner gave one, is
an e-mail address.

The evening (``evening.py``):

- every value lies within the limits of :mod:`ofcleague.league.limits`;
- an evening has at least two players, each a player of the evening's league (a merge of
  players never crosses leagues); a round lies within the evening's rounds;
- every round (per table where tables are given) adds up to zero; in a round at tables, a
  player without a table sat it out and has 0;
- an evening with round points has each player's total equal to the sum of their points;
  without points it has no totals;
- places: none exceeds the field; a finished evening has a place for everyone; where places
  come from points, they follow from the totals (tied players share a place unless their
  whole group has an order decided at the table, numbered 1 to k); where they were entered,
  they are a valid finishing order (of those who have one, while the evening is not
  finished), and with round points it only orders players tied on points; a finished evening
  from points has every round complete;
- prizes: set for every player or for none, together with the pot, and they add up to it;
  tied players get the same share to the cent; the pot is the sum of the buy-ins unless the
  league set it by hand, so the players' Net (prize minus buy-in) adds up to zero.

The money (``ofcleague/money/invariants.py``, asked through ``hooks.LEAGUE_RULES``; the money
services check them before they write):

- an evening's balances add up to exactly zero, in whole cents (money in equals money out);
- the transfers of a settlement cover the balances it settles exactly, each a positive amount
  from one player to another;
- a paid transfer never changes (checked by the stateful test from step to step, as it needs
  the transfers before a write);
- the transfers follow every correction: all of a league's transfers, paid and open, settle
  exactly the balances of its settled evenings (settled on their own, or covered by a
  settlement of the open balances made on their day or later), so the open ones settle what
  the paid ones leave;
- a transfer is between players of its league, for an evening of its league or none.

The secret links (``ofcleague/rsvp/invariants/tokens.py``, through ``hooks.SITE_RULES``): a
live private calendar link belongs to an active member of its league (or a superuser), one per
member and league; a live personal link belongs to a player who exists, one per player. A link
ends with what it was made for.

The answers to an announced evening (``ofcleague/rsvp/invariants/answers.py``, through
``hooks.LEAGUE_RULES``): at most its seats held by a yes; only a yes waits; nobody waits while
a seat is free; the waitlist is in the order of the answers.

The tables of the score pad (``tables.py``):

- a table of a round seats 2 players up to what its rule set deals for (Pineapple three,
  OFC and classic Chinese Poker four), in seats 1..k without a gap, each a player of the
  evening at one table per round; the dealer of hand 1 holds one of those seats;
- hands run 1..n per table, n at most the evening's hands per round; each names the dealer
  the button reaches; each has one result per seated player, and the results add up to zero;
- a board hand holds what the evening's rule set scores for its boards (points, fouls,
  royalties, scoops, Fantasyland earned); a points hand ticks only the Fantasyland those rules
  deal (entry for a player outside, the stay for one inside); each hand is dealt in
  Fantasyland as the hand before at its table earned;
- a round with tables holds the sums of its hands, and nothing before its first hand;
- an entry id (made by the phone) belongs to one hand, deleted and undone hands included.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext as _

from ofcleague.league import hooks
from ofcleague.league.choices import Status
from ofcleague.league.invariants.evening import (
    limit_problems,
    order_follows_points,
    place_problems,
    prize_problems,
    round_problems,
)
from ofcleague.league.invariants.facts import (
    EveningFacts,
    HandFacts,
    ResultFacts,
    ScoreFacts,
    SeatFacts,
    TableFacts,
    entry_id_clashes,
    evening_facts,
    foreign_seats,
)
from ofcleague.league.invariants.tables import table_problems

__all__ = [
    "EveningFacts",
    "HandFacts",
    "Problem",
    "ResultFacts",
    "ScoreFacts",
    "SeatFacts",
    "TableFacts",
    "member_rules",
    "evening_facts",
    "evening_problems",
    "league_problems",
    "order_follows_points",
]


@dataclass(frozen=True)
class Problem:
    """One broken rule of one evening (``evening`` is 0 for a rule of the whole league)."""

    evening: int
    label: str
    rule: str

    def __str__(self) -> str:
        return f"{self.label}: {self.rule}"


def evening_problems(evening: EveningFacts, today: datetime.date | None = None) -> list[str]:
    """Every rule this evening breaks, as sentences (empty when it is sound)."""
    today = today or timezone.localdate()
    problems = limit_problems(evening, today)
    # An announced (or cancelled) evening has no players yet.
    if len(evening.seats) < 2 and evening.status not in (Status.PLANNED, Status.CANCELLED):
        problems.append(_("it has fewer than 2 players."))
    problems += round_problems(evening)
    problems += place_problems(evening)
    problems += prize_problems(evening)
    problems += table_problems(evening)
    return problems


def member_rules() -> list[str]:
    """The broken rules of who belongs to the leagues, as sentences: the members app's
    (``ofcleague/members/invariants.py``), asked through ``hooks.MEMBER_RULES``."""
    return [rule for rules in hooks.MEMBER_RULES for rule in rules()]


def league_problems(
    evening_ids: Iterable[int] | None = None, today: datetime.date | None = None
) -> list[Problem]:
    """Every broken rule of the league's evenings (or of those given), read fresh, their money
    included; asked for every evening, the rules of members, claims and invites too (the
    members app's, through ``hooks.MEMBER_RULES``), and those of the apps around the core
    (``hooks.LEAGUE_RULES`` and ``hooks.SITE_RULES``: the answers, the secret links, the money)."""
    evening_ids = None if evening_ids is None else list(evening_ids)
    evenings = list(evening_facts(evening_ids))
    problems = [
        Problem(facts.id, facts.label, rule)
        for facts in evenings
        for rule in evening_problems(facts, today)
    ]
    labels = {facts.id: facts.label for facts in evenings}
    for evening_id, name in foreign_seats(evening_ids):
        rule = _("its player %(name)s belongs to another league.") % {"name": name}
        problems.append(Problem(evening_id, labels.get(evening_id, str(evening_id)), rule))
    # The rules of the apps around the core (the answers': ofcleague/rsvp/invariants/, the
    # money's: ofcleague/money/invariants.py).
    for rules in hooks.LEAGUE_RULES:
        problems += rules(evening_ids, labels)
    for client_id in entry_id_clashes():
        rule = _("the entry id %(id)s belongs to more than one hand.") % {"id": client_id}
        problems.append(Problem(0, _("The score pad"), rule))
    if evening_ids is None:
        problems += [Problem(0, _("The members"), rule) for rule in member_rules()]
        problems += [
            Problem(0, label, rule) for rules in hooks.SITE_RULES for label, rule in rules()
        ]
    return problems
