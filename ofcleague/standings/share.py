"""A player's page in the group chat: the Open Graph tags of their page (their record in a
sentence, and the result card of their latest evening). None for a members-only league: a
chat's preview robot is nobody's member (``ofcleague/results/share.py``)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from ofcleague.web.paths import page_path


def player_share(request, player, record, latest_evening_id=None) -> dict | None:
    """The Open Graph tags of a player's page: their record in a sentence, and the card of
    their latest evening (None for a members-only league)."""
    if request.league is None or request.league.members_only:
        return None
    if record:
        description = _(
            "%(evenings)s evenings, %(wins)s wins, %(points)s points in the league %(league)s"
        ) % {
            "evenings": record.evenings,
            "wins": record.wins,
            "points": record.points,
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
