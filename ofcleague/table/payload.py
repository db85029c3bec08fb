"""Reading the score pad's JSON: a hand as the phone sends it."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.utils.translation import gettext as _

from ofcleague.league.limits import TABLE_SEATS
from ofcleague.scoring import ROWS
from ofcleague.table.models import Entry
from ofcleague.table.services import ResultInput
from ofcleague.web import api
from ofcleague.web.api import ApiError

#: The most a hand's JSON may weigh (four boards are well under 2 KB).
MAX_BODY_BYTES = 16 * 1024


@dataclass(frozen=True)
class HandPayload:
    """A hand from the phone: its id, number, how it was entered and the results per seat."""

    client_id: uuid.UUID | None
    number: int
    entry: str
    results: list[ResultInput]
    #: The entry id of the hand the phone saw before this one (None: the first hand), when
    #: the phone sends it (``chained``); the server numbers the hand after that one.
    after: uuid.UUID | None = None
    chained: bool = False


def _int(value, field, *, optional=False):
    if value is None and optional:
        return None
    # bool is an int in Python; true is no number of points.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiError(
            "invalid", _("“%(field)s” must be a whole number.") % {"field": field}, field=field
        )
    return value


def read_json(request) -> object:
    """The request's JSON body, read as every JSON endpoint reads it, up to the pad's limit."""
    return api.read_json(request, max_bytes=MAX_BODY_BYTES)


def read_hand(data: object, *, need_id: bool = True) -> HandPayload:
    """Check the shape of a hand's JSON; raise :class:`ApiError` naming the field at fault."""
    if not isinstance(data, dict):
        raise ApiError("invalid", _("The request must be a JSON object."))
    client_id = None
    if need_id:
        client_id = _uuid(data.get("id", ""), "id", _("“id” must be a UUID."))
    chained = "after" in data
    after = None
    if data.get("after") is not None:
        after = _uuid(data["after"], "after", _("“after” must be a UUID or null."))
    number = _int(data.get("number"), "number")
    entry = data.get("entry")
    if entry not in Entry.values:
        raise ApiError("invalid", _("“entry” must be “points” or “boards”."), field="entry")
    given = data.get("results")
    if not isinstance(given, list) or not TABLE_SEATS.low <= len(given) <= TABLE_SEATS.high:
        raise ApiError(
            "invalid", _("“results” must list every player at the table."), field="results"
        )
    results = []
    for index, item in enumerate(given):
        where = f"results[{index}]"
        if not isinstance(item, dict):
            raise ApiError("invalid", _("Each result must be a JSON object."), field=where)
        rows = {}
        for row in ROWS:
            cards = item.get(row) or ""
            if not isinstance(cards, str) or len(cards) > 60:
                raise ApiError(
                    "invalid", _("A row must be a short text of cards."), field=f"{where}.{row}"
                )
            rows[row] = cards
        results.append(
            ResultInput(
                seat=_int(item.get("seat"), f"{where}.seat"),
                points=_int(item.get("points"), f"{where}.points", optional=True),
                fouled=item.get("fouled") is True,
                surrender=item.get("surrender") is True,
                fantasyland_next=_int(
                    item.get("fantasyland_next"), f"{where}.fantasyland_next", optional=True
                ),
                **rows,
            )
        )
    return HandPayload(client_id, number, entry, results, after, chained)


def _uuid(value, field, message) -> uuid.UUID:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        raise ApiError("invalid", message, field=field) from None


def read_replaced(data: object) -> tuple[str, list[ResultInput]] | None:
    """The stored version a correction replaces (``"replaces"``: a hand as the pad's state
    lists it), or None when the correction names none."""
    if not isinstance(data, dict) or data.get("replaces") is None:
        return None
    try:
        stored = read_hand(data["replaces"], need_id=False)
    except ApiError as error:
        raise ApiError(error.code, error.message, field=f"replaces.{error.field}") from None
    return stored.entry, stored.results
