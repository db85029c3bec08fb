"""A request that causes a mail never talks to the mail server: with the server hanging it
answers without a single connection to it, and with the server down a sign-up succeeds and its
confirmation goes out, once, when the server is back."""

import re

import pytest
from aiosmtpd.controller import Controller
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model

from ofcleague.rsvp.models import PlayerLink
from ofcleague.rsvp.services.answers import answer_evening
from ofcleague.web.outbox import OutgoingMail
from tests.factories import UserFactory, confirmed_claim, scorekeeper_of
from tests.tasks.conftest import free_port, run_worker, time_passes

pytestmark = pytest.mark.django_db
PASSWORD = "Lange-Nacht-am-Tisch-7"


def sign_up(client, email="neu@example.org"):
    data = {"email": email, "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/accounts/signup/", data)


def test_a_sign_up_answers_without_waiting_on_a_stalled_mail_server(client, queue, stalled_smtp):
    response = sign_up(client)
    assert response.status_code == 302
    assert stalled_smtp.connections == []  # the request never connected to it
    assert OutgoingMail.objects.get().state == "queued"
    run_worker()  # the worker waits EMAIL_TIMEOUT, then gives the mail back to the queue
    assert len(stalled_smtp.connections) == 1
    kept = OutgoingMail.objects.get()
    assert (kept.state, kept.attempts) == ("queued", 1)
    assert "timed out" in kept.error


def test_moving_up_from_the_waitlist_answers_without_waiting_on_a_stalled_mail_server(
    client, queue, stalled_smtp, announced, eight, django_capture_on_commit_callbacks
):
    for player in eight:  # six seats: the last two wait
        answer_evening(announced, player, "yes")
    tobias = eight[6]
    user = UserFactory(email="tobias@example.org")
    scorekeeper_of(user, role="member")
    confirmed_claim(user, tobias)
    link = PlayerLink.objects.create(player=eight[0])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/ofc-runde/rsvp/{link.token}/", {"evening": announced.pk, "answer": "no"}
        )
    assert response.status_code == 302
    assert stalled_smtp.connections == []
    run_worker()  # composes Tobias's mail, then tries to send it
    kept = OutgoingMail.objects.get()
    assert kept.to == "tobias@example.org" and kept.state == "queued"
    assert len(stalled_smtp.connections) == 1


class Sink:
    """aiosmtpd's handler: keeps every mail it is given."""

    def __init__(self):
        self.mails = []

    async def handle_DATA(self, server, session, envelope):
        self.mails.append((envelope.rcpt_tos, envelope.content.decode("utf-8", "replace")))
        return "250 OK"


def test_a_sign_up_with_the_mail_server_down_gets_its_confirmation_once_it_is_back(
    client, queue, settings
):
    port = free_port()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", port, 5
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    response = sign_up(client)
    assert response.status_code == 302
    assert get_user_model().objects.filter(email="neu@example.org").exists()
    run_worker()  # refused: the server is down
    assert "Connection" in OutgoingMail.objects.get().error
    sink = Sink()
    server = Controller(sink, hostname="127.0.0.1", port=port)
    server.start()
    try:
        time_passes()
        run_worker()
        time_passes()
        run_worker()  # nothing more to send
    finally:
        server.stop()
    assert [to for to, _ in sink.mails] == [["neu@example.org"]]
    assert OutgoingMail.objects.get().state == "sent"
    # The link in it confirms the address.
    link = re.search(r"https?://\S+", sink.mails[0][1].replace("=\r\n", "")).group(0)
    path = "/" + link.split("://", 1)[1].partition("/")[2]
    client.post(path)
    assert EmailAddress.objects.get(email="neu@example.org").verified
