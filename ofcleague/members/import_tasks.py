"""Long imports and undoing an import, run as a task (django-tasks) instead of in the request.

The page writes an ``ImportJob`` (``start_import``, ``start_undo``) and enqueues
:func:`run_import_job`; the task claims the job once (queued to running, in one UPDATE), reads
and checks what was given again as the preview did, and stores it through the import
services, one transaction each. A job claimed already (a second run, a second worker) is left
alone; a second import of the same input is refused by the batch's token as well.
"""

from __future__ import annotations

import base64
import logging

from django.core.exceptions import ValidationError
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django_tasks import task

from ofcleague.imports.steps import check, read_source
from ofcleague.league.batches import ImportBatch
from ofcleague.league.current import using_league
from ofcleague.league.models import Evening, Player
from ofcleague.league.services.importing import import_evenings, undo_import
from ofcleague.members.models import ImportJob

logger = logging.getLogger(__name__)
State = ImportJob.State


def checked_input(given: dict):
    """What the import page was given (text, or a file with its columns), read and checked
    against the active league's players and dates, with the names answered applied."""
    if "text" in given:
        parsed = read_source(text=given["text"])
    else:
        data = base64.b64decode(given.get("data") or "")
        name, mapping = given.get("source") or "", given.get("mapping")
        parsed = read_source(data=data, filename=name, mapping=mapping)
    known = list(Player.objects.values_list("name", flat=True))
    stored = set(Evening.objects.values_list("date", flat=True))
    return check(parsed, known, given.get("names") or {}, stored)


def _enqueue(job: ImportJob) -> ImportJob:
    # The pages run in autocommit: the job's row is committed before a worker looks for it.
    run_import_job.enqueue(job.pk)
    return job


def start_import(league, by, given: dict, checked) -> ImportJob:
    """Queue storing ``given`` (the import page's state, ``checked`` as its preview showed)."""
    job = ImportJob.objects.create(
        league=league, kind=ImportJob.Kind.IMPORT, created_by=by,
        source_name=str(given.get("source") or "")[:200], rows=checked.rows,
        evenings=len(checked.preview.evenings),
        given={**given, "language": translation.get_language()},
    )  # fmt: skip
    return _enqueue(job)


def start_undo(batch: ImportBatch, by) -> ImportJob:
    """Queue undoing ``batch``; an undo queued or running already is the one returned."""
    running = ImportJob.objects.filter(
        batch=batch, kind=ImportJob.Kind.UNDO, state__in=(State.QUEUED, State.RUNNING)
    ).first()
    if running is not None:
        return running
    job = ImportJob.objects.create(
        league=batch.league, kind=ImportJob.Kind.UNDO, created_by=by, batch=batch,
        source_name=batch.source_name, evenings=batch.evening_count,
        given={"language": translation.get_language()},
    )  # fmt: skip
    return _enqueue(job)


def _claimed(job_id: int) -> ImportJob | None:
    """The job, now running, if it was queued; None when another run has it (or had it)."""
    claimed = ImportJob.objects.filter(pk=job_id, state=State.QUEUED).update(
        state=State.RUNNING, step=1
    )
    if not claimed:
        return None
    return ImportJob.objects.select_related("league", "batch", "created_by").get(pk=job_id)


def _finish(job: ImportJob, state: str, **fields) -> None:
    fields.update(state=state, step=ImportJob.STEPS, finished_at=timezone.now(), given={})
    ImportJob.objects.filter(pk=job.pk).update(**fields)


@task()
def run_import_job(job_id: int) -> str:
    """Run the queued import or undo ``job_id`` once; its state says how it ended."""
    job = _claimed(job_id)
    if job is None:
        return "claimed already"
    with translation.override(job.given.get("language")), using_league(job.league):
        try:
            if job.kind == ImportJob.Kind.UNDO:
                _undo(job)
            else:
                _import(job)
        except ValidationError as error:
            _finish(job, State.FAILED, message=" ".join(error.messages))
        except Exception:
            logger.exception("Import job %s failed", job.pk)
            _finish(job, State.FAILED, message=_("Something went wrong: nothing was stored."))
            raise
    return ImportJob.objects.values_list("state", flat=True).get(pk=job.pk)


def _import(job: ImportJob) -> None:
    checked = checked_input(job.given)
    ImportJob.objects.filter(pk=job.pk).update(
        step=2, rows=checked.rows, evenings=len(checked.preview.evenings)
    )
    batch = import_evenings(
        job.league, checked.preview, job.created_by,
        source_name=job.source_name, token=job.given.get("token", ""),
    )  # fmt: skip
    _finish(job, State.DONE, batch=batch, evenings=batch.evening_count)


def _undo(job: ImportJob) -> None:
    if job.batch is None or job.batch.undone_at is not None:
        _finish(job, State.DONE)  # undone meanwhile: nothing left to do
        return
    ImportJob.objects.filter(pk=job.pk).update(step=2)
    undo_import(job.batch, job.created_by)
    _finish(job, State.DONE)
