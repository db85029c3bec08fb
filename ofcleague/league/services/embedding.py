"""Which sites may show a league's standings in a frame: a setting its owner changes."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from ofcleague.league.current import using_league
from ofcleague.league.embed_sites import embed_sites
from ofcleague.league.leagues import League
from ofcleague.league.roles import OWNER_ONLY, require
from ofcleague.web.league_writes import league_write


@league_write
def set_embed_sites(owner, league: League, text: str) -> League:
    """Store the sites of ``text`` (one origin a line) that may embed the league's standings;
    empty: none. A typo is refused with its message under ``sites`` and nothing is written."""
    require(OWNER_ONLY, owner, league)
    try:
        origins = embed_sites(text)
    except ValidationError as error:
        raise ValidationError({"sites": error.messages}) from None
    # The embed page's CSP names the sites: its cached copies and ETags become stale (the
    # league's own write, whichever league the caller is in).
    with using_league(league):
        changed = League.objects.select_for_update().get(pk=league.pk)
        changed.embed_sites = "\n".join(origins)
        changed.save(update_fields=["embed_sites"])
    return changed
