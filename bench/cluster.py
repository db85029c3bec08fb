"""Several app servers on this machine, as docs/deployment.md ("Several app servers") lays them
out: ``make cluster`` starts them, ``make cluster-stop`` stops every part and removes its folder.

    PostgreSQL 15 (Debian's)   a cluster of its own in CLUSTER_DIR/pg, run by the unprivileged
                               user pgci when started as root (PostgreSQL refuses root)
    Redis (or Valkey)          CLUSTER_DIR/redis, nothing written to disk: the page cache and
                               every rate limit (CACHE_URL)
    release                    ``manage.py release`` once: the tables, the static files
    3 app servers              gunicorn as ``make serve`` starts it (its command line is read
                               from the Makefile), each on a port of its own, one env for all
    1 task worker              ``manage.py db_worker``
    nginx (Debian's)           docs/nginx-cache.conf, the guide's file, with the three servers
                               in its upstream block (bench/proxy.py lists what else changes)

All of it on 127.0.0.1 only; one env file (CLUSTER_DIR/env, sourced by sh like the guide's
/etc/ofcleague/env) gives every process the same SECRET_KEY, DATABASE_URL and CACHE_URL. What
runs is written to CLUSTER_DIR/cluster.json, so another process (``make cluster-stop``, the load
test, a test) can stop, kill or restart any part by its process id. Logs: CLUSTER_DIR/*.log.

    python bench/cluster.py start [--servers 3] [--port 8080]
    python bench/cluster.py stop
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import proxy  # noqa: E402
from client import HOST, Browser  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PGBIN = Path("/usr/lib/postgresql/15/bin")
PG_USER = "pgci"
DEFAULT_DIR = Path(os.environ.get("CLUSTER_DIR") or "/tmp/ofcleague-cluster")
#: The variables a process of the cluster takes from this one's environment: nothing of Django's.
DROPPED = ("DJANGO_", "DATABASE_", "CACHE_", "REDIS_", "PAGE_CACHE", "DEBUG", "SECRET_KEY", "PG")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def redis_binary() -> str:
    for name in ("valkey-server", "redis-server"):
        found = shutil.which(name, path=f"/usr/bin:/usr/sbin:{os.environ.get('PATH', '')}")
        if found:
            return found
    raise SystemExit("Redis is missing: apt-get install -y redis-server (or valkey-server)")


def serve_arguments(bind: str, data_dir: Path, workers: int | None = None) -> list[str]:
    """gunicorn's arguments exactly as ``make serve`` has them, for ``bind`` and ``data_dir``."""
    makefile = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    line = next(line for line in makefile.splitlines() if "$(BIN)/gunicorn" in line)
    line = line.split("$(BIN)/gunicorn", 1)[1]
    line = line.replace("$(BIND)", bind).replace("$(DATA_DIR)", str(data_dir))
    words = shlex.split(line)
    if workers is not None:
        words[words.index("--workers") + 1] = str(workers)
    return words


def as_owner(command: str) -> list[str]:
    """``command`` run by sh as PostgreSQL's owner (pgci when this is root)."""
    if os.geteuid() == 0:
        return ["su", PG_USER, "-s", "/bin/sh", "-c", command]
    return ["sh", "-c", command]


