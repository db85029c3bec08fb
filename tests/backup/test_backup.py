"""manage.py backup and restore: a round trip keeps the whole league, and restore never merges."""

import datetime
import errno
import gzip
import json
import os
import stat
import tempfile
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import Group, Permission
from django.core.management import CommandError, call_command
from django.core.management.color import no_style
from django.db import connection

from ofcleague.backup.writing import backup_models
from ofcleague.league.models import (
    Evening,
    EveningPlayer,
    League,
    Player,
    PrizeShare,
    RoundScore,
)
from ofcleague.web.cache import league_version
from tests.conftest import run_manage
from tests.factories import (
    EveningFactory,
    EveningPlayerFactory,
    RoundScoreFactory,
    UserFactory,
    _count_keys_on,
)


def millisecond(value):
    """Django's JSON serializer keeps times to the millisecond; compare them at that precision."""
    if isinstance(value, datetime.datetime | datetime.time):
        return value.replace(microsecond=value.microsecond // 1000 * 1000)
    return value


def snapshot():
    """Every row of every backed-up model, plus the users' group and permission links."""
    rows = {
        model._meta.label: sorted(
            (
                {key: millisecond(value) for key, value in row.items()}
                for row in model._base_manager.values()
            ),
            key=lambda row: json.dumps(row, default=str),
        )
        for model in backup_models()
    }
    rows["links"] = sorted(
        (user.username, group.name)
        for user in UserFactory._meta.model.objects.all()
        for group in user.groups.all()
    )
    rows["group_permissions"] = sorted(
        (group.name, permission.codename)
        for group in Group.objects.all()
        for permission in group.permissions.all()
    )
    return rows


def wipe():
    """Empty every backed-up table but leave rows like those migrations seed into a new one,
    and let the id counters start over as in a new database."""
    for model in reversed(backup_models()):
        model._base_manager.all().delete()
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("DELETE FROM sqlite_sequence")
        else:
            sequences = connection.introspection.sequence_list()
            for statement in connection.ops.sequence_reset_by_name_sql(no_style(), sequences):
                cursor.execute(statement)
    League.objects.create(pk=1, name=settings.LEAGUE_NAME, slug=settings.LEAGUE_SLUG)
    _count_keys_on(League)
    PrizeShare.objects.bulk_create([PrizeShare(place=1, weight=2), PrizeShare(place=2, weight=1)])
    Group.objects.create(name="Scorekeepers")


@pytest.fixture
def league(history):
    """The shipped history plus an evening with round points, edits and a scorekeeper."""
    evening = EveningFactory(notes="First notes", rounds=1)
    for number, points in enumerate([12, -4, -8], start=1):
        seat = EveningPlayerFactory(evening=evening, place=number, total=points)
        RoundScoreFactory(evening_player=seat, round_number=1, points=points)
    evening.notes = "Corrected notes"
    evening.save()
    PrizeShare.objects.create(place=3, weight=1)
    regulars = Group.objects.create(name="Friday regulars")
    regulars.permissions.add(Permission.objects.get(codename="enter_results"))
    UserFactory(username="anna").groups.add(regulars)
    return evening


def test_round_trip_keeps_every_evening_player_point_place_and_history_entry(league, tmp_path):
    before = snapshot()
    assert Evening.history.count() >= 2
    target = tmp_path / "league.json.gz"

    call_command("backup", str(target), verbosity=0)
    wipe()
    assert Evening.objects.count() == 0
    call_command("restore", str(target), verbosity=0)

    assert snapshot() == before
    assert Evening.objects.count() == len(before["league.Evening"]) > 6
    assert Player.objects.count() == len(before["league.Player"])
    assert RoundScore.objects.filter(evening_player__evening=league).count() == 3
    assert list(EveningPlayer.objects.filter(evening=league).values_list("place", "total")) == [
        (1, 12),
        (2, -4),
        (3, -8),
    ]
    assert list(Evening.history.filter(id=league.pk).values_list("notes", flat=True)) == [
        "Corrected notes",
        "First notes",
    ]


def test_backup_is_gzip_compressed_json(league, tmp_path):
    target = tmp_path / "any-name.bak"
    call_command("backup", str(target), verbosity=0)
    objects = json.loads(gzip.decompress(target.read_bytes()))
    models = {item["model"] for item in objects}
    assert {"league.evening", "league.historicalevening", "auth.user"} <= models
    assert "sessions.session" not in models


def test_restore_refuses_a_database_that_holds_data(league, tmp_path):
    target = tmp_path / "league.json.gz"
    call_command("backup", str(target), verbosity=0)
    before = snapshot()

    with pytest.raises(CommandError, match="only into an empty database"):
        call_command("restore", str(target), verbosity=0)

    assert snapshot() == before


def test_restore_of_a_missing_file_says_so(db, tmp_path):
    with pytest.raises(CommandError, match="No backup at"):
        call_command("restore", str(tmp_path / "missing.json.gz"), verbosity=0)


def test_restore_makes_cached_pages_stale(
    league, tmp_path, settings, django_capture_on_commit_callbacks
):
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
        "pages": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    }
    target = tmp_path / "league.json.gz"
    call_command("backup", str(target), verbosity=0)
    wipe()
    before = league_version()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("restore", str(target), verbosity=0)
    assert league_version() != before


