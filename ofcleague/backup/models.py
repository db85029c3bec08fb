"""A league's backup written by a worker (``backup_tasks``) and kept for its owner to download.

The file is kept in the database, not on one server's disk: the worker that writes it and the
app server that hands it out are often different machines. Not league data itself: no backup
holds it (``writing.NOT_BACKED_UP``), and it goes with its league when that is deleted.
"""

import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ofcleague.league.leagues import League

#: A backup queued or being written this long has lost its task (a worker stopped): the owner
#: may ask for a new one.
STUCK_AFTER = datetime.timedelta(minutes=30)


class LeagueBackupJob(models.Model):
    class State(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        READY = "ready", _("ready")
        FAILED = "failed", _("failed")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="+")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: The file's name for the download, and the file itself (gzip JSON, as ``backup --league``).
    file_name = models.CharField(max_length=200, blank=True)
    data = models.BinaryField(default=b"", editable=False)
    size = models.PositiveIntegerField(default=0)
    rows = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("league backup")
        verbose_name_plural = _("league backups")
        indexes = [models.Index(fields=["league", "-created_at"], name="backup_job_league_newest")]

    def __str__(self):
        return f"{self.file_name or self.league_id} ({self.state})"

    @property
    def pending(self) -> bool:
        """Queued or being written, and not stuck."""
        waiting = self.state in (self.State.QUEUED, self.State.RUNNING)
        return waiting and not self.stuck

    @property
    def stuck(self) -> bool:
        waiting = self.state in (self.State.QUEUED, self.State.RUNNING)
        return waiting and self.created_at < timezone.now() - STUCK_AFTER
