"""An import of a league's history: who brought which evenings in, when, from which file,
and whether it was undone (``league/services/importing.py`` writes them)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ofcleague.league.leagues import League


class ImportBatch(models.Model):
    """One confirmed import: its evenings and the players it created point back at it
    (``Evening.import_batch``, ``Player.import_batch``), so that undoing it takes away exactly
    what it brought."""

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="import_batches", verbose_name=_("league")
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("imported by"),
    )
    created_at = models.DateTimeField(_("imported at"), auto_now_add=True)
    source_name = models.CharField(_("source"), max_length=200, blank=True)
    # The import page's key of what it read: a second confirm of the same input (a double
    # tap) is refused instead of storing every evening twice.
    token = models.CharField(_("token"), max_length=40, blank=True, default="", editable=False)
    evening_count = models.PositiveIntegerField(_("evenings"), default=0)
    undone_at = models.DateTimeField(_("undone at"), null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("undone by"),
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("import")
        verbose_name_plural = _("imports")
        constraints = [
            models.UniqueConstraint(
                fields=["league", "token"],
                condition=~models.Q(token=""),
                name="import_batch_token_once",
            )
        ]

    def __str__(self):
        return f"{self.source_name or self.pk} ({self.created_at:%Y-%m-%d})"
