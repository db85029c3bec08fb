"""The one row the web layer keeps: the league's version (see web/cache.py)."""

from django.db import models

#: The primary key of the one row.
THE_ROW = 1


class LeagueVersion(models.Model):
    """A random token replaced by every write to the league, in that write's transaction.

    The page cache's keys and the read pages' ETags include it. Kept in the database, not in
    a cache, so that it survives a cache that keeps nothing (DEBUG, ``PAGE_CACHE=0``) and
    changes exactly when the write's rows become visible. Not league data: no backup holds it.
    """

    token = models.CharField(max_length=32)

    def __str__(self):
        return self.token
