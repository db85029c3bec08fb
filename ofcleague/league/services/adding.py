"""Adding players before they play: one name or a pasted list, each with an optional address.

What the owner pastes: one player a line, or several on a line separated by commas; after a
name, optionally, the player's e-mail address, separated by a space or a comma (``Anna
anna@example.org``, ``Anna, anna@example.org`` and ``Anna <anna@example.org>`` are alike).
The league's name rules apply as everywhere (``ofcleague.league.names``): a name a player has
already (or that only looks like theirs) is refused, and a name close to a known one (or to
another name of the list) is asked about ("did you mean ...?") until it is confirmed. A list
with one bad line is refused as a whole, every bad line named; nothing is written then. Each
new player gets a personal link at once (``hooks.PLAYERS_ADDED``: the rsvp app), in the same
transaction.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError
from django.utils.translation import gettext as _

from ofcleague.league import hooks
from ofcleague.league.current import using_league
from ofcleague.league.models import Player
from ofcleague.league.names import mixes_scripts, name_key, normalise_name, similar_names
from ofcleague.league.roles import OWNER_ONLY, require
from ofcleague.league.services.players import taken_slugs, unique_slug
from ofcleague.web.league_writes import league_write

#: The most players one paste adds (a league's whole roster fits many times over).
MOST_AT_ONCE = 100
#: The code of a refusal that a confirmation lifts ("did you mean ...?").
SIMILAR = "similar_name"

_ADDRESS = re.compile(r"<?([^\s<>,;]*@[^\s<>,;]*)>?")
_QUOTES = "\"'“”„«»"


@dataclass(frozen=True)
class NewPlayer:
    """One player of the list: the name as typed, the address (or ""), the line it is on."""

    name: str
    email: str
    line: int


def _problem(line: int, message: str, code: str = "bad_line", name: str = "") -> ValidationError:
    """A bad line's refusal; ``line`` and ``name`` ride along as attributes (not as params,
    which Django would format into a message that may hold a ``%`` of its own)."""
    problem = ValidationError(_("Line %(line)s: %(problem)s") % {"line": line, "problem": message})
    problem.code, problem.line, problem.name = code, line, name
    return problem


def read_players(text: str) -> tuple[list[NewPlayer], list[ValidationError]]:
    """The players a pasted text names, and a problem for each line that cannot be read."""
    found: list[NewPlayer] = []
    problems: list[ValidationError] = []
    for number, line in enumerate(unicodedata.normalize("NFKC", text).splitlines(), start=1):
        line_players: list[NewPlayer] = []
        for piece in re.split(r"[,;]", line):
            addresses = _ADDRESS.findall(piece)
            name = _ADDRESS.sub(" ", piece).strip().strip(_QUOTES).strip()
            if len(addresses) > 1:
                problems.append(_problem(number, _("one address a player, please.")))
                continue
            email = addresses[0] if addresses else ""
            if name:
                line_players.append(NewPlayer(name, email, number))
            elif email and line_players and not line_players[-1].email:
                last = line_players[-1]
                line_players[-1] = NewPlayer(last.name, email, number)
            elif email:
                problems.append(
                    _problem(
                        number,
                        _("the address %(email)s has no name before it.") % {"email": email},
                    )
                )
        found.extend(line_players)
    return found, problems


def _checked_email(player: NewPlayer) -> ValidationError | None:
    if not player.email:
        return None
    try:
        validate_email(player.email)
    except ValidationError:
        return _problem(
            player.line,
            _("“%(email)s” is no e-mail address (it looks like name@example.org).")
            % {"email": player.email},
        )
    return None


def _near_problem(player: NewPlayer, name: str, close: list[str]) -> ValidationError:
    if close:
        message = _(
            "“%(name)s” is not a player yet. Did you mean %(similar)s? Correct the line, or "
            "tick the box if “%(name)s” is right."
        ) % {"name": name, "similar": ", ".join(close)}
    else:
        message = _(
            "“%(name)s” mixes Latin letters with Cyrillic or Greek ones that look alike. Was "
            "another keyboard on? Correct the line, or tick the box if it is right."
        ) % {"name": name}
    return _problem(player.line, message, code=SIMILAR, name=name)


def _checked_names(players: list[NewPlayer], confirmed: set[str]):
    """The players' normalised names, and a problem for each that may not become a player."""
    known = dict(Player.objects.values_list("name_key", "name"))
    named: dict[str, NewPlayer] = {}
    problems: list[ValidationError] = []
    for player in players:
        try:
            name = normalise_name(player.name)
        except ValidationError as error:
            problems.extend(_problem(player.line, message) for message in error.messages)
            continue
        key = name_key(name)
        if key in known:
            message = _("%(name)s is a player already: leave the line out.") % {"name": known[key]}
            problems.append(_problem(player.line, message, code="duplicate_name"))
            continue
        if key in named:
            message = _("“%(name)s” is in the list twice (line %(first)s).") % {
                "name": name,
                "first": named[key].line,
            }
            problems.append(_problem(player.line, message, code="twice"))
            continue
        others = [*known.values(), *(new.name for new in named.values())]
        close = similar_names(name, others)
        if (close or mixes_scripts(name)) and key not in confirmed:
            problems.append(_near_problem(player, name, close))
        named[key] = NewPlayer(name, player.email, player.line)
    return list(named.values()), problems


