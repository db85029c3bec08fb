"""The group link's page: one address in the group chat for an announced evening.

Anybody with the link sees the evening (when, where, who is in, the seats and the waitlist)
and the league's players as buttons, "I'm Anna". A tap on a name shows that player's answer
buttons; one more tap answers, through the same service as the personal link (the seats, the
waitlist and the deadline are the same code). The phone then remembers the name (a signed
cookie, for this league's answer pages only), so next time it is one tap, with "not you?" to
pick again. A logged-in member whose account is linked to a player answers as that player
straight away.

A player whose account is linked (a confirmed claim) is not answered for by name: their
button asks them to sign in, and a posted answer for them from anybody else is refused. The
link itself is no proof of who someone is, an account is; a player without one has only the
group's trust, as at the table.

The token is in the path, so the page is never cached and no other site is sent its address
(``rsvp/group_link.py`` on the token's life).
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.contrib import messages
from django.core import signing
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from ofcleague.league.models import Player
from ofcleague.members.invites import ClaimStatus, PlayerClaim
from ofcleague.rsvp.group_link import evening_of_group_token
from ofcleague.rsvp.part import evening_answers, own_player
from ofcleague.rsvp.services import answers as services

#: How long a phone remembers whose it is.
REMEMBER = datetime.timedelta(days=365)
# Its name from before the move (issue 39): a cookie signed then still reads.
COOKIE_SALT = "ofcleague.results.group_page"


def _cookie_name(league) -> str:
    return f"ofc_me_{league.pk}"


def _cookie_path(league) -> str:
    return f"/{league.slug}/rsvp/"


def _claimed(league_id) -> dict[int, int]:
    """Each player linked to an account: player id → the account's id (one query)."""
    claims = PlayerClaim.objects.filter(league_id=league_id, status=ClaimStatus.CONFIRMED)
    return dict(claims.values_list("player_id", "user_id"))


def _remembered(request, league) -> int | None:
    """The player id this phone remembers for the league, if the cookie is sound."""
    try:
        value = request.get_signed_cookie(
            _cookie_name(league), default=None, salt=f"{COOKIE_SALT}:{league.pk}"
        )
    except signing.BadSignature:
        return None
    return int(value) if value and str(value).isdigit() else None


def _asked_for(value) -> int | None:
    value = str(value or "").strip()
    return int(value) if value.isdigit() and len(value) < 12 else None


def _answerable(player_id, players, claimed, user) -> Player | None:
    """The player of that id if this visitor may answer for them: one of the league's
    active players, not linked to somebody else's account."""
    player = players.get(player_id)
    if player is None:
        return None
    owner = claimed.get(player.pk)
    if owner is not None and owner != getattr(user, "pk", None):
        return None
    return player


def _private(response):
    """A token in the path: no cache keeps the page (the Referer is left out for every page with
    a token, by ``web.middleware.PrivatePagesMiddleware``)."""
    add_never_cache_headers(response)
    response.headers["Cache-Control"] = "private, no-store"
    # A link pasted somewhere public is still nobody's to list.
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _back(request, **query) -> HttpResponseRedirect:
    return _private(HttpResponseRedirect(request.path + (f"?{urlencode(query)}" if query else "")))


@require_http_methods(["GET", "HEAD", "POST"])
def group_answer(request, token):
    """The announced evening's answer page for the group chat (module docstring)."""
    evening = evening_of_group_token(token)
    if evening is None:
        raise Http404(_("This evening is not open for answers any more."))
    league = evening.league
    players = {
        player.pk: player
        for player in Player.objects.filter(league=league, active=True).order_by("name")
    }
    claimed = _claimed(league.pk)
    if request.method == "POST":
        return _post(request, evening, players, claimed)
    account = own_player(request.user, league.pk)
    picked = None
    if account is None:
        asked = _asked_for(request.GET.get("player"))
        remembered = _remembered(request, league)
        for candidate in (asked, remembered):
            picked = picked or _answerable(candidate, players, claimed, request.user)
    me = account or picked
    answers = evening_answers(evening)
    mine = evening.rsvps.filter(player=me).first() if me else None
    context = {
        "evening": evening,
        "answers": answers,
        "free": max(evening.most_seats - len(answers.coming), 0),
        "me": me,
        "by_account": account is not None,
        "mine": mine,
        "place_in_line": answers.waiting.index(mine) + 1 if mine in answers.waiting else None,
        "names": [
            (player, player.pk in claimed and claimed[player.pk] != request.user.pk)
            for player in players.values()
        ],
        "login": reverse(settings.LOGIN_URL) + "?" + urlencode({"next": request.path}),
        "closed": services.answers_closed(evening),
    }
    return _private(render(request, "rsvp/group.html", context))


def _post(request, evening, players, claimed):
    league = evening.league
    if "forget" in request.POST:
        response = _back(request)
        response.delete_cookie(_cookie_name(league), path=_cookie_path(league))
        return response
    asked = _asked_for(request.POST.get("player"))
    player = _answerable(asked, players, claimed, request.user)
    if player is None:
        if asked in claimed:
            messages.error(request, _("This player has an account: sign in to answer."))
        else:
            messages.error(request, _("Pick your name from the list first."))
        return _back(request)
    try:
        services.answer_evening(
            evening, player, request.POST.get("answer", ""), request.POST.get("remark", "")
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        response = _back(request, player=player.pk)
    else:
        messages.success(
            request, _("Thanks, %(name)s: your answer is saved.") % {"name": player.name}
        )
        response = _back(request)
    if claimed.get(player.pk) is None:
        response.set_signed_cookie(
            _cookie_name(league),
            str(player.pk),
            salt=f"{COOKIE_SALT}:{league.pk}",
            max_age=int(REMEMBER.total_seconds()),
            path=_cookie_path(league),
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
    return response
