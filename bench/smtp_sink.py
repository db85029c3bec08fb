"""A local SMTP sink for the load tests (aiosmtpd): takes every mail on 127.0.0.1 and counts
it by recipient and subject, so a test can tell mails lost from mails sent twice."""

from __future__ import annotations

import threading

from cluster import HOST, free_port


class Sink:
    """aiosmtpd on a free port of 127.0.0.1, counting every mail by recipient and subject."""

    def __init__(self):
        from aiosmtpd.controller import Controller

        self.lock, self.received = threading.Lock(), []
        sink = self

        class Handler:
            async def handle_DATA(self, server, session, envelope):
                text = envelope.content.decode("utf-8", "replace")
                subject = next(
                    (line for line in text.splitlines() if line.startswith("Subject:")), ""
                )
                with sink.lock:
                    sink.received += [(to, subject) for to in envelope.rcpt_tos]
                return "250 OK"

        self.port = free_port()
        self.controller = Controller(Handler(), hostname=HOST, port=self.port)
        self.controller.start()

    def counts(self) -> tuple[int, int]:
        with self.lock:
            return len(self.received), len(set(self.received))
