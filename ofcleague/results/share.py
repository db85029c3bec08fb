"""An evening's result for the group chat: its card (a PNG, ``card.py``) and the Open Graph
tags that make a pasted link show it.

The card is drawn once per state of the league: its ETag and its cache key are the league's
version (every save replaces it), the evening, the code release and the language, so a phone
or a chat app asking again gets a 304 from the one query the league middleware makes, and a
change to the evening (or a player's name) draws it anew. A members-only league's card and
tags are for its members only: the league middleware refuses everybody else before any view
runs, and the pages carry no tags for such a league at all (a chat's preview robot is
nobody's member).
"""

from __future__ import annotations

from typing import NamedTuple

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import formats
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_safe

from ofcleague.league import hooks
from ofcleague.league.models import Evening, Status
from ofcleague.results.card import MOST_ROWS, CardFacts, CardRow, draw_card
from ofcleague.results.evening_seats import evening_seats
from ofcleague.web.cache import league_version, page_cache, page_etag
from ofcleague.web.money import money_formatter
from ofcleague.web.paths import page_path

#: Seconds a chat app may keep the card without asking again.
CARD_MAX_AGE = 60


def _status_text(evening) -> str:
    return {
        Status.PLANNED: _("planned"),
        Status.IN_PROGRESS: _("in progress"),
        Status.FINISHED: _("finished"),
    }.get(evening.status, str(evening.get_status_display()))


def _when(evening) -> str:
    return formats.date_format(evening.date, "DATE_FORMAT")


def card_facts(evening, seats, league_name: str, *, with_money: bool = True) -> CardFacts:
    """What the evening's card shows: date, places, points and prizes (``with_money``: the
    card is public, so only where the league shows visitors its money), and the winner."""
    prize = money_formatter()
    placed = [seat for seat in seats if seat.place is not None]
    shown = placed or list(seats)
    rows = tuple(
        CardRow(
            place=str(seat.place) if seat.place else "–",
            name=seat.name,
            points="–" if seat.total is None else str(seat.total),
            prize="" if seat.prize is None or not with_money else prize(seat.prize),
        )
        for seat in shown[:MOST_ROWS]
    )
    rest = len(shown) - len(rows)
    winners = [seat.name for seat in placed if seat.place == 1]
    finished = evening.status == Status.FINISHED
    subtitle = " · ".join(
        part
        for part in (
            _status_text(evening),
            evening.location,
            ngettext("%(count)d player", "%(count)d players", len(seats)) % {"count": len(seats)},
        )
        if part
    )
    return CardFacts(
        league=league_name,
        title=_("Evening of %(date)s") % {"date": _when(evening)},
        subtitle=subtitle,
        winner=(_("Winner: %(names)s") % {"names": ", ".join(winners)})
        if winners and finished
        else "",
        rows=rows,
        more=ngettext("and %(count)d more", "and %(count)d more", rest) % {"count": rest}
        if rest > 0
        else "",
        headings=("#", _("Player"), _("Points"), _("Prize") if with_money else ""),
    )


class PlannedSeat(NamedTuple):
    """A seat an announced evening has given by an answer (no place, points or prize yet)."""

    name: str
    place: None = None
    total: None = None
    prize: None = None


def shown_seats(evening, seats) -> list:
    """The seats a card and a preview count: the evening's own, or for an announced evening
    that has none yet, the players who said yes and hold a seat (as its page lists them)."""
    if seats or evening.status != Status.PLANNED or evening.announced_at is None:
        return list(seats)
    # The answers' app knows who holds a seat (ofcleague/rsvp/receivers.py).
    names = [name for seats_held in hooks.ANNOUNCED_SEATS for name in seats_held(evening)]
    return [PlannedSeat(name) for name in names]


def _card_etag(request, pk):
    return page_etag("card", league_version(request), pk)


@require_safe
def evening_card(request, pk):
    """The evening's result card, a 1200x630 PNG (304 while the league has not changed)."""
    etag = _card_etag(request, pk)
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is None:
        evening = get_object_or_404(Evening, pk=pk)
        key = f"card:{etag}:{evening.version}"
        png = page_cache().get(key)
        if png is None:
            seats = shown_seats(evening, evening_seats(evening.pk))
            facts = card_facts(
                evening, seats, request.league.name, with_money=request.league.money_public
            )
            png = draw_card(facts)
            page_cache().set(key, png, 60 * 60 * 24)
        response = HttpResponse(png, content_type="image/png")
    else:
        response = not_modified
    response["ETag"] = etag
    if request.league.members_only:
        patch_cache_control(response, private=True, max_age=0, must_revalidate=True)
    else:
        patch_cache_control(response, public=True, max_age=CARD_MAX_AGE)
    return response


def evening_share(request, evening, seats) -> dict | None:
    """The Open Graph tags of the evening's page (None for a members-only league)."""
    if request.league is None or request.league.members_only:
        return None
    facts = card_facts(
        evening,
        shown_seats(evening, seats),
        request.league.name,
        with_money=request.league.money_public,
    )
    description = facts.winner or facts.subtitle
    top = ", ".join(f"{row.place}. {row.name} ({row.points})" for row in facts.rows[:3])
    if evening.status == Status.PLANNED:
        top = ", ".join(row.name for row in facts.rows[:3])
    return {
        "title": f"{facts.title} · {request.league.name}",
        "description": " – ".join(part for part in (description, top) if part),
        "url": request.build_absolute_uri(page_path("results:evening", evening.pk)),
        "image": request.build_absolute_uri(page_path("results:evening_card", evening.pk)),
        "image_alt": facts.title,
        "type": "article",
    }
