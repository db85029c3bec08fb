"""The group link of an announced evening: one address for the group chat, where a player
picks their name and answers (``rsvp/group_page.py``).

The token is derived, not stored: a keyed hash (the site's ``SECRET_KEY``) of the league, the
evening and the moment it was announced. Nobody can guess it without the key, nothing new is
kept (no field, no migration, nothing in a backup), and it lives exactly as long as the
announcement: once the evening is cancelled, started or finished, or the league deleted, no
open announcement has that token and the address answers 404. A new ``SECRET_KEY`` makes
new links (the old ones in the chat stop). Anyone with the link may open it, as anyone in the
chat could read the message.
"""

from __future__ import annotations

import datetime
import hmac

from django.utils.crypto import salted_hmac

from ofcleague.league.models import Evening, Status

# Its name from before the move (issue 39): the links in the chats stay the same.
SALT = "ofcleague.league.group_link"
#: Hex characters of the token: 128 bits.
LENGTH = 32


def group_token(evening: Evening) -> str:
    """The evening's group link token (the same for as long as it is announced)."""
    announced = evening.announced_at.astimezone(datetime.UTC).strftime("%Y%m%d%H%M%S%f")
    value = f"{evening.league_id}:{evening.pk}:{announced}"
    return salted_hmac(SALT, value, algorithm="sha256").hexdigest()[:LENGTH]


def open_announcements():
    """The active league's announced evenings still open for answers."""
    return Evening.objects.filter(status=Status.PLANNED, announced_at__isnull=False)


def evening_of_group_token(token: str) -> Evening | None:
    """The open announcement of the active league whose group link ``token`` is, or None
    (compared in constant time; a league announces a few evenings at a time)."""
    token = str(token or "")[: LENGTH + 1]
    if len(token) != LENGTH:
        return None
    found = None
    for evening in open_announcements().select_related("league"):
        if hmac.compare_digest(group_token(evening), token):
            found = evening
    return found
