"""A player's page in the group chat: the Open Graph tags of their page (their record in a
sentence, and the result card of their latest evening). None for a members-only league: a
chat's preview robot is nobody's member (``ofcleague/results/share.py``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ofcleague.web.paths import page_path


def record_sentence(record) -> str:
    """A player's record in words, each count in its own singular or plural: "1 evening,
    0 wins, 12 points"; the points are left out while none are known (evenings with places
    only)."""
    parts = [
        ngettext("%(count)d evening", "%(count)d evenings", record.evenings)
        % {"count": record.evenings},
        ngettext("%(count)d win", "%(count)d wins", record.wins or 0) % {"count": record.wins or 0},
    ]
    if record.points is not None:
        parts.append(
            ngettext("%(count)d point", "%(count)d points", record.points)
            % {"count": record.points}
        )
    return ", ".join(parts)


def player_share(request, player, record, latest_evening_id=None) -> dict | None:
    """The Open Graph tags of a player's page: their record in a sentence, and the card of
    their latest evening (None for a members-only league)."""
    if request.league is None or request.league.members_only:
        return None
    if record and record.evenings:
        description = _("%(record)s in the league %(league)s") % {
            "record": record_sentence(record),
            "league": request.league.name,
        }
    else:
        description = _("No evenings yet in the league %(league)s") % {
            "league": request.league.name
        }
    share = {
        "title": f"{player.name} · {request.league.name}",
        "description": description,
        "url": request.build_absolute_uri(page_path("standings:player", player.slug)),
        "type": "profile",
    }
    if latest_evening_id is not None:
        share["image"] = request.build_absolute_uri(
            page_path("results:evening_card", latest_evening_id)
        )
        share["image_alt"] = player.name
    return share
