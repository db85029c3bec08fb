"""A throwaway Redis server for a test: Debian's ``redis-server`` on a free port of 127.0.0.1,
its files in a temporary folder, nothing written to disk, stopped by its own pid at the end."""

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

INSTALL = "apt-get install -y redis-server (Debian's Redis; .ci/run installs it)"


def redis_binary():
    """The path of ``redis-server`` (or Valkey's), or ``None``."""
    for name in ("redis-server", "valkey-server"):
        found = shutil.which(name) or shutil.which(name, path="/usr/bin:/usr/sbin")
        if found:
            return found
    return None


def need_redis():
    """The binary, or skip the test saying what to install (in CI: fail)."""
    binary = redis_binary()
    if binary is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"redis-server is missing in CI: {INSTALL}")
        pytest.skip(f"redis-server is missing: {INSTALL}")
    return binary


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RedisServer:
    """``redis-server`` on ``port`` with its working folder ``folder``; start() and stop()."""

    def __init__(self, binary, folder: Path, port=None):
        self.binary, self.folder, self.port = binary, folder, port or free_port()
        self.process = None

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, seconds=10):
        self.folder.mkdir(parents=True, exist_ok=True)
        arguments = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        arguments += ["--dir", str(self.folder), "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(
            arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            assert self.process.poll() is None, "redis-server stopped at once"
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock,
            ):
                sock.sendall(b"PING\r\n")
                if sock.recv(16).startswith(b"+PONG"):
                    return self
            time.sleep(0.05)
        raise AssertionError(f"redis-server did not answer on port {self.port}")

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
