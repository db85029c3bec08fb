"""The answers' rules, pure over plain facts: those of an announced evening's answers
(``answers.py``) and of the secret links (``tokens.py``). They join the league's statement
(``ofcleague.league.invariants.league_problems``) through ``hooks.LEAGUE_RULES`` and
``hooks.SITE_RULES`` (registered in ``receivers.py``)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from ofcleague.league.invariants import Problem
from ofcleague.rsvp.invariants.answers import rsvp_facts, rsvp_problems
from ofcleague.rsvp.invariants.tokens import token_facts, token_problems


def answer_problems(evening_ids, labels: dict[int, str]) -> list[Problem]:
    """The broken rules of the announced evenings' answers (of those asked for, or all) as
    the league's problems."""
    return [
        Problem(facts.id, facts.label, rule)
        for facts in rsvp_facts(evening_ids)
        for rule in rsvp_problems(facts)
    ]


def link_problems() -> list[tuple[str, str]]:
    """The broken rules of the secret links, each with what it is about."""
    return [(_("The private links"), rule) for rule in token_problems(token_facts())]
