"""Players: names as the league writes them, new players made on the spot."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import IntegrityError
from django.db.models import Count, Q
from django.utils.text import slugify

from ofcleague.league.models import (
    Player,
)
from ofcleague.league.names import name_key, normalise_name
from ofcleague.web.league_writes import league_write


def split_names(text: str) -> list[str]:
    """Names from a comma- or line-separated text, each normalised, blank pieces dropped.

    Raises ``ValidationError`` with a message for every piece that cannot be a name.
    """
    names, problems = [], []
    # Normalised first, so a fullwidth comma separates names like a plain one.
    for piece in unicodedata.normalize("NFKC", text).replace("\n", ",").split(","):
        if not piece.strip():
            continue
        try:
            names.append(normalise_name(piece))
        except ValidationError as error:
            problems.extend(error.error_list)
    if problems:
        raise ValidationError(problems)
    return names


#: Player addresses that are pages of the league's own (``players/manage/``).
RESERVED_PLAYER_SLUGS = frozenset({"manage"})


def taken_slugs() -> set[str]:
    """The player addresses no new player may take: the players' own and the reserved."""
    return set(Player.objects.values_list("slug", flat=True)) | RESERVED_PLAYER_SLUGS


def unique_slug(name: str, taken: set[str]) -> str:
    """A free player address made from the name (numbered when taken), added to ``taken``."""
    base = slugify(name)[:40] or "player"
    slug, number = base, 2
    while slug in taken:
        slug = f"{base}-{number}"
        number += 1
    taken.add(slug)
    return slug


# Enough for a slug taken by a concurrent insert a few times over; more means a bug.
_SLUG_ATTEMPTS = 5


def _insert_player(name: str, key: str, taken: set[str]) -> Player:
    """Insert a new player, or return the one a concurrent request inserted meanwhile.

    The savepoint keeps the surrounding transaction usable after a refused insert. On
    PostgreSQL the second of two inserts of one key waits for the first to commit and is then
    refused; reading the key again finds the player the other request created.
    """
    attempts = 0
    while True:
        try:
            with league_write():
                slug = unique_slug(name, taken)
                return Player.objects.create(name=name, name_key=key, slug=slug)
        except IntegrityError:
            existing = Player.objects.filter(name_key=key).first()
            if existing is not None:
                return existing
            attempts += 1
            if attempts == _SLUG_ATTEMPTS:
                raise
            # The slug was taken meanwhile (a different name with the same slug): take stock.
            taken.update(Player.objects.values_list("slug", flat=True))


@league_write
def create_players(names: Iterable[str]) -> list[Player]:
    """Return the players of these names, creating those the league does not know yet.

    Names are normalised first (``ofcleague.league.names``); a name that cannot be a player's
    raises ``ValidationError``. A name with the key of a known player (the same up to case,
    invisible characters, width, or Cyrillic and Greek look-alike letters) is that player.
    Whether a new name is suspiciously close to a known one is the caller's question to ask
    (the evening form does). Two requests creating the same name at once get the same player.
    New players get a unique slug. The result keeps the order of ``names`` without duplicates.
    """
    known = {player.name_key: player for player in Player.objects.all()}
    taken = taken_slugs()
    result: list[Player] = []
    for raw in names:
        if not raw.strip():
            continue
        name = normalise_name(raw)
        key = name_key(name)
        player = known.get(key)
        if player is None:
            player = known[key] = _insert_player(name, key, taken)
        if player not in result:
            result.append(player)
    return result


def players_by_frequency(also: Iterable[int] = ()):
    """The league's active players (and the players ``also`` named), most evenings first."""
    return (
        Player.objects.filter(Q(active=True) | Q(pk__in=list(also)))
        .annotate(played=Count("seats"))
        .order_by("-played", "name")
    )
