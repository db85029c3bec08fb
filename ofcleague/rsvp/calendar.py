"""The league's evenings in a calendar app: an iCalendar feed (RFC 5545) to subscribe to
(``/<league>/calendar.ics``, ``webcal://`` on the history page), one ``.ics`` per evening,
and for a members-only league a private link per member (``/calendar/<token>.ics``, the
site's own address, reachable without logging in, resolved to that link's league only).

Each evening is one event: its UID is the evening's id and the site's host (stable), its
start in the league's time zone with that zone's VTIMEZONE, an end ``EVENING_HOURS`` later,
its SEQUENCE the evening's version (every save bumps it, so a calendar moves the event) and,
for a cancelled evening, STATUS:CANCELLED. The feed's ETag is the league's version (every
save replaces it), the path and the code release: a calendar app asking again while nothing
changed gets a 304 from the middleware's one query.
"""

from __future__ import annotations

import datetime
import zoneinfo

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.db.models import Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe
from icalendar import Calendar, Event

from ofcleague.league.current import using_league
from ofcleague.league.models import Evening, Status
from ofcleague.league.roles import can_read
from ofcleague.rsvp.models import Answer, PlayerLink, Rsvp
from ofcleague.rsvp.services.calendar_feeds import (
    feed_league,
    live_feed,
    new_calendar_feed,
    revoke_calendar_feeds,
)
from ofcleague.rsvp.vtimezone import vtimezone
from ofcleague.web.cache import league_version, page_etag
from ofcleague.web.models import LeagueVersion
from ofcleague.web.paths import page_path

#: How long an evening is taken to last, for its end in the calendar.
EVENING_HOURS = 5
#: The evenings a feed lists: the newest this many (a league of decades stays small).
MOST_EVENINGS = 500
#: Seconds a calendar app may keep the feed without asking again.
FEED_MAX_AGE = 300
PRODUCT = "-//OFC League//Calendar//EN"

_LISTED = [status for status in (*Status.values,) if status]