class Cluster:
    """The parts of a cluster in ``folder``: start them, stop them, restart one."""

    def __init__(self, folder: Path = DEFAULT_DIR):
        self.folder = Path(folder)
        self.state_file = self.folder / "cluster.json"
        self.state = json.loads(self.state_file.read_text()) if self.state_file.exists() else {}

    # The environment ---------------------------------------------------------------------------

    def settings(self) -> dict:
        """The site's settings for every process of the cluster (the env file's contents)."""
        state = self.state
        return {
            "DEBUG": "0",
            "SECRET_KEY": state["secret_key"],
            "ALLOWED_HOSTS": HOST,
            "DATABASE_URL": f"postgres://postgres@{HOST}:{state['pg_port']}/ofcleague",
            "CACHE_URL": f"redis://{HOST}:{state['redis_port']}/0",
            "TRUSTED_PROXY_COUNT": "1",
            "STATIC_ROOT": str(self.folder / "static"),
            "SITE_URL": f"http://{HOST}:{state['port']}",
            **state.get("extra", {}),
        }

    def env(self, data_dir: Path | None = None) -> dict:
        keep = {k: v for k, v in os.environ.items() if not k.startswith(DROPPED)}
        return (
            keep
            | self.settings()
            | {
                "DATA_DIR": str(data_dir or self.folder / "var"),
                "DJANGO_SETTINGS_MODULE": "ofcleague.settings",
                "PYTHONPATH": str(ROOT),
            }
        )

    def write_env_file(self) -> None:
        lines = [f"{key}={shlex.quote(value)}" for key, value in self.settings().items()]
        path = self.folder / "env"
        path.write_text("\n".join(lines) + "\n")
        path.chmod(0o600)

    def save(self) -> None:
        self.state_file.write_text(json.dumps(self.state, indent=1))

    # Processes ---------------------------------------------------------------------------------

    def spawn(self, name: str, arguments: list[str], env: dict | None = None) -> int:
        """Start ``arguments`` in a session of its own, logging to ``name``.log; its pid."""
        log = open(self.folder / f"{name}.log", "ab")  # noqa: SIM115 - the child keeps it
        process = subprocess.Popen(
            arguments,
            env=env or self.env(),
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        self.state.setdefault("pids", {})[name] = process.pid
        self.save()
        return process.pid

    def signal(self, name: str, number: int = signal.SIGTERM, seconds: float = 20) -> None:
        """Send ``number`` to the process group of ``name`` and wait until it is gone."""
        pid = self.state.get("pids", {}).pop(name, None)
        self.save()
        if pid is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, number)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and alive(pid):
            time.sleep(0.1)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)

    def manage(self, *arguments: str) -> str:
        result = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *arguments],
            env=self.env(),
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if result.returncode:
            raise SystemExit(f"manage.py {' '.join(arguments)} failed:\n{result.stderr}")
        return result.stdout

    # The parts ---------------------------------------------------------------------------------

    def start_postgres(self) -> None:
        data, port = self.folder / "pg" / "data", self.state["pg_port"]
        if not data.exists():
            if not (PGBIN / "initdb").exists():
                raise SystemExit(f"PostgreSQL 15 is missing ({PGBIN}): apt-get install postgresql")
            (self.folder / "pg").mkdir(exist_ok=True)
            if os.geteuid() == 0:
                shutil.chown(self.folder / "pg", PG_USER)
            run(as_owner(f"{PGBIN}/initdb -D {data} -U postgres --auth=trust >/dev/null"))
        options = f"-p {port} -k {self.folder / 'pg'} -c listen_addresses={HOST}"
        log = self.folder / "pg" / "log"
        run(as_owner(f"{PGBIN}/pg_ctl -D {data} -o '{options}' -l {log} -w start >/dev/null"))
        import psycopg

        with psycopg.connect(
            host=HOST, port=port, user="postgres", dbname="postgres", autocommit=True
        ) as connection:
            if not connection.execute(
                "SELECT 1 FROM pg_database WHERE datname='ofcleague'"
            ).fetchone():
                connection.execute("CREATE DATABASE ofcleague")

    def stop_postgres(self) -> None:
        data = self.folder / "pg" / "data"
        if data.exists():
            subprocess.run(
                as_owner(f"{PGBIN}/pg_ctl -D {data} -w stop -m fast"), capture_output=True
            )

    def start_redis(self) -> None:
        folder = self.folder / "redis"
        folder.mkdir(exist_ok=True)
        port = self.state["redis_port"]
        # A cache: nothing on disk; when full, the entries nearest their expiry go first (every
        # page and every count has one), so a limit is dropped only after the old pages.
        arguments = [redis_binary(), "--port", str(port), "--bind", HOST, "--dir", str(folder)]
        arguments += ["--save", "", "--appendonly", "no", "--maxmemory", "256mb"]
        arguments += ["--maxmemory-policy", "volatile-ttl"]
        self.spawn("redis", arguments)
        wait_until(lambda: redis_answers(port), f"Redis on port {port}")

    def start_app(self, number: int) -> None:
        port = self.state["app_ports"][number]
        data_dir = self.folder / f"app{number}"
        data_dir.mkdir(exist_ok=True)
        arguments = serve_arguments(f"{HOST}:{port}", data_dir, self.state.get("workers"))
        name = f"app{number}"
        pid = self.spawn(
            name, [str(Path(sys.executable).parent / "gunicorn"), *arguments], self.env(data_dir)
        )
        wait_until(lambda: healthy(port) or not alive(pid), f"gunicorn on port {port}")
        if not alive(pid):
            raise SystemExit(f"app server {number} stopped: see {self.folder / name}.log")

    def start_worker(self) -> None:
        self.spawn("worker", [sys.executable, str(ROOT / "manage.py"), "db_worker", "--no-reload"])

    def start_nginx(self) -> None:
        server = proxy.start(
            self.state["port"], self.state["app_ports"], self.folder / "nginx", detach=True
        )
        self.state.setdefault("pids", {})["nginx"] = server.pid
        self.save()

    # The whole ---------------------------------------------------------------------------------

    def start(self, servers=3, port=8080, workers=None, extra=None) -> None:
        """Start every part; the folder is made anew (a cluster already there is stopped)."""
        if self.state_file.exists():
            self.stop()
        self.folder.mkdir(parents=True, exist_ok=True)
        self.folder.chmod(0o711)  # pgci and nginx's workers pass through it
        self.state = {
            "port": port,
            "pg_port": free_port(),
            "redis_port": free_port(),
            "app_ports": [free_port() for _ in range(servers)],
            "workers": workers,
            "secret_key": secrets.token_urlsafe(50),
            "extra": extra or {},
        }
        self.save()
        self.write_env_file()
        self.start_postgres()
        self.start_redis()
        self.manage("release")
        for number in range(servers):
            self.start_app(number)
        self.start_worker()
        self.start_nginx()

    def cpu_seconds(self) -> float:
        """CPU time (user and system) used so far by the cluster's processes: every part's
        process group and PostgreSQL's server with its backends, from /proc."""
        groups = set(self.state.get("pids", {}).values())
        master = self.folder / "pg" / "data" / "postmaster.pid"
        postgres = int(master.read_text().split()[0]) if master.exists() else -1
        ticks = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError, ValueError, IndexError):
                pid = int(stat.parent.name)
                fields = stat.read_text().rsplit(")", 1)[1].split()
                parent, group = int(fields[1]), int(fields[2])
                if group in groups or postgres in (pid, parent):
                    ticks += int(fields[11]) + int(fields[12])
        return ticks / os.sysconf("SC_CLK_TCK")

    def restart_app(self, number: int) -> None:
        """Stop one app server (SIGTERM, gracefully) and start it again on the same port."""
        self.signal(f"app{number}")
        self.start_app(number)

    def stop(self, remove=True) -> None:
        for name in list(self.state.get("pids", {})):
            self.signal(name)
        self.stop_postgres()
        if remove:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.state = {}