def asked_names(error: ValidationError) -> list[str]:
    """The names a refusal of ``add_players`` asks about ("did you mean ...?")."""
    return [problem.name for problem in getattr(error, "error_list", []) if problem.code == SIMILAR]


@league_write
def add_players(league, user, text: str, *, confirmed=()) -> list[Player]:
    """Add the players of ``text`` (see the module) to ``league``, each with a personal link.

    ``confirmed`` names the near names the owner confirmed. Refused as a whole, with every
    bad line named, when any line is bad; only the league's owner may add players.
    """
    require(OWNER_ONLY, user, league)
    players, problems = read_players(text)
    if not players and not problems:
        raise ValidationError(_("Write at least one name."), code="empty")
    if len(players) > MOST_AT_ONCE:
        raise ValidationError(
            _("At most %(most)s players at once, please: this list has %(count)s.")
            % {"most": MOST_AT_ONCE, "count": len(players)},
            code="too_many",
        )
    confirmed_keys = {name_key(name) for name in confirmed if str(name).strip()}
    with using_league(league):
        problems.extend(filter(None, (_checked_email(player) for player in players)))
        players, name_problems = _checked_names(players, confirmed_keys)
        problems.extend(name_problems)
        if problems:
            problems.sort(key=lambda problem: problem.line)
            raise ValidationError(problems)
        added = _create(league, players)
    return added


def _create(league, players: list[NewPlayer]) -> list[Player]:
    """The new players with their links; a name another request added meanwhile refuses all."""
    taken = taken_slugs()
    try:
        with league_write():
            added = [
                Player.objects.create(
                    league=league,
                    name=player.name,
                    name_key=name_key(player.name),
                    email=player.email,
                    slug=unique_slug(player.name, taken),
                )
                for player in players
            ]
            # Their personal links (the answers' app, ofcleague/rsvp/receivers.py).
            for receiver in hooks.PLAYERS_ADDED:
                receiver(added)
    except IntegrityError as error:
        raise ValidationError(
            _("Someone added players at the same moment. Send the list again."), code="race"
        ) from error
    return added


@league_write
def set_address(league, user, player: Player, email: str) -> Player:
    """Give a player of ``league`` the address their mails go to (empty: none). Only the
    league's owner; an address that is none is refused with what one looks like."""
    require(OWNER_ONLY, user, league)
    if player.league_id != league.pk:
        raise ValidationError(_("This player belongs to another league."), code="foreign")
    email = (email or "").strip()
    if email:
        try:
            validate_email(email)
        except ValidationError as error:
            raise ValidationError(
                {
                    "email": _("“%(email)s” is no e-mail address (it looks like name@example.org).")
                    % {"email": email}
                },
                code="bad_email",
            ) from error
    Player._base_manager.filter(pk=player.pk).update(email=email)
    player.email = email
    return player