@pytest.fixture
def open_umask():
    """A umask that would make new files world-readable."""
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def test_backup_file_is_readable_by_its_owner_only(league, tmp_path, open_umask):
    target = tmp_path / "league.json.gz"
    call_command("backup", str(target), verbosity=0)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_backup_over_an_old_world_readable_backup_is_private_too(league, tmp_path, open_umask):
    target = tmp_path / "league.json.gz"
    target.write_bytes(b"old")
    target.chmod(0o644)
    call_command("backup", str(target), verbosity=0)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert json.loads(gzip.decompress(target.read_bytes()))


def refused_on_the_command_line(target, capsys) -> str:
    """Run ``manage.py backup target`` as the shell would; return its one line on stderr."""
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit:
        run_manage("backup", str(target))
    assert exit.value.code == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err.strip()


@pytest.fixture
def old_backup(league, tmp_path):
    """A good backup from before, in a folder of its own (nothing else in it)."""
    folder = tmp_path / "backups"
    folder.mkdir()
    target = folder / "league.json.gz"
    call_command("backup", str(target), verbosity=0)
    return target, target.read_bytes()


def assert_untouched(old_backup):
    target, content = old_backup
    assert target.read_bytes() == content
    assert [path.name for path in target.parent.iterdir()] == [target.name]


def test_a_folder_given_as_the_file_is_refused_in_one_line(old_backup, capsys):
    target, _ = old_backup
    line = refused_on_the_command_line(target.parent, capsys)
    assert "is a folder" in line and "file name" in line
    assert_untouched(old_backup)


@pytest.mark.parametrize(
    ("where", "message"),
    [("missing/league.json.gz", "does not exist"), ("league.json.gz/x.json.gz", "not a folder")],
    ids=["missing-parent", "parent-is-a-file"],
)
def test_a_target_in_no_folder_is_refused_in_one_line(old_backup, capsys, where, message):
    target, _ = old_backup
    line = refused_on_the_command_line(target.parent / where, capsys)
    assert message in line
    assert_untouched(old_backup)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into any folder")
def test_an_unwritable_folder_is_refused_in_one_line(old_backup, capsys):
    target, _ = old_backup
    target.parent.chmod(0o500)
    try:
        line = refused_on_the_command_line(target, capsys)
    finally:
        target.parent.chmod(0o700)
    assert "Permission denied" in line
    assert_untouched(old_backup)


def test_a_folder_refusing_the_temporary_file_is_refused_in_one_line(
    old_backup, capsys, monkeypatch
):
    """What an unwritable folder does (root writes anywhere, so it is simulated)."""

    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied", kwargs.get("dir"))

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    line = refused_on_the_command_line(old_backup[0], capsys)
    assert "could not be written" in line and "Permission denied" in line
    assert_untouched(old_backup)


def test_the_backup_is_written_through_a_temporary_file_beside_it(old_backup, monkeypatch):
    target, _ = old_backup
    made = []
    real = tempfile.mkstemp

    def spied(*args, **kwargs):
        descriptor, name = real(*args, **kwargs)
        made.append(Path(name))
        return descriptor, name

    monkeypatch.setattr(tempfile, "mkstemp", spied)
    call_command("backup", str(target), verbosity=0)
    assert len(made) == 1 and made[0].parent == target.parent and not made[0].exists()
    assert [path.name for path in target.parent.iterdir()] == [target.name]


@pytest.mark.parametrize(
    "failure",
    [OSError(errno.ENOSPC, "No space left on device"), KeyboardInterrupt()],
    ids=["disk-full", "interrupted"],
)
def test_a_failure_mid_write_leaves_the_old_backup_and_no_temporary_file(
    old_backup, capsys, monkeypatch, failure
):
    real_write = gzip.GzipFile.write

    def half_then_fail(archive, data):
        real_write(archive, data[: len(data) // 2])
        raise failure

    monkeypatch.setattr(gzip.GzipFile, "write", half_then_fail)
    if isinstance(failure, OSError):
        line = refused_on_the_command_line(old_backup[0], capsys)
        assert "could not be written" in line and "No space left on device" in line
    else:
        with pytest.raises(KeyboardInterrupt):
            call_command("backup", str(old_backup[0]), verbosity=0)
    assert_untouched(old_backup)


def test_a_backup_that_does_not_read_back_whole_never_replaces_the_old_one(
    old_backup, capsys, monkeypatch
):
    real_write = gzip.GzipFile.write
    monkeypatch.setattr(
        gzip.GzipFile, "write", lambda archive, data: real_write(archive, data[:-1])
    )
    line = refused_on_the_command_line(old_backup[0], capsys)
    assert "does not read back" in line
    assert_untouched(old_backup)


def test_a_failure_when_renaming_leaves_the_old_backup_and_no_temporary_file(
    old_backup, capsys, monkeypatch
):
    def refused(source, target):
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(os, "replace", refused)
    line = refused_on_the_command_line(old_backup[0], capsys)
    assert "could not be written" in line
    assert_untouched(old_backup)
