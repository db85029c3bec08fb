"""The rows the web layer keeps: each league's version (see web/cache.py)."""

from django.db import models

#: The row of the site's first league (a league's row has the league's key).
THE_ROW = 1


class LeagueVersion(models.Model):
    """A random token replaced by every write to a league, in that write's transaction; its
    key is the league's (no foreign key: the web layer knows no league model).

    The page cache's keys and the read pages' ETags include it. Kept in the database, not in
    a cache, so that it survives a cache that keeps nothing (DEBUG, ``PAGE_CACHE=0``) and
    changes exactly when the write's rows become visible. Not league data: no backup holds it.
    """

    token = models.CharField(max_length=32)

    def __str__(self):
        return self.token


from ofcleague.web.outbox import OutgoingMail  # noqa: E402, F401 (registered here)