def _zone(league) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(league.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo(settings.TIME_ZONE)


def _event(request, league, evening, zone) -> Event:
    host = request.get_host().split(":")[0] or "ofc-league"
    start = datetime.datetime.combine(evening.date, evening.start_time, tzinfo=zone)
    event = Event()
    event.add("uid", f"evening-{evening.pk}@{host}")
    event.add("dtstamp", timezone.now().astimezone(datetime.UTC).replace(microsecond=0))
    event.add("dtstart", start)
    event.add("dtend", start + datetime.timedelta(hours=EVENING_HOURS))
    event.add("summary", _("%(league)s: poker evening") % {"league": league.name})
    if evening.location:
        event.add("location", evening.location)
    url = request.build_absolute_uri(page_path("results:evening", evening.pk))
    event.add("url", url)
    description = [evening.get_variant_display()]
    if evening.notes:
        description.append(evening.notes)
    description.append(url)
    event.add("description", "\n".join(description))
    event.add("sequence", evening.version)
    cancelled = evening.status == Status.CANCELLED
    event.add("status", "CANCELLED" if cancelled else "CONFIRMED")
    return event


def league_calendar(request, league, evenings) -> bytes:
    """The iCalendar text of ``evenings`` of ``league``, with the league's time zone."""
    zone = _zone(league)
    calendar = Calendar()
    calendar.add("prodid", PRODUCT)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", league.name)
    calendar.add("x-wr-timezone", zone.key)
    evenings = list(evenings)
    if evenings:
        # The zone's rules over the years the evenings span, as yearly rules (RRULE): an
        # RDATE list (icalendar's own) puts summer evenings an hour off in vobject.
        years = [evening.date.year for evening in evenings]
        calendar.add_component(vtimezone(zone, min(years), max(years) + 1))
    for evening in evenings:
        calendar.add_component(_event(request, league, evening, zone))
    return calendar.to_ical()


def _league_evenings():
    return Evening.objects.filter(status__in=_LISTED).order_by("-date", "-start_time", "-id")[
        :MOST_EVENINGS
    ]


def _ics_response(request, etag, render_body, filename, *, private):
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        response = not_modified
    else:
        response = HttpResponse(render_body(), content_type="text/calendar; charset=utf-8")
        response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["ETag"] = etag
    if private:
        patch_cache_control(response, private=True, max_age=0, must_revalidate=True)
    else:
        patch_cache_control(response, public=True, max_age=FEED_MAX_AGE)
    return response


@require_safe
def league_ics(request):
    """The league's calendar: its planned, running and finished evenings."""
    league = request.league
    etag = page_etag("ics", league_version(request), request.path)
    return _ics_response(
        request,
        etag,
        lambda: league_calendar(request, league, _league_evenings()),
        f"{league.slug}.ics",
        private=league.members_only,
    )


@require_safe
def evening_ics(request, pk):
    """One evening as a calendar file, to add it to one's calendar."""
    league = request.league
    etag = page_etag("ics", league_version(request), request.path)

    def body():
        evening = get_object_or_404(Evening, pk=pk)
        return league_calendar(request, league, [evening])

    return _ics_response(request, etag, body, f"evening-{pk}.ics", private=league.members_only)


@require_safe
def player_ics(request, token):
    """A player's own calendar, by their personal link (no login: the token stands for the
    player): the evenings they said yes or maybe to, and the evenings they played."""
    link = get_object_or_404(
        PlayerLink.objects.select_related("player"),
        token=token[:64],
        revoked_at=None,
        player__league=request.league,
    )
    etag = page_etag("ics", league_version(request), request.path)

    def body():
        said = Rsvp.objects.filter(player=link.player, answer__in=[Answer.YES, Answer.MAYBE])
        evenings = (
            Evening.objects.filter(status__in=_LISTED)
            .filter(Q(seats__player=link.player) | Q(pk__in=said.values("evening_id")))
            .distinct()
            .order_by("-date", "-start_time", "-id")[:MOST_EVENINGS]
        )
        return league_calendar(request, request.league, evenings)

    return _ics_response(request, etag, body, f"{link.player.slug}.ics", private=True)


@require_safe
def token_ics(request, token):
    """A member's private link to a members-only league's calendar (no login): that
    league's evenings only; an unknown or revoked token, or one of an account that is no
    member of the league any more, is no page (404)."""
    league = feed_league(token)
    if league is None:
        raise Http404(_("No such page."))
    version = LeagueVersion.objects.filter(pk=league.pk).values_list("token", flat=True).first()
    etag = page_etag("ics", version, league.pk, token)
    # The league's language, as its own pages speak it (the link names no visitor's choice).
    language = league.language if league.language in dict(settings.LANGUAGES) else None
    with (
        using_league(league),
        timezone.override(_zone(league)),
        translation.override(language or settings.LANGUAGE_CODE),
    ):
        return _ics_response(
            request,
            etag,
            lambda: league_calendar(request, league, _league_evenings()),
            f"{league.slug}.ics",
            private=True,
        )


def webcal(url: str) -> str:
    """An https (or http) address as the ``webcal://`` one a phone subscribes to."""
    return "webcal://" + url.split("://", 1)[-1]


def feed_address(request) -> str:
    """The league's public feed to subscribe to (``webcal://``)."""
    return webcal(request.build_absolute_uri(page_path("rsvp:calendar")))


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def calendar_page(request):
    """How to put the league's evenings into one's calendar; for a members-only league the
    member's private link, made and revoked here."""
    league = request.league
    if not can_read(request.user, league):  # pragma: no cover (the middleware refused)
        return redirect_to_login(request.get_full_path())
    if request.method == "POST":
        if request.POST.get("action") == "revoke":
            revoke_calendar_feeds(request.user, league)
        else:
            new_calendar_feed(request.user, league)
        return redirect(page_path("rsvp:calendar_page"))
    feed = live_feed(request.user, league) if league.members_only else None
    private = None
    if feed is not None:
        private = request.build_absolute_uri(f"/calendar/{feed.token}.ics")
    context = {
        "members_only": league.members_only,
        "public_feed": None if league.members_only else feed_address(request),
        "private_feed": private and webcal(private),
        "private_https": private,
    }
    return render(request, "rsvp/calendar.html", context)
