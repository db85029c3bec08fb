"""The deployment guide, run as written (issue 41's "Done when"; marker ``guide``, ~1-3 minutes).

The blocks come from docs/deployment.md itself (``tools/guide_blocks.py``), changed only where a
test on this machine must differ from a server: the paths under a temporary prefix instead of
/srv/ofcleague and /etc/ofcleague, the host 127.0.0.1 instead of league.example.org, free ports,
and ``sudo -u USER`` run as this user (a shim on the PATH). PostgreSQL is a throwaway cluster of
our own (as the unprivileged user ``pgci`` when run as root, as .ci/run does), reached by the
guide's own ``DATABASE_URL=postgres:///ofcleague`` through PGHOST and PGPORT.

What runs: the guide's PostgreSQL role and database; the env file sourced by ``sh``; the first
start (``make release``); gunicorn by the unit's own ExecStart with its EnvironmentFile;
nginx with docs/nginx-cache.conf (the guide's block, word for word) in front; the backup
command and the cron line (the timer's command); the restore drill into a scratch database;
``/readyz`` answering 503 with the database stopped while ``/healthz`` stays ok; the unit's
the upgrade block to a new commit with a migration (backup, migrate, graceful reload) while a
reader asks the app through nginx all along, none of its requests failing (tests/guide/
upgrade.py). The checkout is a clone of this one's last commit. Not run: apt-get, certbot and
systemd itself (``systemctl reload ofcleague`` runs the unit's ExecReload).
"""

import contextlib
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.guide

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))
from guide_blocks import guide_blocks  # noqa: E402

from tests.guide import upgrade  # noqa: E402

GUIDE = ROOT / "docs" / "deployment.md"  # and README.md's block "readme-backup"
PGBIN = Path("/usr/lib/postgresql/15/bin")
NGINX = Path("/usr/sbin/nginx")
SUDO_SHIM = """#!/bin/sh
# sudo -u USER CMD...: run CMD as this user
[ "$1" = "-u" ] && shift 2
exec "$@"
"""


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(port, path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers={"X-Forwarded-Proto": "https"})
        response = connection.getresponse()
        return response.status, response.read().decode(errors="replace"), response
    finally:
        connection.close()


