"""A member's private calendar link: made, and revoked (``calendar_feeds.py``).

Each function runs in one transaction and checks before it writes: only a member of the
league (or a superuser) gets a link; a member revokes only their own (an owner any of the
league's). A new link revokes the member's earlier ones, so one member has one live link.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ofcleague.league.calendar_feeds import CalendarFeed
from ofcleague.league.leagues import League
from ofcleague.league.roles import role_of


def _member(user, league: League) -> bool:
    return user.is_active and (user.is_superuser or role_of(user, league) is not None)


def live_feed(user, league: League) -> CalendarFeed | None:
    """The member's live link for ``league``, if they made one."""
    return (
        CalendarFeed.objects.filter(league=league, created_by=user, revoked_at__isnull=True)
        .order_by("-created")
        .first()
    )


def new_calendar_feed(user, league: League) -> CalendarFeed:
    """A new private link for the member, their earlier ones revoked."""
    if not _member(user, league):
        raise PermissionDenied(_("Only the league's members get a calendar link."))
    with transaction.atomic():
        CalendarFeed.objects.filter(league=league, created_by=user, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
        return CalendarFeed.objects.create(league=league, created_by=user)


def revoke_calendar_feeds(user, league: League) -> int:
    """Revoke the member's live links for ``league``; how many were revoked."""
    if not _member(user, league):
        raise PermissionDenied(_("Only the league's members get a calendar link."))
    with transaction.atomic():
        return CalendarFeed.objects.filter(
            league=league, created_by=user, revoked_at__isnull=True
        ).update(revoked_at=timezone.now())


def feed_league(token: str) -> League | None:
    """The league of a live link's token (None for an unknown or revoked one)."""
    feed = (
        CalendarFeed.objects.filter(token=token, revoked_at__isnull=True)
        .select_related("league")
        .first()
    )
    return None if feed is None else feed.league
