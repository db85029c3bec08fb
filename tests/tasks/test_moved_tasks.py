"""The answers' mail tasks moved to the rsvp app (issue 39): a task queued before the upgrade
under its old path is found by the worker after the migration."""

import importlib

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.utils import timezone
from django.utils.module_loading import import_string
from django_tasks_db.models import DBTaskResult

from ofcleague.rsvp.tasks import mail_moved_up_task, send_reminders_task

OLD = "ofcleague.league.services.mail_tasks"


@pytest.mark.django_db
def test_a_task_queued_under_its_old_path_runs_after_the_migration():
    migration = importlib.import_module("ofcleague.rsvp.migrations.0002_queued_mails_follow")
    queued = [
        DBTaskResult.objects.create(
            task_path=f"{OLD}.{name}",
            args_kwargs={"args": [], "kwargs": {}},
            backend_name="default",
            run_after=timezone.now(),
        )
        for name in ("mail_moved_up_task", "send_reminders_task")
    ]
    state = MigrationLoader(connection).project_state(("rsvp", "0002_queued_mails_follow"))
    migration.tasks_named(migration.MOVED_TASKS)(state.apps, None)
    for row in queued:
        row.refresh_from_db()
    # The worker reads a row's task by importing its path (DBTaskResult.task).
    assert [import_string(row.task_path) for row in queued] == [
        mail_moved_up_task,
        send_reminders_task,
    ]


@pytest.mark.django_db
def test_a_claim_mail_queued_under_its_old_path_runs_after_the_migration():
    from ofcleague.members.services.claim_mail import (
        mail_decision_task,
        mail_owners_of_claim_task,
    )

    migration = importlib.import_module(
        "ofcleague.members.migrations.0003_queued_claim_mails_follow"
    )
    queued = [
        DBTaskResult.objects.create(
            task_path=f"{OLD}.{name}",
            args_kwargs={"args": [1], "kwargs": {}},
            backend_name="default",
            run_after=timezone.now(),
        )
        for name in ("mail_owners_of_claim_task", "mail_decision_task")
    ]
    state = MigrationLoader(connection).project_state(("members", "0003_queued_claim_mails_follow"))
    migration.tasks_named(migration.MOVED_TASKS)(state.apps, None)
    for row in queued:
        row.refresh_from_db()
    assert [import_string(row.task_path) for row in queued] == [
        mail_owners_of_claim_task,
        mail_decision_task,
    ]
