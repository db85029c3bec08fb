"""A league's players put right by its owner: renaming one, merging two who are one person.

A merge moves every seat of one player to the other, in one transaction: places, points and
prizes stay as they are, the player merged away is deleted, and the ratings and kept counters
are replayed from the earliest evening the merge touched. Each moved seat's history record
says so (its change reason, :data:`MERGED_PLAYER`), so every evening's change log tells of
the merge. Two players who sat at the same evening cannot be one person: such a merge is
refused, naming the evenings. The account linked to the player merged away is linked to the
one kept (unless that one has an account already).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db.models import F
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from ofcleague.league import hooks
from ofcleague.league.current import using_league
from ofcleague.league.models import Evening, EveningPlayer, Player
from ofcleague.league.names import name_key, normalise_name, similar_names
from ofcleague.league.roles import OWNER_ONLY, require
from ofcleague.web.league_writes import league_write

#: The start of the change reason of a seat moved by a merge; a JSON object follows with
#: the names (``from``, ``to``) and the key of the player merged away (``from_id``).
MERGED_PLAYER = "merged player:"


def merge_note(reason: str | None) -> dict | None:
    """The names of a merge from a seat record's change reason, or None for another reason."""
    if not reason or not reason.startswith(MERGED_PLAYER):
        return None
    try:
        note = json.loads(reason[len(MERGED_PLAYER) :])
    except ValueError:
        return None
    return note if isinstance(note, dict) else None


def _long_date(day) -> str:
    return date_format(day, "DATE_FORMAT")


def _own(league, *players) -> None:
    for player in players:
        if player.league_id != league.pk:
            raise ValidationError(_("This player belongs to another league."), code="foreign")


@league_write
def rename_player(league, player: Player, name: str, *, confirm_similar: bool = False):
    """Give ``player`` a new name. Refused when another player of the league has it (or one
    that only looks like it); a name one typo from another player's needs ``confirm_similar``.
    The player keeps their address, so links to their page stay valid."""
    _own(league, player)
    try:
        name = normalise_name(str(name or ""))
    except ValidationError as error:
        raise ValidationError({"name": error.messages}) from error
    with using_league(league):
        others = Player.objects.exclude(pk=player.pk)
        key = name_key(name)
        same = others.filter(name_key=key).first()
        if same is not None:
            raise ValidationError(
                {
                    "name": _("“%(name)s” is already the name of the player %(other)s.")
                    % {"name": name, "other": same.name}
                },
                code="duplicate_name",
            )
        close = similar_names(name, others.values_list("name", flat=True))
        if close and not confirm_similar:
            raise ValidationError(
                {
                    "name": _(
                        "“%(name)s” is close to %(others)s. Tick the box if it is "
                        "nevertheless the right name."
                    )
                    % {"name": name, "others": ", ".join(close)}
                },
                code="similar_name",
            )
        Player.objects.filter(pk=player.pk).update(name=name, name_key=key)
    player.name, player.name_key = name, key
    return player


@dataclass
class MergePreview:
    """What merging ``merge`` into ``keep`` moves: the seats (evening, place) and the
    evenings both played, which forbid the merge."""

    keep: Player
    merge: Player
    seats: list = field(default_factory=list)
    conflicts: list = field(default_factory=list)

    @property
    def possible(self) -> bool:
        return not self.conflicts and self.keep.pk != self.merge.pk


def merge_preview(league, keep: Player, merge: Player) -> MergePreview:
    """What a merge of ``merge`` into ``keep`` would move, and what forbids it (two queries)."""
    _own(league, keep, merge)
    seats = list(
        EveningPlayer.objects.filter(player=merge)
        .select_related("evening")
        .order_by("evening__date", "evening__start_time", "evening_id")
    )
    kept_evenings = set(
        EveningPlayer.objects.filter(player=keep).values_list("evening_id", flat=True)
    )
    conflicts = [seat.evening for seat in seats if seat.evening_id in kept_evenings]
    return MergePreview(keep, merge, seats, conflicts)


def _refusal(preview: MergePreview) -> ValidationError | None:
    if preview.keep.pk == preview.merge.pk:
        return ValidationError(_("Choose two different players."), code="same_player")
    if preview.conflicts:
        return ValidationError(
            _("%(keep)s and %(merge)s played the same evening, so they are two people: %(dates)s.")
            % {
                "keep": preview.keep.name,
                "merge": preview.merge.name,
                "dates": "; ".join(_long_date(evening.date) for evening in preview.conflicts),
            },
            code="played_together",
        )
    return None


@league_write
def merge_players(league, keep: Player, merge: Player, user) -> MergePreview:
    """Merge ``merge`` into ``keep``: every seat moves, ``merge`` is deleted, the ratings and
    kept counters are replayed. Refused when both played the same evening."""
    require(OWNER_ONLY, user, league)
    keep = Player._base_manager.select_for_update().get(pk=keep.pk)
    merge = Player._base_manager.select_for_update().get(pk=merge.pk)
    preview = merge_preview(league, keep, merge)
    refusal = _refusal(preview)
    if refusal is not None:
        raise refusal
    reason = MERGED_PLAYER + json.dumps(
        {"from": merge.name, "to": keep.name, "from_id": merge.pk}, ensure_ascii=False
    )
    for seat in preview.seats:
        seat.player = keep
        seat._change_reason = reason
        seat._history_user = user
        seat.save(update_fields=["player"])
    evenings = [seat.evening for seat in preview.seats]
    # A form read before the merge shows the old player: its save must be refused.
    Evening._base_manager.filter(pk__in=[evening.pk for evening in evenings]).update(
        version=F("version") + 1
    )
    # The money's transfers and stakes (refused where the two paid each other), the answers
    # and personal links (ofcleague/rsvp/receivers.py), the members' claims and invites.
    for receiver in hooks.PLAYERS_MERGING:
        receiver(keep, merge)
    if merge.active and not keep.active:
        Player._base_manager.filter(pk=keep.pk).update(active=True)
    if merge.email and not keep.email:
        # The address the owner gave for either name stays the kept player's.
        Player._base_manager.filter(pk=keep.pk).update(email=merge.email)
    merge.delete()
    hooks.evenings_changed(evenings)
    return preview
