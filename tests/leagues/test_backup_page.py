"""The owner asks for the league's backup, a worker writes it (a task), the page offers it to
download while it is kept, and it restores elsewhere."""

import datetime
import gzip
import json

import pytest
from django.core.management import call_command
from django.test import override_settings
from django.utils import timezone
from django_tasks import default_task_backend

from ofcleague.backup.backup_tasks import KEEP, write_backup_job
from ofcleague.backup.league_backup import LEAGUE_FORMAT
from ofcleague.backup.models import LeagueBackupJob
from ofcleague.backup.writing import backup_labels
from ofcleague.league.leagues import League
from ofcleague.league.models import Evening
from tests.factories import UserFactory, scorekeeper_of

pytestmark = pytest.mark.django_db

URL = "/andere-runde/backup/"
QUEUE_ONLY = override_settings(
    TASKS={"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
)


def owner_of(league):
    return league.memberships.get(role="owner").user


def download_url(job):
    return f"{URL}{job.pk}/"


def test_the_owner_asks_for_the_backup_downloads_it_and_it_restores(client, other_league, tmp_path):
    from tests.leagues.builders import populate

    owner = owner_of(other_league)
    Evening._base_manager.filter(league=other_league).delete()
    players = populate(other_league, ["Zzyzx", "Quentin", "Xaver", "Yvonne"], year=2021)
    from ofcleague.rsvp.models import PlayerLink

    link = PlayerLink.objects.create(player=players[0])
    client.force_login(owner)
    client.cookies["django_language"] = "en"
    page = client.get(URL).content.decode()
    assert 'data-state="none"' in page and "Write a backup" in page
    # The request only asks; the tests' immediate task backend writes it at once.
    assert client.post(URL)["Location"] == URL
    job = LeagueBackupJob.objects.get()
    assert (job.league, job.requested_by, job.state) == (other_league, owner, "ready")
    page = client.get(URL).content.decode()
    assert f'href="{download_url(job)}"' in page and "It stays here for 7 days." in page
    response = client.get(download_url(job))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/gzip"
    assert 'filename="andere-runde-' in response["Content-Disposition"]
    assert "no-store" in response["Cache-Control"]
    data = json.loads(gzip.decompress(response.content))
    assert (data["format"], data["league"]) == (LEAGUE_FORMAT, "andere-runde")
    assert len(data["rows"]) == job.rows
    leagues = {item["fields"].get("league") for item in data["rows"] if "league" in item["fields"]}
    assert leagues == {other_league.pk}
    evenings = Evening._base_manager.filter(league=other_league).count()

    target = tmp_path / "andere.json.gz"
    target.write_bytes(response.content)
    League.objects.filter(pk=other_league.pk).update(slug="alte-runde")
    call_command("restore", str(target), league=True, verbosity=0)
    restored = League.objects.get(slug="andere-runde")
    assert restored.pk != other_league.pk
    assert Evening._base_manager.filter(league=restored).count() == evenings
    # Restored beside the league itself: the personal link got a token of its own.
    copy = PlayerLink.objects.get(player__league=restored)
    assert copy.token != link.token and PlayerLink.objects.get(pk=link.pk).token == link.token


@QUEUE_ONLY
def test_the_request_only_queues_the_backup_and_the_page_says_so(client, other_league):
    client.force_login(owner_of(other_league))
    client.cookies["django_language"] = "en"
    client.post(URL)
    job = LeagueBackupJob.objects.get()
    assert job.state == "queued" and job.data == b""
    (queued,) = default_task_backend.results
    assert queued.args == [job.pk] and queued.task.func is write_backup_job.func
    page = client.get(URL).content.decode()
    assert 'data-state="queued"' in page and "Your backup is being written" in page
    assert download_url(job) not in page and "<form" not in page.split('id="league-backup"')[1]
    assert client.get(download_url(job)).status_code == 404
    # Asking again while it is written queues nothing more.
    client.post(URL)
    assert LeagueBackupJob.objects.count() == 1 and len(default_task_backend.results) == 1
    client.cookies["django_language"] = "de"
    assert "Deine Sicherung wird geschrieben" in client.get(URL).content.decode()
    # The worker writes it once, however often the task runs.
    assert write_backup_job.call(job.pk) == "ready"
    assert write_backup_job.call(job.pk) == "claimed already"
    assert client.get(download_url(job)).status_code == 200


def test_a_new_backup_replaces_the_old_and_an_old_one_is_gone_after_a_week(client, other_league):
    client.force_login(owner_of(other_league))
    client.post(URL)
    first = LeagueBackupJob.objects.get()
    client.post(URL)
    second = LeagueBackupJob.objects.get()
    assert second.pk != first.pk and second.state == "ready"
    assert client.get(download_url(first)).status_code == 404
    LeagueBackupJob.objects.filter(pk=second.pk).update(
        created_at=timezone.now() - KEEP - datetime.timedelta(minutes=1)
    )
    assert client.get(download_url(second)).status_code == 404
    assert 'data-state="none"' in client.get(URL).content.decode()


def test_a_failed_backup_says_so_and_can_be_asked_for_again(client, other_league):
    client.force_login(owner_of(other_league))
    client.cookies["django_language"] = "en"
    job = LeagueBackupJob.objects.create(league=other_league, state="failed")
    page = client.get(URL).content.decode()
    assert 'data-state="failed"' in page and "could not be written" in page
    assert client.get(download_url(job)).status_code == 404
    client.post(URL)
    assert LeagueBackupJob.objects.filter(state="ready").count() == 1


def test_only_the_owner_gets_the_backup(client, other_league, first_league):
    client.force_login(owner_of(other_league))
    client.post(URL)
    job = LeagueBackupJob.objects.get()
    client.logout()
    for url in (URL, download_url(job)):
        assert client.get(url).status_code == 302  # to the login
    assert client.post(URL).status_code == 302
    stranger = UserFactory()
    client.force_login(stranger)
    for url in (URL, download_url(job)):
        assert client.get(url).status_code == 403
    assert client.post(URL).status_code == 403
    scorekeeper_of(stranger, league_id=other_league.pk)
    for url in (URL, download_url(job)):
        assert client.get(url).status_code == 403
    # The owner of another league gets this league's backup under no address of theirs.
    from ofcleague.league.leagues import Membership, Role

    Membership.objects.create(league=first_league, user=stranger, role=Role.OWNER)
    assert client.get(f"/{first_league.slug}/backup/{job.pk}/").status_code == 404
    assert LeagueBackupJob.objects.count() == 1


def test_no_backup_holds_the_kept_backups():
    assert "backup" not in backup_labels()


def test_the_delete_page_offers_the_backup_first(client, other_league):
    client.force_login(other_league.memberships.get().user)
    page = client.get("/andere-runde/delete/").content.decode()
    assert 'href="/andere-runde/backup/"' in page
    assert page.index("/andere-runde/backup/") < page.index('class="button danger"')


def test_a_backup_that_breaks_is_marked_failed_for_the_owner_and_the_sites_admin(
    admin_client, other_league, monkeypatch
):
    def broken(slug):
        raise OSError("disk full")

    monkeypatch.setattr("ofcleague.backup.backup_tasks.league_backup_data", broken)
    job = LeagueBackupJob.objects.create(league=other_league)
    with pytest.raises(OSError):
        write_backup_job.call(job.pk)
    job.refresh_from_db()
    assert (job.state, job.data, job.finished_at is not None) == ("failed", b"", True)
    page = admin_client.get("/admin/backup/leaguebackupjob/?state__exact=failed")
    assert page.status_code == 200 and "Andere Runde" in page.content.decode()


@QUEUE_ONLY
def test_a_backup_stuck_in_the_queue_can_be_asked_for_again(client, other_league):
    client.force_login(owner_of(other_league))
    client.cookies["django_language"] = "en"
    client.post(URL)
    stuck = LeagueBackupJob.objects.get()
    LeagueBackupJob.objects.filter(pk=stuck.pk).update(
        created_at=timezone.now() - datetime.timedelta(hours=1)
    )
    page = client.get(URL).content.decode()
    assert "takes far longer than it should" in page and "Write a new backup" in page
    client.post(URL)
    stuck.refresh_from_db()
    assert stuck.state == "failed"
    assert LeagueBackupJob.objects.filter(state="queued").exclude(pk=stuck.pk).count() == 1


def test_the_worker_writing_a_backup_makes_only_that_leagues_pages_stale(
    other_league, first_league
):
    from ofcleague.league.current import every_league, using_league
    from ofcleague.web.cache import league_version
    from ofcleague.web.models import LeagueVersion

    job = LeagueBackupJob.objects.create(league=other_league, requested_by=owner_of(other_league))
    for league in (first_league, other_league):
        with using_league(league):
            league_version()
    before = dict(LeagueVersion.objects.values_list("pk", "token"))
    with every_league():  # as the worker runs it: no league active
        assert write_backup_job.call(job.pk) == "ready"
    after = dict(LeagueVersion.objects.values_list("pk", "token"))
    assert after[other_league.pk] != before[other_league.pk]
    assert after[first_league.pk] == before[first_league.pk]
