"""A season's story as a picture for the group chat (``records/story.py``), drawn as the
evening's result card is (``card.py``): the season's top three, its evenings and one record.

Named, like the evening's card, by the league's version, the year, the code release and the
language: a chat app asking again gets a 304; any write draws it anew. A members-only
league's card is private (the league middleware refuses visitors before the view runs).
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_safe

from ofcleague.records.compute import KINDS
from ofcleague.records.own_story import read_own_story
from ofcleague.records.story import read_story
from ofcleague.records.wording import RECORDS, record_value
from ofcleague.results.card import CardFacts, CardRow, draw_card
from ofcleague.results.share import CARD_MAX_AGE
from ofcleague.standings.counted.models import PointsSystem, SeasonWindow
from ofcleague.standings.queries import season_years
from ofcleague.web.cache import league_version, page_cache, page_etag

#: The players the card names.
CARD_PLAYERS = 3


def record_line(story) -> str:
    """The season's first record in ``KINDS`` order, in a line (empty without any)."""
    for kind in KINDS:
        record = story.records.get(kind)
        if record is not None:
            return _("%(record)s: %(value)s, %(name)s") % {
                "record": RECORDS[kind][0],
                "value": record_value(kind, record.value),
                "name": record.name,
            }
    return ""


def story_card_facts(story, league_name: str) -> CardFacts:
    """What the season's card shows: its top three by the season's table, the evenings and
    players, and one record of the season."""
    evenings = len(story.evenings)
    subtitle = " · ".join(
        (
            ngettext("%(count)d evening", "%(count)d evenings", evenings) % {"count": evenings},
            ngettext("%(count)d player", "%(count)d players", story.players)
            % {"count": story.players},
        )
    )
    top = story.table[:CARD_PLAYERS]
    rows = tuple(
        CardRow(place=str(place), name=row.name, points=str(row.score), prize=str(row.evenings))
        for place, row in enumerate(top, 1)
    )
    leader = _("Top of the table: %(name)s") % {"name": top[0].name} if top else ""
    line = record_line(story)
    return CardFacts(
        league=league_name,
        title=story.name or _("Season %(year)s") % {"year": story.year},
        subtitle=subtitle,
        winner=leader,
        rows=rows,
        headings=(
            "#",
            _("Player"),
            _("Wins") if story.measure == "wins" else _("Points"),
            _("Evenings"),
        ),
        extra=(line,) if line else (),
    )


@require_safe
def own_season_card(request, window):
    """The card of a season of the league's own, a 1200x630 PNG (304 while the league has
    not changed and the day is the same)."""
    etag = page_etag("own-season-card", league_version(request), window, timezone.localdate())
    response = get_conditional_response(request, etag=etag)
    if response is None:
        key = f"own-season-card:{etag}"
        png = page_cache().get(key)
        if png is None:
            found = SeasonWindow.objects.filter(pk=window).first()
            system = PointsSystem.objects.filter(main=True).first()
            if found is None or system is None:
                raise Http404(_("No such season."))
            story = read_own_story(found, system, request)
            png = draw_card(story_card_facts(story, request.league.name))
            page_cache().set(key, png, 60 * 60 * 24)
        response = HttpResponse(png, content_type="image/png")
    return _card_headers(request, response, etag)


@require_safe
def season_card(request, year):
    """The season's card, a 1200x630 PNG (304 while the league has not changed)."""
    etag = page_etag("season-card", league_version(request), year)
    response = get_conditional_response(request, etag=etag)
    if response is None:
        key = f"season-card:{etag}"
        png = page_cache().get(key)
        if png is None:
            if year not in season_years():
                raise Http404(_("No finished evening in this year."))
            png = draw_card(story_card_facts(read_story(year, request), request.league.name))
            page_cache().set(key, png, 60 * 60 * 24)
        response = HttpResponse(png, content_type="image/png")
    return _card_headers(request, response, etag)


def _card_headers(request, response, etag):
    response["ETag"] = etag
    if request.league.members_only:
        patch_cache_control(response, private=True, max_age=0, must_revalidate=True)
    else:
        patch_cache_control(response, public=True, max_age=CARD_MAX_AGE)
    return response
