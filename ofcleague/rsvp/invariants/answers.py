"""The rules of an announced evening's answers (pure over their facts).

- at most the evening's seats are held by players who said yes;
- only a yes waits, and nobody waits while a seat is free;
- the waitlist is in the order of the answers (whoever said yes first waits in front).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils.translation import gettext as _


@dataclass(frozen=True)
class AnswerFacts:
    player: int
    answer: str
    answered_at: datetime.datetime
    waiting_since: datetime.datetime | None


@dataclass(frozen=True)
class RsvpFacts:
    """An announced evening's seats and answers, as plain data."""

    id: int
    label: str
    most_seats: int | None
    answers: tuple[AnswerFacts, ...]


def rsvp_problems(evening: RsvpFacts) -> list[str]:
    problems = []
    holding = [a for a in evening.answers if a.answer == "yes" and a.waiting_since is None]
    waiting = [a for a in evening.answers if a.waiting_since is not None]
    if any(a.answer != "yes" for a in waiting):
        problems.append(_("an answer other than yes waits for a seat."))
    if evening.most_seats is None:
        if evening.answers:
            problems.append(_("it has answers but no seats announced."))
        return problems
    if len(holding) > evening.most_seats:
        problems.append(
            _("%(count)s players hold one of its %(seats)s seats.")
            % {"count": len(holding), "seats": evening.most_seats}
        )
    if waiting and len(holding) < evening.most_seats:
        problems.append(_("a player waits while a seat is free."))
    times = [a.waiting_since for a in sorted(waiting, key=lambda a: (a.waiting_since, a.player))]
    answered = [a.answered_at for a in sorted(waiting, key=lambda a: (a.waiting_since, a.player))]
    if times != sorted(times) or answered != sorted(answered):
        problems.append(_("its waitlist is not in the order of the answers."))
    if any(a.waiting_since < a.answered_at for a in waiting):
        problems.append(_("a player waits since before they answered."))
    return problems


def rsvp_facts(evening_ids=None) -> list[RsvpFacts]:
    """The announced evenings' facts (two queries)."""
    from ofcleague.league.models import Evening, Status
    from ofcleague.rsvp.models import Rsvp

    evenings = Evening.objects.filter(status=Status.PLANNED)
    answers = Rsvp.objects.filter(evening__status=Status.PLANNED)
    if evening_ids is not None:
        evenings = evenings.filter(pk__in=evening_ids)
        answers = answers.filter(evening_id__in=evening_ids)
    answers_of: dict[int, list[AnswerFacts]] = {}
    for evening_id, *row in answers.values_list(
        "evening_id", "player_id", "answer", "answered_at", "waiting_since"
    ):
        answers_of.setdefault(evening_id, []).append(AnswerFacts(*row))
    return [
        RsvpFacts(
            evening.pk, str(evening), evening.most_seats, tuple(answers_of.get(evening.pk, ()))
        )
        for evening in evenings
    ]
