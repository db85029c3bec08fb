"""A member's private calendar link: made, renewed, revoked, and read (``calendar_feeds.py``).

Each function that writes runs in one transaction and checks before it writes: only a member
of the league (or a superuser) gets a link; a member revokes only their own. A new link revokes
the member's earlier ones, so one member has one live link per league (the database holds
that too).

A link lives as long as its reason: a member who is removed or leaves has their links revoked
in the same transaction (``members.py`` calls :func:`revoke_member_feeds`), and reading a link
checks the reason again (:func:`feed_league`): its account is active and a member of the
league (or a superuser). So neither a write path that forgot to revoke nor a stale row (an
account deactivated, a membership deleted in the admin, an old backup) lets a former member
read a members-only league.
"""

from __future__ import annotations

from django.db import IntegrityError
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from ofcleague.league.leagues import League, Membership
from ofcleague.league.roles import MEMBERS_ONLY, require
from ofcleague.rsvp.calendar_feeds import CalendarFeed
from ofcleague.web.league_writes import league_write


def live_feeds():
    """The links not revoked (whether their reason still holds or not)."""
    return CalendarFeed.objects.filter(revoked_at__isnull=True)


def feeds_with_reason():
    """The live links whose reason holds: the account is active, and a member of the link's
    league or a superuser."""
    membership = Membership.objects.filter(league=OuterRef("league"), user=OuterRef("created_by"))
    return live_feeds().filter(
        Q(created_by__is_superuser=True) | Exists(membership), created_by__is_active=True
    )


def live_feed(user, league: League) -> CalendarFeed | None:
    """The member's live link for ``league``, if they made one and are still a member."""
    return feeds_with_reason().filter(league=league, created_by=user).order_by("-created").first()


def new_calendar_feed(user, league: League) -> CalendarFeed:
    """A new private link for the member, their earlier ones revoked at once (renewing it)."""
    require(MEMBERS_ONLY, user, league)
    with league_write():
        # Two renewals at once wait for each other here (a superuser may have no row).
        list(Membership.objects.select_for_update().filter(league=league, user=user))
        live_feeds().filter(league=league, created_by=user).update(revoked_at=timezone.now())
        try:
            with league_write():
                return CalendarFeed.objects.create(league=league, created_by=user)
        except IntegrityError:
            # Another request made one meanwhile (one live link per member and league).
            return live_feeds().get(league=league, created_by=user)


def revoke_calendar_feeds(user, league: League) -> int:
    """Revoke the member's live links for ``league``; how many were revoked."""
    require(MEMBERS_ONLY, user, league)
    with league_write():
        return revoke_member_feeds(league, user)


def revoke_member_feeds(league: League, user) -> int:
    """Revoke ``user``'s live links to ``league`` (their membership ended), in the caller's
    transaction; how many were revoked."""
    return live_feeds().filter(league=league, created_by=user).update(revoked_at=timezone.now())


@league_write
def revoke_dead_feeds() -> int:
    """Revoke every live link whose reason ended (rows written before this check, or loaded
    from a backup); how many. A restore calls it, so no dead link comes back to life."""
    dead = live_feeds().exclude(pk__in=feeds_with_reason().values("pk"))
    return dead.update(revoked_at=timezone.now())


def feed_league(token: str) -> League | None:
    """The league of a live link's token whose reason holds (None for an unknown or revoked
    one, or one of an account that is no member of the league any more)."""
    token = str(token or "")[:64]
    if not token:
        return None
    feed = feeds_with_reason().filter(token=token).select_related("league").first()
    return None if feed is None else feed.league
