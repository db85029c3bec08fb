"""Limits per person through a real gunicorn, started as ``make serve`` starts it (its command
line is read from the Makefile), behind a proxy that appends the client's address to
X-Forwarded-For as nginx does: one client's failed logins lock that client out, and another
client logs in to the same account at once. Its access log names the clients, not the proxy,
and masks the token of an invite link.

Production settings (DEBUG off, ``TRUSTED_PROXY_COUNT=1``, the limits in the file cache shared
by the workers, a fresh SQLite database), except that static files come from their sources
(``tests/served/settings.py``). About 20 to 40 seconds, on 127.0.0.1 only.
"""

import http.client
import os
import re
import secrets
import shlex
import signal
import socket
import subprocess
import sys
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.conf import settings

pytest.importorskip("gunicorn", reason="gunicorn is not installed")

HAMMER = "198.51.100.66"
OWNER = "203.0.113.20"
PASSWORD = "karo-bube-1234"
SECRET = secrets.token_urlsafe(24)
# Seconds for the whole test, server start included: a safety net against a hung server, not
# a timing (a loaded 2-core machine took 50 s to migrate the fresh database).
DEADLINE = 300


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve_arguments(port, access_log):
    """gunicorn's arguments from the Makefile's ``serve``, on ``port``, logging to a file, with
    two workers (the limits must hold across workers)."""
    makefile = (settings.BASE_DIR / "Makefile").read_text().replace("\\\n", " ")
    line = next(line for line in makefile.splitlines() if "$(BIN)/gunicorn" in line)
    words = shlex.split(line.split("$(BIN)/gunicorn", 1)[1])
    replace = {
        "--bind": f"127.0.0.1:{port}",
        "--access-logfile": str(access_log),
        "--workers": "2",
        "--pid": str(access_log.with_name("gunicorn.pid")),
    }
    arguments = []
    for index, word in enumerate(words):
        previous = words[index - 1] if index else ""
        arguments.append(replace.get(previous, word))
    assert "--logger-class" in arguments
    return arguments


def environment(data_dir):
    keep = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_", "CACHE_", "REDIS_", "PAGE_CACHE", "DEBUG"))
    }
    return keep | {
        "DJANGO_SETTINGS_MODULE": "tests.served.settings",
        "DATA_DIR": str(data_dir),
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "TRUSTED_PROXY_COUNT": "1",
        "PYTHONPATH": str(settings.BASE_DIR),
    }


def manage(env, *args):
    result = subprocess.run(
        [sys.executable, str(settings.BASE_DIR / "manage.py"), *args],
        env=env,
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=DEADLINE,
    )
    assert result.returncode == 0, result.stderr


class Browser:
    """One client behind the proxy: its own cookies, its address appended by the proxy."""

    def __init__(self, port, address):
        self.port, self.address, self.cookies = port, address, {}

    def request(self, method, path, form=None):
        headers = {
            "X-Forwarded-For": self.address,
            "X-Forwarded-Proto": "https",
            "Origin": f"https://127.0.0.1:{self.port}",
            "Cookie": "; ".join(f"{name}={value}" for name, value in self.cookies.items()),
        }
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            content = response.read().decode("utf-8", "replace")
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return response.status, content
        finally:
            connection.close()

    def log_in(self, password):
        status, page = self.request("GET", "/login/")
        assert status == 200, page[:500]
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        form = {"csrfmiddlewaretoken": token, "login": "anna", "password": password}
        return self.request("POST", "/login/", form)[0]


@pytest.fixture
def served(tmp_path):
    """gunicorn on a free port with a migrated database holding the account anna."""
    started = time.monotonic()
    env = environment(tmp_path)
    manage(env, "migrate", "--noinput", "-v", "0")
    create = (
        "from django.contrib.auth import get_user_model; "
        f"get_user_model().objects.create_user('anna', password='{PASSWORD}')"
    )
    manage(env, "shell", "--no-imports", "-c", create)
    port = free_port()
    access_log = tmp_path / "access.log"
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn"), *serve_arguments(port, access_log)],
        env=env,
        cwd=settings.BASE_DIR,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        while True:
            assert time.monotonic() - started < DEADLINE, "gunicorn did not answer in time"
            assert server.poll() is None, server.stderr.read().decode()
            try:
                if Browser(port, "192.0.2.1").request("GET", "/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.2)
        yield port, access_log, started
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def test_one_clients_failed_logins_lock_that_client_only(served):
    port, access_log, started = served
    hammer = Browser(port, HAMMER)
    statuses = [hammer.log_in("wrong-password") for _ in range(6)]
    assert 429 in statuses
    assert hammer.log_in(PASSWORD) in (200, 429)  # refused, even with the right password
    assert "sessionid" not in hammer.cookies

    owner = Browser(port, OWNER)
    assert owner.log_in(PASSWORD) == 302
    assert "sessionid" in owner.cookies

    owner.request("GET", f"/join/{SECRET}/")
    time.sleep(0.5)  # the access log is written after the answer
    log = access_log.read_text()
    assert HAMMER in log and OWNER in log
    assert "/join/[token]/" in log and SECRET not in log
    assert not [line for line in log.splitlines() if line.startswith("127.0.0.1 ")]
    assert time.monotonic() - started < 60
