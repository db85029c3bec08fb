"""What the answers do when the core changes something (``ofcleague.league.hooks``),
registered by :func:`connect` when the app is ready."""

from __future__ import annotations

from ofcleague.league import hooks
from ofcleague.league.models import Evening
from ofcleague.rsvp.invariants import answer_problems, link_problems
from ofcleague.rsvp.models import Answer, PlayerLink, Rsvp
from ofcleague.rsvp.services.answers import move_answers
from ofcleague.rsvp.services.calendar_feeds import revoke_dead_feeds, revoke_member_feeds


def give_links(players) -> None:
    """Each new player gets a personal link at once (in the transaction that added them)."""
    PlayerLink.objects.bulk_create([PlayerLink(player=player) for player in players])


def seats_held(evening: Evening) -> list[str]:
    """The names of the players who said yes and hold a seat, in the order of the answers."""
    holding = Rsvp.objects.filter(evening=evening, answer=Answer.YES, waiting_since=None)
    return list(holding.order_by("answered_at", "pk").values_list("player__name", flat=True))


def connect() -> None:
    """The answers' receivers, each once."""
    hooks.register(hooks.PLAYERS_ADDED, give_links)
    hooks.register(hooks.PLAYERS_MERGING, move_answers)
    hooks.register(hooks.MEMBER_LEAVING, revoke_member_feeds)
    hooks.register(hooks.BACKUP_LOADED, revoke_dead_feeds)
    hooks.register(hooks.ANNOUNCED_SEATS, seats_held)
    hooks.register(hooks.LEAGUE_RULES, answer_problems)
    hooks.register(hooks.SITE_RULES, link_problems)
