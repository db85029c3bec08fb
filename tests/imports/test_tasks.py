"""Long imports and undoing one run as a task: the request only queues it, the job page shows
how far it is, and the task writes once however often it runs."""

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import override_settings
from django_tasks import default_task_backend
from django_tasks_db.management.commands import db_worker
from django_tasks_db.models import DBTaskResult

from ofcleague.league.batches import ImportBatch
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Evening, Player
from ofcleague.members.import_tasks import run_import_job
from ofcleague.members.models import ImportJob
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
QUEUE_ONLY = override_settings(
    TASKS={"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}}
)


@pytest.fixture
def owner(first_league):
    user = UserFactory(username="owner")
    Membership.objects.create(league=first_league, user=user, role=Role.OWNER)
    return user


@pytest.fixture
def owner_client(client, owner):
    client.force_login(owner)
    client.cookies["django_language"] = "en"
    return client


def history_csv(evenings, players=("Anna", "Bert", "Carla", "Dora")):
    lines = ["Datum;Spieler;Platz"]
    for number in range(evenings):
        day = datetime.date(2010, 1, 1) + datetime.timedelta(days=number)
        lines += [f"{day:%d.%m.%Y};{name};{seat}" for seat, name in enumerate(players, 1)]
    return ("\n".join(lines) + "\n").encode()


def confirm(client, data):
    client.post("/ofc-runde/import/", {"file": SimpleUploadedFile("alt.csv", data)})
    return client.post("/ofc-runde/import/preview/", {"action": "confirm"})


def written():
    return (Evening.objects.count(), Player.objects.count(), ImportBatch.objects.count())


def test_a_400_row_import_runs_as_a_task_and_its_page_shows_the_result(owner_client):
    response = confirm(owner_client, history_csv(100))
    job = ImportJob.objects.get()
    assert response.url == f"/ofc-runde/import/job/{job.pk}/"
    assert (job.kind, job.state, job.rows, job.evenings) == ("import", "done", 400, 100)
    assert job.given == {}  # the file is not kept once stored
    assert written() == (100, 4, 1) and job.batch == ImportBatch.objects.get()
    page = owner_client.get(response.url).content.decode()
    assert '<progress id="import-progress" max="3" value="3"' in page
    assert "The import is stored: 100 evenings." in page
    assert f'href="/ofc-runde/import/{job.batch_id}/"' in page and 'href="/ofc-runde/"' in page
    assert "data-poll" not in page
    assert owner_client.get("/ofc-runde/import/preview/").url == "/ofc-runde/import/"


def test_a_short_import_stays_in_the_request(owner_client):
    def preview(evenings):
        data = SimpleUploadedFile("a.csv", history_csv(evenings))
        owner_client.post("/ofc-runde/import/", {"file": data})
        return owner_client.get("/ofc-runde/import/preview/").content

    assert b'id="import-in-background"' in preview(76)  # 304 rows
    assert b'id="import-in-background"' not in preview(75)  # 300 rows
    response = owner_client.post("/ofc-runde/import/preview/", {"action": "confirm"})
    assert response.url == f"/ofc-runde/import/{ImportBatch.objects.get().pk}/"
    assert not ImportJob.objects.exists()


@QUEUE_ONLY
def test_the_request_only_queues_the_import_and_the_page_says_so(owner_client):
    response = confirm(owner_client, history_csv(100))
    job = ImportJob.objects.get()
    assert written() == (0, 0, 0) and job.state == "queued"
    (queued,) = default_task_backend.results
    assert queued.args == [job.pk] and queued.task.func is run_import_job.func
    page = owner_client.get(response.url).content.decode()
    assert '<progress id="import-progress" max="3" value="0"' in page
    assert f'data-poll="/ofc-runde/import/job/{job.pk}/"' in page
    assert f'href="/ofc-runde/import/job/{job.pk}/" id="import-job-reload"' in page
    assert "js/import_job.js" in page
    ImportJob.objects.filter(pk=job.pk).update(state="running", step=2)
    page = owner_client.get(response.url).content.decode()
    assert "Storing 400 rows as 100 evenings …" in page and 'value="2"' in page
    owner_client.cookies["django_language"] = "de"
    page = owner_client.get(response.url).content.decode()
    assert "400 Zeilen werden als 100 Abende gespeichert …" in page
    ImportJob.objects.filter(pk=job.pk).update(state="queued", step=0)
    assert run_import_job.call(job.pk) == "done"
    assert written() == (100, 4, 1)


@QUEUE_ONLY
def test_the_task_run_twice_writes_once(owner_client):
    confirm(owner_client, history_csv(100))
    job = ImportJob.objects.get()
    given = job.given
    assert run_import_job.call(job.pk) == "done"
    assert run_import_job.call(job.pk) == "claimed already"
    assert written() == (100, 4, 1)
    # A second job of the same input (a second confirm that slipped through) is refused by
    # the import's token: it fails with a message and writes nothing more.
    again = ImportJob.objects.create(
        league=job.league, kind="import", created_by=job.created_by, given=given
    )
    assert run_import_job.call(again.pk) == "failed"
    again.refresh_from_db()
    assert again.message == "This import is stored already."
    assert written() == (100, 4, 1)


@QUEUE_ONLY
def test_undo_is_queued_then_run_once(owner_client):
    with override_settings(TASKS={"default": {"BACKEND": _IMMEDIATE}}):
        confirm(owner_client, history_csv(100))
    batch = ImportBatch.objects.get()
    response = owner_client.post(f"/ofc-runde/import/{batch.pk}/undo/")
    job = ImportJob.objects.get(kind="undo")
    assert response.url == f"/ofc-runde/import/job/{job.pk}/"
    assert job.state == "queued" and written() == (100, 4, 1)
    # Undoing again while it waits is the same job.
    assert owner_client.post(f"/ofc-runde/import/{batch.pk}/undo/").url == response.url
    assert 'value="0"' in owner_client.get(response.url).content.decode()
    assert run_import_job.call(job.pk) == "done"
    assert run_import_job.call(job.pk) == "claimed already"
    assert written() == (0, 0, 1)
    batch.refresh_from_db()
    assert batch.undone_at is not None
    page = owner_client.get(response.url).content.decode()
    assert "The import is undone: its evenings are deleted." in page
    refused = owner_client.post(f"/ofc-runde/import/{batch.pk}/undo/", follow=True)
    assert "This import was undone already." in refused.content.decode()
    assert ImportJob.objects.filter(kind="undo").count() == 1


_IMMEDIATE = "django_tasks.backends.immediate.ImmediateBackend"


def test_an_undo_through_the_task_takes_everything_back(owner_client):
    confirm(owner_client, history_csv(100))
    batch = ImportBatch.objects.get()
    response = owner_client.post(f"/ofc-runde/import/{batch.pk}/undo/", follow=True)
    assert written() == (0, 0, 1)
    assert "The import is undone" in response.content.decode()
    assert ImportJob.objects.get(kind="undo").state == "done"


def test_the_job_page_is_the_owners_of_its_league(client, owner_client, owner):
    confirm(owner_client, history_csv(100))
    job = ImportJob.objects.get()
    keeper = UserFactory()
    Membership.objects.create(league_id=1, user=keeper, role=Role.SCOREKEEPER)
    client.force_login(keeper)
    assert client.get(f"/ofc-runde/import/job/{job.pk}/").status_code == 403
    other = League.objects.create(name="Andere", slug="andere")
    Membership.objects.create(league=other, user=owner, role=Role.OWNER)
    owner_client.force_login(owner)
    assert owner_client.get(f"/andere/import/job/{job.pk}/").status_code == 404


@override_settings(TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}})
def test_the_database_worker_runs_the_queued_import_once(owner_client, monkeypatch):
    # The worker closes connections between tasks; the test's transaction must stay open.
    monkeypatch.setattr(db_worker, "close_old_connections", lambda: None)
    confirm(owner_client, history_csv(100))
    job = ImportJob.objects.get()
    assert job.state == "queued" and written() == (0, 0, 0)
    assert DBTaskResult.objects.get().args_kwargs == {"args": [job.pk], "kwargs": {}}
    for _ in range(2):  # a second worker finds nothing left to do
        call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)
    job.refresh_from_db()
    assert job.state == "done" and written() == (100, 4, 1)
    assert DBTaskResult.objects.get().status == "SUCCESSFUL"
