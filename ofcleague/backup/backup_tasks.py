"""A league's backup for its owner, written by a task (django-tasks) instead of in the request.

The owner asks on the backup page (:func:`request_backup`): a ``LeagueBackupJob`` is kept and
:func:`write_backup_job` enqueued in the same transaction. The task claims the job once (queued
to running, in one UPDATE), reads the league in one snapshot as ``manage.py backup --league``
does and keeps the gzipped file on the job, ready to download for ``KEEP``; the older backups of
the league go then. A job claimed already (a second run, a second worker) is left alone.
"""

from __future__ import annotations

import datetime
import gzip
import json
import logging

from django.utils import timezone
from django_tasks import task

from ofcleague.backup.league_backup import league_backup_data
from ofcleague.backup.models import STUCK_AFTER, LeagueBackupJob
from ofcleague.league.current import using_league
from ofcleague.web.league_writes import league_write

logger = logging.getLogger(__name__)
State = LeagueBackupJob.State

#: How long a written backup stays ready to download.
KEEP = datetime.timedelta(days=7)


def _kept_since():
    return timezone.now() - KEEP


def request_backup(league, by) -> LeagueBackupJob:
    """Have a worker write ``league``'s backup; a backup queued or being written already is the
    one returned (asking twice writes it once). Backups past ``KEEP`` are deleted."""
    with league_write():
        jobs = LeagueBackupJob.objects.filter(league=league)
        jobs.filter(created_at__lt=_kept_since()).delete()
        waiting = jobs.filter(state__in=(State.QUEUED, State.RUNNING))
        # A job stuck past STUCK_AFTER lost its task: it failed, and a new one is written.
        waiting.filter(created_at__lt=timezone.now() - STUCK_AFTER).update(
            state=State.FAILED, finished_at=timezone.now()
        )
        pending = waiting.order_by("-pk").first()
        if pending is not None:
            return pending
        job = LeagueBackupJob.objects.create(league=league, requested_by=by)
        write_backup_job.enqueue(job.pk)
    return job


def latest_backup(league) -> LeagueBackupJob | None:
    """The league's newest backup job still kept (without its file), or None."""
    jobs = LeagueBackupJob.objects.filter(league=league, created_at__gte=_kept_since())
    return jobs.defer("data").order_by("-created_at", "-pk").first()


def ready_backup(league, pk) -> LeagueBackupJob | None:
    """The backup ``pk`` of ``league`` when it is written and still kept, else None."""
    jobs = LeagueBackupJob.objects.filter(league=league, state=State.READY)
    return jobs.filter(pk=pk, created_at__gte=_kept_since()).first()


def _claimed(job_id: int) -> LeagueBackupJob | None:
    claimed = LeagueBackupJob.objects.filter(pk=job_id, state=State.QUEUED).update(
        state=State.RUNNING
    )
    if not claimed:
        return None
    return LeagueBackupJob.objects.select_related("league").get(pk=job_id)


@task()
def write_backup_job(job_id: int) -> str:
    """Write the queued backup ``job_id`` once; its state says how it ended."""
    job = _claimed(job_id)
    if job is None:
        return "claimed already"
    league = job.league
    try:
        data = league_backup_data(league.slug)
        packed = gzip.compress(json.dumps(data, ensure_ascii=False).encode("utf-8"))
    except Exception:
        logger.exception("The backup of the league %s failed", league.slug)
        LeagueBackupJob.objects.filter(pk=job.pk).update(
            state=State.FAILED, finished_at=timezone.now()
        )
        raise
    now = timezone.now()
    name = f"{league.slug}-{timezone.localdate(now):%Y-%m-%d}.json.gz"
    # The league's write (the worker has none active): only its pages go stale.
    with using_league(league), league_write():
        LeagueBackupJob.objects.filter(pk=job.pk).update(
            state=State.READY, finished_at=now, data=packed, size=len(packed),
            rows=len(data["rows"]), file_name=name,
        )  # fmt: skip
        # The newest backup is the one kept: the older ones of the league go.
        older = LeagueBackupJob.objects.filter(league=league, pk__lt=job.pk)
        older.exclude(state__in=(State.QUEUED, State.RUNNING)).delete()
    return State.READY
