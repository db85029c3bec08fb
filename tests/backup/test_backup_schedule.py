"""The scheduled backup: one command for the timer and cron, its folder made, names by time,
old ones removed; and the release step, which backs up before it migrates."""

import gzip
import io
import os
import time
from datetime import UTC, datetime

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from ofcleague.backup.management.commands import backup as backup_command
from ofcleague.backup.schedule import BACKUP_NAME, dated_path, remove_older


def test_names_keep_several_backups_a_day(tmp_path):
    morning = dated_path(tmp_path, datetime(2026, 12, 6, 4, 15, 0, tzinfo=UTC))
    evening = dated_path(tmp_path, datetime(2026, 12, 6, 20, 5, 9, tzinfo=UTC))
    assert morning.name == "league-2026-12-06-041500.json.gz"
    assert morning != evening
    assert BACKUP_NAME.match(morning.name) and BACKUP_NAME.match(evening.name)


@pytest.mark.django_db
def test_backup_into_a_missing_folder_makes_it_and_removes_only_old_backups(tmp_path, monkeypatch):
    folder = tmp_path / "backups" / "nightly"
    call_command("backup", into=str(folder), keep_days=30, stdout=io.StringIO())
    [first] = folder.iterdir()
    assert BACKUP_NAME.match(first.name)
    assert oct(folder.stat().st_mode & 0o777) == "0o700"
    assert gzip.decompress(first.read_bytes()).startswith(b"[")
    old = folder / "league-2026-01-01-041500.json.gz"
    old.write_bytes(first.read_bytes())
    unrelated = folder / "notes.txt"
    unrelated.write_text("keep me")
    month_ago = time.time() - 31 * 24 * 3600
    os.utime(old, (month_ago, month_ago))
    os.utime(unrelated, (month_ago, month_ago))
    # A second backup the same day, an hour later, is a file of its own.
    later = datetime(2099, 1, 1, 5, 15, 0, tzinfo=UTC)
    monkeypatch.setattr(backup_command, "dated_path", lambda folder: dated_path(folder, later))
    call_command("backup", into=str(folder), keep_days=30, stdout=io.StringIO())
    names = sorted(path.name for path in folder.iterdir())
    assert old.name not in names
    assert "notes.txt" in names
    assert len([name for name in names if BACKUP_NAME.match(name)]) == 2


def test_remove_older_keeps_recent_backups(tmp_path):
    recent = dated_path(tmp_path)
    recent.write_bytes(b"x")
    assert remove_older(tmp_path, 30) == []
    assert recent.exists()


@pytest.mark.django_db
def test_backup_wants_a_file_or_a_folder(tmp_path):
    with pytest.raises(CommandError, match="either a FILE or a folder"):
        call_command("backup")
    with pytest.raises(CommandError, match="only with --into"):
        call_command("backup", str(tmp_path / "x.json.gz"), keep_days=3)


@pytest.mark.django_db
def test_release_without_migrations_leaves_the_database_alone(tmp_path):
    out = io.StringIO()
    call_command("release", backup_into=str(tmp_path / "b"), skip_static=True, stdout=out)
    assert "No migrations to apply" in out.getvalue()
    assert not (tmp_path / "b").exists()


@pytest.mark.django_db(transaction=True)
def test_release_backs_up_before_it_migrates(tmp_path):
    call_command("migrate", "sessions", "zero", verbosity=0)
    assert "django_session" not in connection.introspection.table_names()
    out = io.StringIO()
    call_command("release", backup_into=str(tmp_path / "b"), skip_static=True, stdout=out)
    [backup] = (tmp_path / "b").iterdir()
    assert backup.name.endswith("-before-release.json.gz")
    assert BACKUP_NAME.match(backup.name)
    assert "django_session" in connection.introspection.table_names()
    assert "Release ready" in out.getvalue()
