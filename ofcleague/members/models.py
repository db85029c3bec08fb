"""The imports' own record: a long import or an undo handed to a task, and how far it is.

The import page writes one ``ImportJob`` and enqueues ``import_tasks.run_import_job``; the
job page shows its state (queued, running, done or failed) until the task has finished. The
task claims a queued job once, so running it twice (or a second worker taking it) does
nothing the second time; the write itself is the import services' one transaction.

The league's former addresses, its invites and the claims that link accounts to players moved
here from the league app (issue 39): their tables keep their names (``league_...``).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ofcleague.league.batches import ImportBatch
from ofcleague.league.leagues import League
from ofcleague.members.invites import ClaimStatus, Invite, PlayerClaim  # noqa: F401 (registered)


class ImportJob(models.Model):
    class Kind(models.TextChoices):
        IMPORT = "import", _("import")
        UNDO = "undo", _("undo")

    class State(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    #: The steps the progress bar counts: queued, reading, writing, finished.
    STEPS = 3

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    state = models.CharField(max_length=10, choices=State.choices, default=State.QUEUED)
    step = models.PositiveSmallIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # An undo: the import it undoes; an import: the one it stored, once done.
    batch = models.ForeignKey(
        ImportBatch, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    source_name = models.CharField(max_length=200, blank=True)
    rows = models.PositiveIntegerField(default=0)
    evenings = models.PositiveIntegerField(default=0)
    # Why it failed, in the language of the page that started it.
    message = models.TextField(blank=True)
    # What the import page read (the pasted text or the file, the columns, the names
    # answered, its token, the language); emptied once the job has finished.
    given = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self):
        return f"{self.kind} {self.pk} ({self.state})"

    @property
    def pending(self) -> bool:
        return self.state in (self.State.QUEUED, self.State.RUNNING)


class FormerAddress(models.Model):
    """An address a league had before its owner changed it: links to it lead to the league's
    address of today, until another league takes it."""

    slug = models.SlugField(_("address"), max_length=40, unique=True)
    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="former_addresses", verbose_name=_("league")
    )
    until = models.DateTimeField(_("until"), auto_now_add=True)

    class Meta:
        db_table = "league_formeraddress"
        verbose_name = _("former address")
        verbose_name_plural = _("former addresses")

    def __str__(self):
        return f"/{self.slug}/ → {self.league}"
