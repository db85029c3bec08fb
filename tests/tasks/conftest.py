"""The task queue as production runs it: django-tasks' database backend and its db_worker,
run to the end of the queue in the test's own process (``run_worker``)."""

import datetime
import smtplib
import socket
import threading

import pytest
from django.core.mail.backends.base import BaseEmailBackend
from django.core.management import call_command
from django.utils import timezone
from django_tasks_db.management.commands import db_worker
from django_tasks_db.models import DBTaskResult

from ofcleague.web.outbox import OutgoingMail
from tests.rsvp.conftest import announced, eight, owner  # noqa: F401 (fixtures)

DB_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
LOCMEM = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture
def queue(settings, monkeypatch):
    """Tasks wait in the database until ``run_worker()``; a failed mail waits a minute, then
    ten, then is failed (three tries)."""
    settings.TASKS = DB_TASKS
    settings.MAIL_RETRY_SECONDS = [60, 600]
    # The worker closes connections between tasks; the test's transaction must stay open.
    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)


def run_worker():
    """One db_worker run until nothing is due (as ``make worker`` runs, but ending)."""
    call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)


def time_passes():
    """Every waiting task and mail is due now (the clock moved past their waits)."""
    now = timezone.now() - datetime.timedelta(seconds=1)
    DBTaskResult.objects.filter(status="READY", run_after__gt=now).update(run_after=now)
    OutgoingMail.objects.filter(state="queued").update(next_try_at=now)


class RefusingBackend(BaseEmailBackend):
    """A mail server that drops every connection."""

    def send_messages(self, email_messages):
        raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")


def free_port():
    """A port on 127.0.0.1 where nothing listens (a mail server that is down)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class StalledServer:
    """Accepts connections and never answers (a mail server that hangs): counts them."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.connections = []
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            self.connections.append(connection)

    def close(self):
        self.listener.close()
        for connection in self.connections:
            connection.close()


@pytest.fixture
def stalled_smtp(settings):
    server = StalledServer()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 1
    yield server
    server.close()
