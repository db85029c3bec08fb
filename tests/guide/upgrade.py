"""The guide's upgrade, run as written: a new commit with a migration upstream, the upgrade
block (note the release, ``git pull``, ``make release``, ``systemctl reload``), with a reader
asking the app through the proxy all along."""

import contextlib
import subprocess
import threading
import time
from pathlib import Path

MIGRATION = """from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("web", "{parent}")]
    operations = [migrations.RunSQL("SELECT 1", "SELECT 1")]
"""
NAME = "9999_guide_upgrade"


def git(folder, *arguments):
    command = ["git", "-c", "user.name=guide", "-c", "user.email=guide@example.org"]
    return subprocess.run(
        [*command, *arguments], cwd=folder, check=True, capture_output=True, text=True
    ).stdout.strip()


def checkout(root, prefix):
    """The guide's /srv/ofcleague/app: a clone of a clone of this checkout's commit, so that
    the upstream can take a new commit for the upgrade to pull."""
    upstream = prefix.parent / "upstream"
    git(prefix.parent, "clone", "--quiet", str(root), str(upstream))
    git(prefix.parent, "clone", "--quiet", str(upstream), str(prefix / "app"))
    return upstream


def commit_a_migration(upstream):
    folder = upstream / "ofcleague" / "web" / "migrations"
    parent = sorted(path.stem for path in folder.glob("0*.py"))[-1]
    (folder / f"{NAME}.py").write_text(MIGRATION.format(parent=parent))
    git(upstream, "add", ".")
    git(upstream, "commit", "--quiet", "-m", "A release with a migration")


def systemctl_shim(machine, reload_command):
    """``systemctl reload ofcleague`` runs the unit's ExecReload; anything else does nothing."""
    script = machine.tmp / "bin" / "systemctl"
    (machine.tmp / "reload.sh").write_text(reload_command + "\n")
    script.write_text(
        '#!/bin/sh\n[ "$1 $2" = "reload ofcleague" ] && exec sh -e '
        f"{machine.tmp / 'reload.sh'}\nexit 0\n"
    )
    script.chmod(0o755)


def workers(master):
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return set(map(int, children))


@contextlib.contextmanager
def reader(get, port):
    """Asks ``/readyz`` (answered by the app, never by nginx's cache) until the block ends;
    yields the lists of answers and failures."""
    answers, failures, done = [], [], threading.Event()

    def read():
        while not done.is_set():
            try:
                status = get(port, "/readyz")[0]
            except OSError as error:
                failures.append(repr(error))
                continue
            (answers if status == 200 else failures).append(status)

    thread = threading.Thread(target=read)
    thread.start()
    try:
        yield answers, failures
    finally:
        done.set()
        thread.join()


def upgrade_without_a_failed_request(machine, blocks, port, get, unit):
    app = machine.prefix / "app"
    upstream = machine.prefix.parent / "upstream"
    commit_a_migration(upstream)
    old_release = git(app, "rev-parse", "HEAD")
    reload = unit(blocks["ofcleague.service"])["ExecReload"].replace("$$", "$")
    systemctl_shim(machine, machine.local(reload))
    master = int((machine.prefix / "var" / "gunicorn.pid").read_text())
    before = workers(master)
    with reader(get, port) as (answers, failures):
        machine.run(blocks["upgrade"])
        deadline = time.monotonic() + 120
        while not (workers(master) and not workers(master) & before):
            assert time.monotonic() < deadline, "gunicorn did not replace its workers"
            time.sleep(0.2)
        count = len(answers)
        while len(answers) < count + 5 and time.monotonic() < deadline:
            time.sleep(0.1)  # a few answers from the new workers too
    assert failures == []
    assert len(answers) > 5
    assert (machine.prefix / "var" / "previous-release").read_text().strip() == old_release
    assert git(app, "log", "-1", "--format=%s") == "A release with a migration"
    applied = subprocess.run(
        [
            "psql",
            "-tAc",
            f"SELECT count(*) FROM django_migrations WHERE name = '{NAME}'",
            "ofcleague",
        ],
        env=machine.env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert applied == "1"
    assert list((machine.prefix / "backups").glob("league-*-before-release.json.gz"))
