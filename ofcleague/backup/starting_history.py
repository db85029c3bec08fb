"""Starting history records for rows written without django-simple-history (``loaddata``).

``loaddata`` saves raw rows and writes no history. Without a first ("+") record a later
correction has nothing to be compared with, and the change log cannot show its old value.
"""

from __future__ import annotations

from django.utils import timezone

from ofcleague.league.models import Evening, EveningPlayer, RoundScore

# The change reasons of starting records; the change log shows each such write as one line.
LOADED_FROM_HISTORY = "loaded from the league's history"
RESTORED_FROM_BACKUP = "restored from a backup"

TRACKED_MODELS = (Evening, EveningPlayer, RoundScore)


def write_starting_history(reason: str) -> int:
    """Give every tracked row that has no history record yet a "+" record; return how many.

    Rows that already have history (a backup carries its own) keep exactly what they have.
    """
    now = timezone.now()
    written = 0
    for model in TRACKED_MODELS:
        bare = model._base_manager.exclude(pk__in=model.history.values("id")).order_by("pk")
        written += len(
            model.history.bulk_history_create(
                list(bare), default_change_reason=reason, default_date=now, batch_size=500
            )
        )
    return written
