"""The league backups its owner asks for (``backup_tasks``), driven by random sequences: owners
and others ask on the backup page, workers run the queued tasks (twice now and then, or
failing), time passes, and everybody tries to download every backup under every league's
address. After every step the rules the code states hold: asking while a backup is queued or
being written writes none more, one a league at most is pending and one ready, a ready backup
holds its league's rows only and goes to that league's owner only, for ``KEEP``; a backup
stuck past ``STUCK_AFTER`` fails when asked again and a new one is queued; an older one goes
once a newer is written.
"""

from __future__ import annotations

import datetime
import gzip
import json
import os
from unittest import mock

import pytest
from django.db import transaction
from django.test import Client, override_settings
from django.utils import timezone
from django_tasks import default_task_backend
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from ofcleague.backup.backup_tasks import KEEP, write_backup_job
from ofcleague.backup.league_backup import LEAGUE_FORMAT
from ofcleague.backup.models import STUCK_AFTER, LeagueBackupJob
from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from tests.factories import PlayerFactory, UserFactory

EXAMPLES = int(os.environ.get("OFC_STATEFUL_EXAMPLES", "200")) // 10 or 1
State = LeagueBackupJob.State
PENDING = (State.QUEUED, State.RUNNING)
#: How far the clock moves in one step: a moment, past STUCK_AFTER, past KEEP.
WAITS = [datetime.timedelta(minutes=1), STUCK_AFTER, KEEP + datetime.timedelta(minutes=1)]


class BackupJobMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        default_task_backend.clear()
        self.leagues, self.owners = [], []
        for slug in ("eins", "zwei"):
            league = League.objects.create(name=slug.title(), slug=slug)
            owner = UserFactory(username=f"owner-{slug}")
            Membership.objects.create(league=league, user=owner, role=Role.OWNER)
            with using_league(league):
                PlayerFactory(name=f"Spieler {slug}")
            self.leagues.append(league)
            self.owners.append(owner)
        self.keeper = UserFactory(username="keeper")
        Membership.objects.create(league=self.leagues[0], user=self.keeper, role="scorekeeper")
        self.people = [*self.owners, self.keeper, UserFactory(username="stranger")]
        self.enqueued = 0  # the jobs made, each enqueued once

    def teardown(self):
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    def client_of(self, user):
        client = Client()
        client.force_login(user)
        return client

    def jobs(self, league):
        return LeagueBackupJob.objects.filter(league=league).order_by("pk")

    @rule(league=st.integers(0, 1), person=st.integers(0, 3))
    def ask(self, league, person):
        league, user = self.leagues[league], self.people[person]
        before = list(self.jobs(league).values_list("pk", "state", "created_at"))
        now = timezone.now()
        response = self.client_of(user).post(f"/{league.slug}/backup/")
        after = list(self.jobs(league).values_list("pk", "state", "created_at"))
        if user is not self.owners[self.leagues.index(league)]:
            assert response.status_code == 403 and after == before
            event("asked by someone else")
            return
        assert response.status_code == 302
        kept = [job for job in before if job[2] >= now - KEEP]
        # Those past KEEP went; a pending one stuck past STUCK_AFTER failed.
        waiting = [job for job in kept if job[1] in PENDING and job[2] >= now - STUCK_AFTER]
        stuck = {job[0] for job in kept if job[1] in PENDING} - {job[0] for job in waiting}
        old = {job[0] for job in before}
        # The backups past KEEP went, the others stayed; a new one comes after them all.
        assert {job[0] for job in after} & old == {job[0] for job in kept}
        assert all(pk > max(old, default=0) for pk, *_rest in after if pk not in old)
        for pk, state, _created in after:
            if pk in stuck:
                assert state == State.FAILED
        if waiting:
            assert len(after) == len(kept), "asking twice wrote twice"
            event("asked while one is pending")
        else:
            assert len(after) == len(kept) + 1 and after[-1][1] == State.QUEUED
            self.enqueued += 1
            event("asked: queued")

    @rule(data=st.data(), broken=st.integers(0, 5))
    def worker_runs(self, data, broken):
        if not default_task_backend.results:
            return
        queued = data.draw(st.sampled_from(default_task_backend.results), label="task")
        (pk,) = queued.args
        state = LeagueBackupJob.objects.filter(pk=pk).values_list("state", flat=True).first()
        if broken == 0:
            with mock.patch(
                "ofcleague.backup.backup_tasks.league_backup_data", side_effect=OSError("full")
            ):
                if state == State.QUEUED:
                    with pytest.raises(OSError):
                        write_backup_job.call(pk)
                    assert LeagueBackupJob.objects.get(pk=pk).state == State.FAILED
                    event("worker failed")
                else:
                    assert write_backup_job.call(pk) == "claimed already"
            return
        result = write_backup_job.call(pk)
        assert result == (State.READY if state == State.QUEUED else "claimed already")
        event(f"worker: {result}")

    @rule(wait=st.sampled_from(WAITS))
    def time_passes(self, wait):
        for job in LeagueBackupJob.objects.all():
            LeagueBackupJob.objects.filter(pk=job.pk).update(created_at=job.created_at - wait)

    @rule(data=st.data(), person=st.integers(0, 3), address=st.integers(0, 1))
    def download(self, data, person, address):
        jobs = list(LeagueBackupJob.objects.order_by("pk"))
        if not jobs:
            return
        job = data.draw(st.sampled_from(jobs), label="job")
        league, user = self.leagues[address], self.people[person]
        response = self.client_of(user).get(f"/{league.slug}/backup/{job.pk}/")
        if user is not self.owners[address]:
            assert response.status_code == 403
            return
        fresh = job.created_at >= timezone.now() - KEEP
        if job.league_id == league.pk and job.state == State.READY and fresh:
            assert response.status_code == 200 and response.content == bytes(job.data)
            event("downloaded")
        else:
            assert response.status_code == 404

    @invariant()
    def one_pending_one_ready_each_holding_its_league(self):
        assert len(default_task_backend.results) == self.enqueued
        for league in self.leagues:
            jobs = list(self.jobs(league))
            assert sum(job.state in PENDING for job in jobs) <= 1
            ready = [job for job in jobs if job.state == State.READY]
            assert len(ready) <= 1
            for job in ready:
                older = [other for other in jobs if other.pk < job.pk]
                assert all(other.state in PENDING for other in older), "an older one stayed"
                data = json.loads(gzip.decompress(bytes(job.data)))
                assert (data["format"], data["league"]) == (LEAGUE_FORMAT, league.slug)
                assert job.size == len(job.data) and job.rows == len(data["rows"])
                leagues = {row["fields"].get("league") for row in data["rows"]} - {None}
                assert leagues == {league.pk}


@pytest.mark.django_db
@override_settings(TASKS={"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}})
def test_backup_jobs_keep_their_rules_after_any_sequence():
    run_state_machine_as_test(
        BackupJobMachine,
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=8,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
