"""The rule of the sites a league lets embed its standings (``league/embed_sites.py``): they
are kept as plain origins, one a line, each once, at most ``MAX_SITES``, so the embed page's
CSP ``frame-ancestors`` names exactly what the owner saved. Pure over the stored text."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ofcleague.league.embed_sites import embed_sites


def embed_site_problems(stored: str) -> list[str]:
    """What is wrong with a league's stored ``embed_sites`` (nothing: an empty list)."""
    try:
        origins = embed_sites(stored)
    except ValidationError:
        return [_("its sites that may embed the standings are not all plain site addresses.")]
    if "\n".join(origins) != stored:
        return [_("its sites that may embed the standings are not kept one address a line.")]
    return []
