"""A sign-up with the mail server answering, and with it stalled (``make bench``; issue 40).

gunicorn as ``make serve`` starts it and the task worker (``manage.py db_worker``), each over a
throwaway SQLite database, with ``EMAIL_URL`` naming either an aiosmtpd sink that answers, or a
server that accepts the connection and never says a word (a mail server that hangs; the worker
gives up after ``EMAIL_TIMEOUT``). In each, ``--signups`` people sign up through the real form
one after another; printed and written to ``bench/mail_wait.md``: the answer's time (median and
slowest) and status, the mails the sink received, and the connections the stalled server saw.
The request only queues the confirmation, so both columns should be alike. Not part of
``make test``; timings never decide a test.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from client import HOST, Browser  # noqa: E402
from live_cost import start_gunicorn  # noqa: E402
from loadtest import ROOT, free_port, manage, server_env  # noqa: E402
from smtp_sink import Sink  # noqa: E402

PASSWORD = "Lange-Nacht-am-Tisch-7"
OUT = Path(__file__).resolve().parent / "mail_wait.md"


class Stalled:
    """Accepts connections and never answers; counts them."""

    def __init__(self):
        self.listener = socket.create_server((HOST, 0))
        self.port = self.listener.getsockname()[1]
        self.connections: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                self.connections.append(self.listener.accept()[0])
            except OSError:
                return

    def close(self):
        self.listener.close()
        for connection in self.connections:
            connection.close()


def sign_up(port: int, number: int) -> tuple[int, float]:
    """One person through the sign-up form: (status, seconds of the POST)."""
    browser = Browser(port)
    page = browser.request("GET", "/accounts/signup/")[2]
    token = page.split('name="csrfmiddlewaretoken" value="', 1)[1].split('"', 1)[0]
    fields = {
        "csrfmiddlewaretoken": token,
        "email": f"neu-{number}-{time.monotonic_ns()}@example.org",
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    status, _headers, _body, seconds = browser.request("POST", "/accounts/signup/", fields)
    browser.close()
    return status, seconds


def run(mode: str, signups: int) -> dict:
    sink = Sink() if mode == "answering" else None
    stalled = Stalled() if mode == "stalled" else None
    port_of_mail = sink.port if sink else stalled.port
    workdir = tempfile.TemporaryDirectory(prefix="ofcleague-mailwait-")
    data = Path(workdir.name)
    env = server_env(data) | {"EMAIL_URL": f"smtp://{HOST}:{port_of_mail}"}
    server = worker = None
    try:
        manage(env, "migrate", "--noinput", "-v", "0")
        manage(env, "collectstatic", "--noinput", "-v", "0")
        port = free_port()
        server = start_gunicorn(env, port, data / "access.log")
        worker = subprocess.Popen(
            [sys.executable, str(ROOT / "manage.py"), "db_worker", "--no-reload"],
            env=env, cwd=ROOT, start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        sign_up(port, 0)  # every part warm
        answers = [sign_up(port, number) for number in range(1, signups + 1)]
        time.sleep(8 if sink else 2)  # the worker sends (or hangs on the stalled server)
        seconds = sorted(answer[1] for answer in answers)
        return {
            "statuses": sorted({answer[0] for answer in answers}),
            "median": statistics.median(seconds) * 1000,
            "slowest": seconds[-1] * 1000,
            "received": len(sink.received) if sink else None,
            "connections": len(stalled.connections) if stalled else None,
        }
    finally:
        for process in (worker, server):
            if process is not None:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(timeout=30)
        if sink:
            sink.controller.stop()
        if stalled:
            stalled.close()
        workdir.cleanup()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--signups", type=int, default=12)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    results = {mode: run(mode, args.signups) for mode in ("answering", "stalled")}
    answering, stalled = results["answering"], results["stalled"]
    text = "\n".join(
        [
            "# A sign-up, with the mail server answering and with it stalled",
            "",
            f"`bench/mail_wait.py`, {datetime.date.today():%Y-%m-%d}, Python "
            f"{platform.python_version()} on {os.cpu_count()} cores (load average {load:.2f} at "
            f"the start): gunicorn and the task worker over SQLite, {args.signups} sign-ups "
            "through the form one after another, after one to warm up.",
            "",
            "| mail server | answers | median ms | slowest ms | mails received | connections |",
            "|---|---|---:|---:|---:|---:|",
            f"| answering (aiosmtpd) | {answering['statuses']} | {answering['median']:.0f} | "
            f"{answering['slowest']:.0f} | {answering['received']} | - |",
            f"| stalled (accepts, never answers) | {stalled['statuses']} | "
            f"{stalled['median']:.0f} | {stalled['slowest']:.0f} | - | "
            f"{stalled['connections']} |",
            "",
            "The request only keeps the confirmation in the outbox; the worker sends it",
            "(answering) or waits on the stalled server until `EMAIL_TIMEOUT` and tries again",
            "later. Before issue 40 a sign-up with the mail server unreachable answered 500",
            "after 20 s.",
            "",
        ]
    )
    OUT.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