def run(arguments: list[str]) -> None:
    subprocess.run(arguments, check=True, timeout=180)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with contextlib.suppress(ChildProcessError):
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return False
    return True


def healthy(port: int) -> bool:
    with contextlib.suppress(OSError):
        return Browser(port).request("GET", "/healthz")[0] == 200
    return False


def redis_answers(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection((HOST, port), timeout=1) as sock:
        sock.sendall(b"PING\r\n")
        return sock.recv(16).startswith(b"+PONG")
    return False


def wait_until(condition, what: str, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise SystemExit(f"{what} did not answer within {seconds:.0f} s")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("start", "stop"))
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR)
    parser.add_argument("--servers", type=int, default=int(os.environ.get("SERVERS", 3)))
    parser.add_argument("--port", type=int, default=int(os.environ.get("CLUSTER_PORT", 8080)))
    options = parser.parse_args(argv)
    cluster = Cluster(options.dir)
    if options.command == "stop":
        cluster.stop()
        print(f"Cluster stopped; {options.dir} removed.")
        return
    try:
        cluster.start(servers=options.servers, port=options.port)
    except BaseException:
        cluster.stop(remove=False)
        raise
    ports = ", ".join(map(str, cluster.state["app_ports"]))
    print(f"Cluster up: http://{HOST}:{options.port}/ (nginx) -> app servers on {ports},")
    print(
        f"one task worker, PostgreSQL on {cluster.state['pg_port']}, Redis on "
        f"{cluster.state['redis_port']}. Env: {options.dir / 'env'}; logs: {options.dir}/*.log"
    )
    print("Stop it with: make cluster-stop")


if __name__ == "__main__":
    main()