class Machine:
    """The paths of the guide mapped into a temporary prefix, and a shell to run blocks in."""

    def __init__(self, tmp, pg_port, app_port):
        self.tmp = tmp
        self.prefix = tmp / "srv"
        self.etc = tmp / "etc"
        self.venv = tmp / "venv"
        self.app_port = app_port
        for folder in (self.prefix, self.etc, self.venv, tmp / "bin"):
            folder.mkdir(parents=True, exist_ok=True)
        # The running virtualenv as the guide's .venv (make's stamp newer than pyproject).
        real = Path(sys.prefix)
        for name in ("bin", "lib"):
            (self.venv / name).symlink_to(real / name)
        shutil.copy(real / "pyvenv.cfg", self.venv / "pyvenv.cfg")
        (self.venv / ".installed-run").touch()
        sudo = tmp / "bin" / "sudo"
        sudo.write_text(SUDO_SHIM)
        sudo.chmod(0o755)
        make = tmp / "bin" / "make"
        make.write_text(f'#!/bin/sh\nexec /usr/bin/make VENV={self.venv} "$@"\n')
        make.chmod(0o755)
        self.env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("DJANGO_", "DATABASE_", "DEBUG", "CACHE_", "REDIS_", "PG"))
        }
        self.env |= {
            "PATH": f"{tmp / 'bin'}:{PGBIN}:{os.environ['PATH']}",
            "PGHOST": "127.0.0.1",
            "PGPORT": str(pg_port),
            "PGUSER": "postgres",
            "DJANGO_SUPERUSER_USERNAME": "admin",
            "DJANGO_SUPERUSER_EMAIL": "admin@example.org",
            "DJANGO_SUPERUSER_PASSWORD": "a long test password 41",
        }

    def local(self, text):
        """A block with the server's paths, host and port mapped onto this machine."""
        return (
            text.replace("/usr/bin/make", "make")
            .replace("/srv/ofcleague", str(self.prefix))
            .replace("/etc/ofcleague", str(self.etc))
            .replace(".venv/", f"{self.venv}/")
            .replace("league.example.org", "127.0.0.1")
            .replace("127.0.0.1:8000", f"127.0.0.1:{self.app_port}")
        )

    def run(self, script, timeout=300):
        result = subprocess.run(
            ["sh", "-e", "-c", self.local(script)],
            cwd=self.tmp,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        output = f"{script}\n--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}"
        assert result.returncode == 0, output
        return result.stdout


def unit(text):
    """The [Service] settings of a unit file as a dict."""
    lines = (line.split("=", 1) for line in text.splitlines() if "=" in line)
    return {key.strip(): value.strip() for key, value in lines}


class Cluster:
    """A throwaway PostgreSQL 15 cluster on 127.0.0.1:port (as pgci when run as root)."""

    def __init__(self, port):
        # Its own folder under /tmp, as .ci/run makes one: pgci cannot enter pytest's.
        self.dir = Path(tempfile.mkdtemp(prefix="guide-pg-"))
        self.port = port
        if os.geteuid() == 0:
            shutil.chown(self.dir, "pgci")

    def _as_owner(self, command):
        if os.geteuid() == 0:
            return ["su", "pgci", "-s", "/bin/sh", "-c", command]
        return ["sh", "-c", command]

    def start(self, first=False):
        data = self.dir / "data"
        if first:
            subprocess.run(
                self._as_owner(f"{PGBIN}/initdb -D {data} -U postgres --auth=trust >/dev/null"),
                check=True,
                timeout=120,
            )
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1"
        subprocess.run(
            self._as_owner(f"{PGBIN}/pg_ctl -D {data} -o '{options}' -l {self.dir}/log -w start"),
            check=True,
            timeout=120,
            capture_output=True,
        )

    def stop(self):
        subprocess.run(
            self._as_owner(f"{PGBIN}/pg_ctl -D {self.dir / 'data'} -w stop -m fast"),
            timeout=120,
            capture_output=True,
        )

    def remove(self):
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def needed():
    """Why this machine cannot run the guide, or None."""
    if not (PGBIN / "initdb").exists():
        return f"PostgreSQL 15 is missing ({PGBIN}; apt-get install -y postgresql)"
    if os.geteuid() == 0:
        try:
            subprocess.run(["id", "pgci"], check=True, capture_output=True)
        except subprocess.CalledProcessError:
            return "run as root, PostgreSQL needs the unprivileged user pgci (useradd -M pgci)"
    if not NGINX.exists() and os.environ.get("GUIDE_WITHOUT_NGINX") != "1":
        return "nginx (apt-get install -y nginx-light; GUIDE_WITHOUT_NGINX=1 runs the rest)"
    return None


@contextlib.contextmanager
def process_group(arguments, **options):
    process = subprocess.Popen(arguments, start_new_session=True, **options)
    try:
        yield process
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def wait_for(port, path, process, seconds=120):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, f"the server stopped (exit {process.returncode})"
        with contextlib.suppress(OSError):
            status, body, _ = get(port, path)
            if status == 200:
                return body
        time.sleep(0.3)
    raise AssertionError(f"nothing answered {path} on port {port} within {seconds} s")


def test_the_guides_blocks_are_all_there_and_the_nginx_file_is_the_block():
    blocks = guide_blocks(GUIDE)
    assert (GUIDE.parent / "nginx-cache.conf").read_text() == blocks["nginx-cache.conf"]
    for name in ("env-file", "ofcleague.service", "backup", "crontab", "restore-drill"):
        assert name in blocks
    # One schedule: the timer and the cron line run the same command (its cleanup included).
    timer_command = unit(blocks["ofcleague-backup.service"])["ExecStart"]
    assert timer_command == "/usr/bin/make backup"
    assert blocks["crontab"].strip().endswith("&& make backup")
    reminders = unit(blocks["ofcleague-reminders.service"])
    assert reminders["ExecStart"].startswith(reminders["WorkingDirectory"] + "/.venv/bin/")


def test_the_env_file_is_read_alike_by_sh(tmp_path):
    env_file = tmp_path / "env"
    env_file.write_text(guide_blocks(GUIDE)["env-file"])
    script = f'set -a; . {env_file}; set +a; printf "%s|%s" "$DEFAULT_FROM_EMAIL" "$EMAIL_URL"'
    result = subprocess.run(["sh", "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout == (
        "OFC League <liga@example.org>|smtp://liga%40example.org:secret@mail.example.org:587?tls=1"
    )


def test_the_site_as_the_guide_sets_it_up(tmp_path):
    reason = needed()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the guide's test cannot run in CI: {reason}")
        pytest.skip(f"the guide's test needs {reason}")
    blocks = guide_blocks(GUIDE)
    machine = Machine(tmp_path, free_port(), free_port())
    cluster = Cluster(int(machine.env["PGPORT"]))
    try:
        cluster.start(first=True)
        run_the_guide(machine, cluster, blocks)
    finally:
        cluster.remove()


def run_the_guide(machine, cluster, blocks):
    # The checkout as the install block clones it (from a clone, for the upgrade to pull).
    upgrade.checkout(ROOT, machine.prefix)
    # PostgreSQL as the install block creates it: its "sudo -u postgres" lines.
    machine.run("\n".join(line for line in blocks["install"].splitlines() if "-u postgres" in line))
    env_file = machine.etc / "env"
    env_file.write_text(machine.local(blocks["env-file"]))
    # The first start: make release and the first account (without questions).
    machine.run(blocks["first-start"].replace("createsuperuser", "createsuperuser --noinput"))
    service = unit(blocks["ofcleague.service"])
    command = (
        f"set -a; . {machine.local(service['EnvironmentFile'])}; set +a; "
        f"exec {machine.local(service['ExecStart'])}"
    )
    with process_group(
        ["sh", "-c", command],
        cwd=machine.local(service["WorkingDirectory"]),
        env=machine.env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    ) as gunicorn:
        assert wait_for(machine.app_port, "/readyz", gunicorn) == "ready\n"
        with front_of(machine) as port:
            serve_backup_and_restore(machine, cluster, blocks, port, gunicorn)


@contextlib.contextmanager
def front_of(machine):
    """nginx with the guide's file in front of gunicorn (bench/proxy.py's changes for
    127.0.0.1), or gunicorn itself where GUIDE_WITHOUT_NGINX=1 allows it."""
    if not NGINX.exists():
        yield machine.app_port
        return
    import proxy

    port = free_port()
    # Under /tmp itself: nginx's workers (nobody, when run as root) cannot enter pytest's folder.
    folder = Path(tempfile.mkdtemp(prefix="guide-nginx-"))
    try:
        server = proxy.start(port, machine.app_port, folder / "nginx")
        try:
            yield port
        finally:
            proxy.stop(server)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def serve_backup_and_restore(machine, cluster, blocks, port, gunicorn):
    status, body, response = get(port, "/ofc-runde/")
    assert status == 200, body[:500]
    if port != machine.app_port:
        assert response.getheader("X-Cache-Status") in ("MISS", "HIT", "EXPIRED", "BYPASS")
    # The monitor's command, as written; lifting the login locks.
    assert machine.run(blocks["monitor"]).strip() == "ready"
    machine.run(blocks["unlock"])
    # The backup command and the cron line (the timer's command): the folder made, files named
    # by the time.
    machine.run(blocks["backup"])
    machine.run(blocks["crontab"].split(" * * * ", 1)[1])
    backups = sorted((machine.prefix / "backups").glob("league-*.json.gz"))
    assert backups, "no backup written"
    # The README's backup line, in a folder that does not exist yet.
    [readme_line, *_restores] = guide_blocks(ROOT / "README.md")["readme-backup"].splitlines()
    folder = machine.prefix / "readme-backups"
    machine.run(
        f"cd {machine.prefix / 'app'}; set -a; . {machine.etc / 'env'}; set +a\n"
        + readme_line.replace(" backups ", f" {folder} ")
    )
    assert list(folder.glob("league-*.json.gz"))
    upgrade.upgrade_without_a_failed_request(machine, blocks, port, get, unit)
    # The restore drill into a scratch database.
    assert "same rows: " in machine.run(blocks["restore-drill"])
    # Readiness with the database stopped: 503, while liveness stays ok.
    cluster.stop()
    status, body, _ = get(port, "/readyz")
    assert status == 503, body
    assert "database:" in body
    assert get(port, "/healthz")[:2] == (200, "ok")
    assert gunicorn.poll() is None
    cluster.start()
    deadline = time.monotonic() + 60
    while get(port, "/readyz")[0] != 200:
        assert time.monotonic() < deadline, "not ready again after the database came back"
        time.sleep(0.5)
