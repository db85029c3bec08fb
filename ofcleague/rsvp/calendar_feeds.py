"""A members-only league's private calendar feed: a link with a random token that a calendar
app fetches without logging in (``/calendar/<token>.ics``, the site's own address, resolved to
the feed's league and to it only). Each member makes their own and may renew or revoke it; a
revoked link, and the link of an account that is no member of the league any more, answers
404. The services that write these rows are in ``services/calendar_feeds.py``; the table keeps
its name from the league app (``league_calendarfeed``).
"""

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ofcleague.league.leagues import League

#: Bytes of randomness of a feed's token (32 characters in the link).
TOKEN_BYTES = 24


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class CalendarFeed(models.Model):
    """A member's private link to their league's calendar."""

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="calendar_feeds", verbose_name=_("league")
    )
    token = models.CharField(_("token"), max_length=64, unique=True, default=new_token)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="calendar_feeds",
        verbose_name=_("created by"),
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        db_table = "league_calendarfeed"
        verbose_name = _("calendar feed")
        verbose_name_plural = _("calendar feeds")
        indexes = [models.Index(fields=["league", "created_by"], name="calendarfeed_member")]
        constraints = [
            # One link in use per member and league (revoked ones stay, and answer 404).
            models.UniqueConstraint(
                fields=["league", "created_by"],
                condition=models.Q(revoked_at__isnull=True),
                name="one_live_calendar_feed_per_member",
            ),
        ]

    def __str__(self):
        return f"{self.league} · {self.created_by}"
