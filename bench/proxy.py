"""nginx from Debian in front of gunicorn, with the page cache of docs/nginx-cache.conf.

The load test runs the very file the deployment guide shows, changed only where a test on
127.0.0.1 must differ from a site on the internet (``CHANGES``: each must match exactly once,
so the file and the test cannot drift apart unnoticed). nginx runs as a child process
(``daemon off``) with its configuration, pid file, temporary files and cache in the test's own
directory, and is stopped at the end. Nothing is installed here: without ``/usr/sbin/nginx``
the load test says what to install and stops.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from pathlib import Path

from client import HOST, Browser

NGINX = Path("/usr/sbin/nginx")
INSTALL = "apt-get install -y nginx-light (Debian's nginx; the load test needs /usr/sbin/nginx)"
CONF = Path(__file__).resolve().parent.parent / "docs" / "nginx-cache.conf"

WRAPPER = """\
daemon off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log stderr warn;
{user}
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {dir}/temp/body;
    proxy_temp_path {dir}/temp/proxy;
    fastcgi_temp_path {dir}/temp/fastcgi;
    uwsgi_temp_path {dir}/temp/uwsgi;
    scgi_temp_path {dir}/temp/scgi;
    include {dir}/site.conf;
}}
"""


def changes(port: int, app_port: int | list[int], directory: Path) -> list[tuple[str, str]]:
    """What the test changes in docs/nginx-cache.conf, as (text, replacement) pairs. Several
    ``app_port`` are several app servers, each a line of the upstream block (bench/cluster.py)."""
    ports = app_port if isinstance(app_port, list) else [app_port]
    upstream = "\n    ".join(f"server {HOST}:{each};" for each in ports)
    return [
        # Plain HTTP on the loopback address instead of HTTPS on the internet ...
        ("listen 443 ssl;", f"listen {HOST}:{port};"),
        (
            "    ssl_certificate     /etc/letsencrypt/live/league.example.org/fullchain.pem;\n"
            "    ssl_certificate_key /etc/letsencrypt/live/league.example.org/privkey.pem;\n",
            "",
        ),
        # ... so it tells the app what the TLS terminator it stands in for would tell it,
        (
            "proxy_set_header X-Forwarded-Proto $scheme;",
            "proxy_set_header X-Forwarded-Proto https;",
        ),
        ("server_name league.example.org;\n", f"server_name {HOST};\n"),
        # and there is no port 80 to redirect from.
        (
            "server { listen 80; server_name league.example.org; "
            "return 301 https://$host$request_uri; }\n",
            "",
        ),
        ("server 127.0.0.1:8000;", upstream),
        ("/var/cache/nginx/ofcleague", str(directory / "cache")),
    ]


def render(port: int, app_port: int | list[int], directory: Path) -> str:
    text = CONF.read_text(encoding="utf-8")
    for old, new in changes(port, app_port, directory):
        if text.count(old) != 1:
            raise SystemExit(f"{CONF}: expected {old!r} exactly once; update bench/proxy.py")
        text = text.replace(old, new)
    return text


def start(
    port: int, app_port: int | list[int], directory: Path, detach: bool = False
) -> subprocess.Popen:
    """Start nginx on ``HOST:port`` in front of gunicorn on ``app_port``; wait until it answers.
    ``detach``: its output goes to ``directory``/nginx.log, so it outlives this process."""
    if not NGINX.exists():
        raise SystemExit(f"nginx is missing: {INSTALL}")
    (directory / "temp").mkdir(parents=True)
    user = ""
    if os.geteuid() == 0:
        # As root nginx's workers run as nobody: they must pass through this folder and the
        # test's own (both made by the test) to the cache and temporary folders, which nginx
        # creates and hands over to them itself.
        user = "user nobody nogroup;"
        for folder in (directory, directory.parent):
            folder.chmod(folder.stat().st_mode | 0o111)
    (directory / "site.conf").write_text(render(port, app_port, directory), encoding="utf-8")
    (directory / "nginx.conf").write_text(WRAPPER.format(dir=directory, user=user))
    output = open(directory / "nginx.log", "ab") if detach else None  # noqa: SIM115
    server = subprocess.Popen(
        [str(NGINX), "-p", f"{directory}/", "-c", str(directory / "nginx.conf"), "-e", "stderr"],
        start_new_session=True,
        stdin=subprocess.DEVNULL if detach else None,
        stdout=output,
        stderr=output,
    )
    if output is not None:
        output.close()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"nginx stopped at once (exit {server.returncode}); see above")
        with contextlib.suppress(OSError):
            status, _, _, _ = Browser(port).request("GET", "/healthz")
            if status == 200:
                return server
        time.sleep(0.1)
    stop(server)
    raise SystemExit("nginx did not answer /healthz within 15 seconds")


def stop(server: subprocess.Popen) -> None:
    """Fast shutdown (SIGTERM) of nginx's master and workers, SIGKILL if that hangs."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)


def version() -> str:
    """nginx's version line and the Debian package it came from."""
    line = subprocess.run([str(NGINX), "-v"], capture_output=True, text=True).stderr.strip()
    package = subprocess.run(
        ["dpkg-query", "-W", "-f", "${Package} ${Version}", "nginx"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    return f"{line} (Debian package {package})" if package else line
