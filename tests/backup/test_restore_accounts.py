"""Restore says which accounts it brings, and with --without-users keeps the site's own: its
accounts, groups and permissions stay as they are, and the league's history still loads, its
links to accounts pointing at the site's account of the same name or at none."""

import io

import pytest
from django.contrib.admin.models import ADDITION, LogEntry
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.core.management import CommandError, call_command

from ofcleague.league.models import Evening
from tests.backup.test_backup import snapshot, wipe
from tests.backup.test_restore import take_backup, write
from tests.factories import EveningFactory, EveningPlayerFactory, RoundScoreFactory, UserFactory

ACCOUNT_KEYS = {"auth.Group", "auth.User", "admin.LogEntry", "links", "group_permissions"}


def league_rows():
    """Every backed-up row but the accounts', groups' and admin log's, without account links."""
    return {
        label: [{k: v for k, v in row.items() if k != "history_user_id"} for row in rows]
        for label, rows in snapshot().items()
        if label not in ACCOUNT_KEYS
    }


def accounts():
    """The site's accounts, groups and permissions as they are stored."""
    return (
        sorted(User.objects.values_list("username", "password", "is_superuser")),
        sorted(
            (group.name, permission.codename)
            for group in Group.objects.all()
            for permission in group.permissions.all()
        ),
        sorted(Group.objects.values_list("name", flat=True)),
        sorted(LogEntry.objects.values_list("object_repr", flat=True)),
    )


@pytest.fixture
def backup(seeded, tmp_path):
    """A backup of an evening edited by anna and by admin, with three accounts (admin a
    superuser) and a group; the database is emptied after it."""
    evening = EveningFactory(rounds=1, notes="First notes")
    for place, value in enumerate([5, -5], start=1):
        seat = EveningPlayerFactory(evening=evening, place=place, total=value)
        RoundScoreFactory(evening_player=seat, round_number=1, points=value)
    admin = User.objects.create_superuser("admin", "admin@example.org", "pw-admin-123")
    anna, _bob = UserFactory(username="anna"), UserFactory(username="bob")
    evening.notes = "Corrected notes"
    evening.save()
    first, second = Evening.history.filter(id=evening.pk).order_by("history_id")
    first.history_user, second.history_user = anna, admin
    first.save()
    second.save()
    Group.objects.create(name="Friday regulars").user_set.add(anna)
    before = league_rows()
    objects = take_backup(tmp_path)
    wipe()
    return write(tmp_path, objects), before, evening


def restore(path, *options):
    out = io.StringIO()
    call_command("restore", str(path), *options, stdout=out)
    return out.getvalue()


def test_restore_lists_the_accounts_it_brings(backup):
    path, before, _ = backup
    out = restore(path)
    assert "Restoring 3 accounts, superusers: admin." in out
    assert sorted(User.objects.values_list("username", flat=True)) == ["admin", "anna", "bob"]
    assert league_rows() == before


def test_restore_without_a_superuser_says_how_to_make_one(seeded, tmp_path):
    EveningFactory()  # a league of its own is not needed: one account is
    UserFactory(username="anna")
    path = write(
        tmp_path, [item for item in take_backup(tmp_path) if "evening" not in item["model"]]
    )
    wipe()
    out = restore(path)
    assert "Restoring 1 account, no superuser: create one with `manage.py createsuperuser`" in out


def test_an_inactive_superuser_is_listed_as_inactive(seeded, tmp_path):
    User.objects.create_superuser("old", "old@example.org", "pw-old-123", is_active=False)
    path = write(tmp_path, take_backup(tmp_path))
    wipe()
    assert "Restoring 1 account, superusers: old (inactive)." in restore(path)


@pytest.fixture
def site_accounts(db):
    """The site's own accounts, made after the backup: another anna, a superuser root, a group
    with a permission and an entry in the admin's log."""
    UserFactory(username="anna", password="the site's own anna")
    root = User.objects.create_superuser("root", "root@example.org", "pw-root-123")
    Group.objects.create(name="Site group").permissions.add(
        Permission.objects.get(codename="enter_results")
    )
    LogEntry.objects.create(
        user=root,
        content_type=ContentType.objects.get_for_model(User),
        object_id=str(root.pk),
        object_repr="root made",
        action_flag=ADDITION,
    )
    return accounts()


def test_without_users_keeps_the_sites_accounts_and_restores_the_league(backup, site_accounts):
    path, before, evening = backup
    out = restore(path, "--without-users")

    assert accounts() == site_accounts
    assert not Group.objects.filter(name="Friday regulars").exists()
    assert league_rows() == before
    assert "Leaving out the backup's 3 accounts, superusers: admin; " in out
    assert "keeping this site's 2 accounts, superusers: root." in out
    # anna's change links to the site's anna; admin's to none (the site has no admin).
    authors = Evening.history.filter(id=evening.pk).order_by("history_id")
    assert [record.history_user for record in authors] == [User.objects.get(username="anna"), None]
    assert "1 history record names an account this site lacks (admin)" in out


def test_without_users_into_a_site_without_accounts_restores_the_league(backup):
    path, before, evening = backup
    out = restore(path, "--without-users")
    assert not User.objects.exists()
    assert league_rows() == before
    assert not Evening.history.filter(history_user__isnull=False).exists()
    assert "keeping this site's 0 accounts, no superuser." in out
    assert "2 history records name an account this site lacks (admin, anna)" in out


def test_a_site_with_accounts_but_no_league_points_at_without_users(backup, site_accounts):
    path, _, _ = backup
    with pytest.raises(CommandError, match="already holds auth.User") as refused:
        restore(path)
    assert "--without-users" in str(refused.value)
    assert accounts() == site_accounts and not Evening.objects.exists()


def test_without_users_still_refuses_a_database_that_holds_league_data(backup, site_accounts):
    path, _, _ = backup
    EveningFactory()
    with pytest.raises(CommandError, match="already holds") as refused:
        restore(path, "--without-users")
    assert "league.Evening" in str(refused.value) and "auth.User" not in str(refused.value)
    assert accounts() == site_accounts and Evening.objects.count() == 1
