"""gunicorn's access log without the site's secrets, with the client's real address.

A path can be a key: an invite (``/join/<token>/``), a player's answer link and feed
(``/<league>/rsvp/<token>/...``), a members-only league's calendar (``/calendar/<token>.ics``),
a confirmation or password reset link (allauth's ``<key>``). The log writes such a path with
the token replaced by ``[token]``, wherever it shows: the request line, the path, the query
(``/login/?next=/join/<token>/``) and the referring page. Which paths hold a token is read off
the site's URL patterns (every captured part named in ``TOKEN_KWARGS``), so a new token address
is masked without a word here; tests/security/test_access_log.py holds every captured name to
account.

The client's address (``%(h)s``) is the one every limit counts (``ofcleague/web/security.py``,
``TRUSTED_PROXY_COUNT``), not the proxy's 127.0.0.1.

Its lines carry the site's time (``TIME_ZONE``) in the master and the workers alike.

``make serve`` runs gunicorn with ``--logger-class ofcleague.web.access_log.AccessLogger``.
"""

import os
import re
import time
from functools import cache
from urllib.parse import quote, unquote_plus, urlsplit, urlunsplit

from gunicorn import glogging

from ofcleague.web.logs import SITE_TIME_ZONE
from ofcleague.web.security import forwarded_client, trusted_proxy_count

#: The names of captured URL parts that are secrets.
TOKEN_KWARGS = frozenset({"token", "key"})
MASK = "[token]"
#: Before the URL patterns can be read (Django not set up): anything that looks like a token.
GUESSED_TOKEN = re.compile(r"(?<=[/=])[A-Za-z0-9_\-:]{20,}")
_NAMED_GROUP = re.compile(r"(?<!\\)\(\?P<(\w+)>")


def _group_end(regex, start):
    """The index just past the parenthesis closing the group that opens at ``start``."""
    depth, index, in_class = 0, start, False
    while index < len(regex):
        char = regex[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return index + 1
        index += 1
    return len(regex)


def token_prefix(regex):
    """A route's regex cut after its last token part (so any sub-path, or the path without
    its last slash, is masked too), or ``None`` for a route without one."""
    ends = [
        _group_end(regex, match.start())
        for match in _NAMED_GROUP.finditer(regex)
        if match.group(1) in TOKEN_KWARGS
    ]
    return regex[: max(ends)] if ends else None


def site_routes():
    """Every route of the site as one regex each, without the leading slash. A league's pages
    are under any slug: the first league's prefix (the root URL configuration's) becomes
    ``[^/]+/``, as every league's configuration is the same with its own slug."""
    from django.conf import settings
    from django.urls import URLResolver, get_resolver

    league_prefix = f"{settings.LEAGUE_SLUG}/"

    def walk(entries, prefix):
        for entry in entries:
            regex = entry.pattern.regex.pattern.removeprefix("^")
            if isinstance(entry, URLResolver):
                if str(entry.pattern) == league_prefix:
                    regex = "[^/]+/"
                yield from walk(entry.url_patterns, prefix + regex)
            else:
                yield prefix + regex

    return list(walk(get_resolver().url_patterns, ""))


class TokenMask:
    """Masks the token parts of the site's paths (module docstring)."""

    def __init__(self, routes):
        # A route without any captured part is never a token's: /<league>/rsvp/links/ stays.
        fixed = [route for route in routes if "(" not in route]
        self.fixed = re.compile("|".join(f"(?:/{route})" for route in fixed) or "(?!)")
        # First the whole routes (a feed keeps its ".ics"), then their beginnings up to the
        # token (a sub-path, a path without its last slash).
        tokens = [(route, prefix) for route in routes if (prefix := token_prefix(route))]
        self.rules = [re.compile("/" + route) for route, _prefix in tokens]
        self.rules += [re.compile("/" + prefix) for _route, prefix in tokens]

    def path(self, path):
        if not path or self.fixed.match(path):
            return path
        for rule in self.rules:
            match = rule.match(path)
            if match:
                return _masked(path, match)
        return path

    def query(self, query):
        if not query:
            return query
        pairs = []
        for pair in query.split("&"):
            name, equals, value = pair.partition("=")
            plain = unquote_plus(value)
            masked = self.uri(plain)
            pairs.append(f"{name}{equals}{quote(masked, safe='/:[]')}" if masked != plain else pair)
        return "&".join(pairs)

    def uri(self, uri):
        """A path with its query, or a whole URL (the referring page), masked."""
        if not uri or uri == "-":
            return uri
        try:
            parts = urlsplit(uri)
        except ValueError:
            return GUESSED_TOKEN.sub(MASK, uri)
        return urlunsplit(parts._replace(path=self.path(parts.path), query=self.query(parts.query)))


def _masked(path, match):
    spans = sorted(
        match.span(name) for name in match.groupdict() if name in TOKEN_KWARGS and match[name]
    )
    for start, end in reversed(spans):
        path = path[:start] + MASK + path[end:]
    return path


class GuessingMask(TokenMask):
    """Before Django is set up: every long token-like part of a path or query is masked."""

    def __init__(self):
        pass

    def path(self, path):
        return GUESSED_TOKEN.sub(MASK, path) if path else path

    def query(self, query):
        return GUESSED_TOKEN.sub(MASK, query) if query else query


@cache
def _site_mask():
    return TokenMask(site_routes())


def token_mask():
    """The site's mask, read off its URL patterns once; a guessing one until Django is set up."""
    from django.apps import apps

    if not apps.ready:
        return GuessingMask()
    return _site_mask()


#: The atoms that can hold a path or a URL, besides the request line.
URL_ATOMS = ("f", "{referer}i", "{raw_uri}e", "{request_uri}e", "{http_referer}e")


class AccessLogger(glogging.Logger):
    """gunicorn's logger, writing tokens masked and the client's own address."""

    def __init__(self, cfg):
        # The master logs in the site's time zone as its workers do (Django sets TZ in each
        # worker when it loads the settings; the master never loads them).
        os.environ["TZ"] = SITE_TIME_ZONE
        time.tzset()
        super().__init__(cfg)
        self.trusted_proxies = trusted_proxy_count(os.environ)

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        mask = token_mask()
        atoms["h"] = (
            forwarded_client(
                environ.get("REMOTE_ADDR"),
                environ.get("HTTP_X_FORWARDED_FOR"),
                self.trusted_proxies,
            )
            or "-"
        )
        atoms["r"] = "{} {} {}".format(
            environ.get("REQUEST_METHOD"),
            mask.uri(environ.get("RAW_URI", "")),
            environ.get("SERVER_PROTOCOL"),
        )
        atoms["U"] = mask.path(atoms.get("U"))
        atoms["q"] = mask.query(atoms.get("q"))
        atoms["{path_info}e"] = atoms["U"]
        atoms["{query_string}e"] = atoms["q"]
        for name in URL_ATOMS:
            if isinstance(atoms.get(name), str):
                atoms[name] = mask.uri(atoms[name])
        return atoms
