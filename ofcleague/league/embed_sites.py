"""The sites a league lets show its standings in a frame: read from what the owner typed,
kept one origin a line, and written into the embed page's CSP ``frame-ancestors``.

Only plain origins pass: a scheme (``https``, or ``http`` for a site on this computer), a
host name or address (a leading ``*.`` for every subdomain) and a port; no path, no quotes,
no spaces or semicolons, so nothing typed here can add a directive to the policy.
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

#: At most this many sites per league.
MAX_SITES = 10
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_HOST = rf"(?:\*\.)?{_LABEL}(?:\.{_LABEL})*"
_ORIGIN = re.compile(rf"(?P<scheme>https?)://(?P<host>{_HOST})(?P<port>:[0-9]{{1,5}})?")
_LOCAL = {"localhost", "127.0.0.1"}


def _origin(typed: str) -> str | None:
    """``typed`` as an origin (a missing scheme means https; a trailing slash is dropped),
    or None when it is none."""
    text = typed.strip().lower().removesuffix("/")
    if "://" not in text:
        text = "https://" + text
    match = _ORIGIN.fullmatch(text)
    if match is None:
        return None
    if match["scheme"] == "http" and match["host"] not in _LOCAL:
        return None
    if match["port"] and not 0 < int(match["port"][1:]) < 65536:
        return None
    return text


def embed_sites(text: str) -> list[str]:
    """The origins of ``text`` (one a line, or separated by spaces or commas), each once in
    the order typed; a ``ValidationError`` naming every entry that is no origin."""
    entries = [entry for entry in re.split(r"[\s,]+", text or "") if entry]
    origins, wrong = [], []
    for entry in entries:
        origin = _origin(entry)
        if origin is None:
            wrong.append(entry)
        elif origin not in origins:
            origins.append(origin)
    if wrong:
        raise ValidationError(
            _(
                "“%(entry)s” is no site address. Write one address a line, such as "
                "https://www.example.org (https; no path)."
            )
            % {"entry": wrong[0][:80]},
            code="embed_site",
        )
    if len(origins) > MAX_SITES:
        raise ValidationError(
            _("At most %(count)s sites may embed the standings.") % {"count": MAX_SITES},
            code="embed_sites",
        )
    return origins


def frame_ancestors(stored: str) -> list[str]:
    """The CSP ``frame-ancestors`` sources of a league's stored sites (``'none'`` without)."""
    try:
        origins = embed_sites(stored)
    except ValidationError:
        origins = []
    return origins or ["'none'"]


def allows(stored: str, origin: str) -> bool:
    """Whether the origin of a request (its ``Origin`` header) is one of a league's stored
    sites: the same origin, or a subdomain of a ``*.`` entry (same scheme and port)."""
    origin = (origin or "").strip().lower()
    if _ORIGIN.fullmatch(origin) is None or "*" in origin:
        return False
    scheme, _sep, rest = origin.partition("://")
    for site in frame_ancestors(stored):
        if site == origin:
            return True
        site_scheme, _sep, site_rest = site.partition("://")
        if site_scheme == scheme and site_rest.startswith("*."):
            host, _colon, port = rest.partition(":")
            site_host, _colon, site_port = site_rest[2:].partition(":")
            if port == site_port and host.endswith("." + site_host):
                return True
    return False
