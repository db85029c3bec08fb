"""A mail is kept once, sent once by whichever worker claims it, tried again after a wait when
the mail server fails, and failed for the admin to see after the last try."""

import contextvars
import datetime
import io
import threading
import time

import pytest
from django.core import mail
from django.core.management import call_command
from django.db import OperationalError, connection
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from ofcleague.league.current import using_league
from ofcleague.league.models import Evening
from ofcleague.rsvp.models import ReminderSent
from ofcleague.rsvp.services.answers import answer_evening
from ofcleague.web.mail_queue import deliver_mail, queue_mail
from ofcleague.web.outbox import OutgoingMail
from tests.tasks.conftest import LOCMEM, run_worker, time_passes

pytestmark = pytest.mark.django_db


def test_a_mail_is_queued_by_its_write_and_sent_by_the_worker(queue):
    queue_mail("test:1", "anna@example.org", "Hallo", "Text")
    assert mail.outbox == []  # nothing sent by the caller
    assert OutgoingMail.objects.get().state == "queued"
    run_worker()
    assert [m.to for m in mail.outbox] == [["anna@example.org"]]
    sent = OutgoingMail.objects.get()
    assert (sent.state, sent.attempts) == ("sent", 1) and sent.sent_at is not None


def test_a_key_is_kept_once_so_its_mail_goes_once(queue):
    assert queue_mail("test:1", "anna@example.org", "Hallo", "Text") is not None
    assert queue_mail("test:1", "anna@example.org", "Hallo", "Text") is None
    run_worker()
    assert len(mail.outbox) == 1


def test_a_mail_task_runs_once_when_two_workers_take_the_queue(queue):
    kept = queue_mail("test:1", "anna@example.org", "Hallo", "Text")
    deliver_mail.enqueue(kept.pk)  # the same mail's task twice more in the queue
    deliver_mail.enqueue(kept.pk)
    run_worker()
    run_worker()  # a second worker finds nothing to do
    assert len(mail.outbox) == 1
    results = DBTaskResult.objects.order_by("enqueued_at")
    assert [result.status for result in results] == ["SUCCESSFUL"] * 3
    assert sorted(result.return_value for result in results) == [
        "claimed already",
        "claimed already",
        "sent",
    ]


def test_a_second_worker_arriving_while_the_first_sends_leaves_the_mail_alone(
    queue, settings, monkeypatch
):
    kept = queue_mail("test:1", "anna@example.org", "Hallo", "Text")
    second = []
    locmem_send = mail.backends.locmem.EmailBackend.send_messages

    def send_while_another_worker_runs(backend, messages):
        second.append(deliver_mail.call(kept.pk))
        return locmem_send(backend, messages)

    monkeypatch.setattr(
        mail.backends.locmem.EmailBackend, "send_messages", send_while_another_worker_runs
    )
    run_worker()
    assert second == ["claimed already"]
    assert len(mail.outbox) == 1


@pytest.mark.django_db(transaction=True)
def test_two_workers_at_the_same_moment_send_a_mail_once(queue):
    """Two threads (two connections) run the same mail's task at once."""
    kept = queue_mail("test:1", "anna@example.org", "Hallo", "Text")
    start, answers = threading.Barrier(2), []

    def worker():
        start.wait()
        try:
            for _ in range(50):
                try:
                    answers.append(deliver_mail.call(kept.pk))
                    return
                except OperationalError as error:
                    # SQLite's shared in-memory test database refuses a second writer at
                    # once ("table is locked") instead of waiting; a worker's task would be
                    # run again, so this one tries again too.
                    if "locked" not in str(error):
                        raise
                    time.sleep(0.02)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=contextvars.copy_context().run, args=(worker,)) for _ in range(2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == ["claimed already", "sent"]
    assert len(mail.outbox) == 1


def test_a_failed_send_is_tried_again_after_a_wait_then_shown_to_the_admin(
    queue, settings, staff_client
):
    settings.EMAIL_BACKEND = "tests.tasks.conftest.RefusingBackend"
    kept = queue_mail("test:1", "anna@example.org", "Hallo", "Text")
    run_worker()
    kept.refresh_from_db()
    assert (kept.state, kept.attempts) == ("queued", 1)
    assert "SMTPServerDisconnected" in kept.error
    retry = DBTaskResult.objects.get(status="READY")
    assert retry.run_after == kept.next_try_at > kept.created_at  # after a wait, not at once
    run_worker()  # not due yet: nothing tried
    assert OutgoingMail.objects.get().attempts == 1
    for tries in (2, 3):
        time_passes()
        run_worker()
        assert OutgoingMail.objects.get().attempts == tries
    failed = OutgoingMail.objects.get()
    assert failed.state == "failed" and not DBTaskResult.objects.filter(status="READY").exists()
    page = staff_client.get("/admin/web/outgoingmail/?state__exact=failed").content.decode()
    assert "anna@example.org" in page and "SMTPServerDisconnected" in page
    # The mail server is back: the admin queues the failed mail again and it goes, once.
    settings.EMAIL_BACKEND = LOCMEM
    staff_client.post(
        "/admin/web/outgoingmail/",
        {"action": "send_again", "_selected_action": [failed.pk]},
    )
    run_worker()
    assert [m.to for m in mail.outbox] == [["anna@example.org"]]
    assert OutgoingMail.objects.get().state == "sent"


def test_a_mail_whose_task_was_lost_is_queued_again_by_the_periodic_job(queue):
    kept = queue_mail("test:1", "anna@example.org", "Hallo", "Text")
    DBTaskResult.objects.all().delete()  # the queue lost it (a backend without transactions)
    an_hour_ago = kept.created_at - datetime.timedelta(hours=1)
    OutgoingMail.objects.filter(pk=kept.pk).update(next_try_at=an_hour_ago)
    call_command("send_reminders", stdout=io.StringIO())  # the hourly timer
    run_worker()
    assert [m.to for m in mail.outbox] == [["anna@example.org"]]


def test_the_hourly_job_queued_by_two_servers_reminds_once(queue, announced, eight):
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    Evening.objects.filter(pk=announced.pk).update(date=tomorrow)
    answer_evening(Evening.objects.get(pk=announced.pk), eight[0], "yes")
    eight[0].email = "andreas@example.org"
    eight[0].save()
    for _server in range(2):  # each app server's timer queues the job; it only queues
        call_command("send_reminders", stdout=io.StringIO())
    assert mail.outbox == [] and DBTaskResult.objects.count() == 2
    run_worker()
    assert [m.to for m in mail.outbox] == [["andreas@example.org"]]
    assert ReminderSent.objects.count() == 1 == OutgoingMail.objects.count()


def test_the_worker_sends_the_leagues_mails_with_no_league_active(queue, announced, eight):
    """A worker is no page of a league: its tasks read across leagues as a command does (a
    league's rows read with none active are refused)."""
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    Evening.objects.filter(pk=announced.pk).update(date=tomorrow)
    answer_evening(Evening.objects.get(pk=announced.pk), eight[0], "yes")
    eight[0].email = "andreas@example.org"
    eight[0].save()
    call_command("send_reminders", stdout=io.StringIO())
    with using_league(None):
        run_worker()
    assert [m.to for m in mail.outbox] == [["andreas@example.org"]]
    assert DBTaskResult.objects.filter(status="SUCCESSFUL").count() >= 2
