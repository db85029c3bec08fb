"""The preview of a long import: a summary, the evenings page by page, the first problems,
and a fixed number of queries however long the file."""

import datetime
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from ofcleague.league.leagues import Membership, Role
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
PREVIEW = "/ofc-runde/import/preview/"


@pytest.fixture
def owner_client(client, first_league):
    user = UserFactory(username="owner")
    Membership.objects.create(league=first_league, user=user, role=Role.OWNER)
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return client


def history_csv(evenings, players=("Anna", "Bert", "Carla"), place=None):
    lines = ["Datum;Spieler;Platz"]
    for number in range(evenings):
        day = datetime.date(2010, 1, 1) + datetime.timedelta(days=number)
        for seat, name in enumerate(players, start=1):
            lines.append(f"{day:%d.%m.%Y};{name};{place or seat}")
    return ("\n".join(lines) + "\n").encode()


def read(client, data):
    client.post("/ofc-runde/import/", {"file": SimpleUploadedFile("alt.csv", data)})


def shown(response) -> int:
    return response.content.count(b'class="card import-evening"')


def test_the_preview_pages_through_the_evenings_with_a_summary(owner_client):
    read(owner_client, history_csv(120))
    first = owner_client.get(PREVIEW)
    assert shown(first) == 50
    summary = re.sub(r"\s+", " ", first.content.decode().split('id="import-summary"')[1])
    assert "<dt>Evenings</dt><dd>120</dd> <dt>Players</dt><dd>3</dd>" in summary
    assert "<dt>Rows</dt><dd>360</dd>" in summary
    assert 'href="?page=2" rel="next"' in first.content.decode()
    assert "Page 1 of 3" in first.content.decode()
    last = owner_client.get(PREVIEW + "?page=3")
    # In English, as the page speaks (issue 36: never a German date on an English page).
    assert shown(last) == 20 and "1 January 2010" not in last.content.decode()
    assert "30 April 2010" in last.content.decode()  # the 120th evening
    assert shown(owner_client.get(PREVIEW + "?page=99")) == 20
    assert shown(owner_client.get(PREVIEW + "?page=x")) == 50
    # The confirm button imports every evening, not the page's.
    assert b"Import 120 evenings" in first.content


def test_the_preview_lists_the_first_50_problems_and_counts_the_rest(owner_client):
    read(owner_client, history_csv(200, place=2))  # every evening: places 2, 2, 2
    response = owner_client.get(PREVIEW)
    problems = response.content.decode().split('id="import-problems"')[1].split("</section>")[0]
    assert problems.count("<li") == 50
    assert "… and 150 more problems" in problems
    assert "<dt>Problems to put right</dt><dd>200</dd>" in response.content.decode()


def test_the_preview_runs_as_many_queries_for_400_rows_as_for_6(
    owner_client, django_assert_max_num_queries
):
    read(owner_client, history_csv(2))
    with django_assert_max_num_queries(50) as small:
        assert shown(owner_client.get(PREVIEW)) == 2
    budget = len(small.captured_queries)  # read now: the next request clears the log
    assert budget
    read(owner_client, history_csv(100, players=("Anna", "Bert", "Carla", "Dora")))
    with django_assert_max_num_queries(budget):
        response = owner_client.get(PREVIEW + "?page=2")
    assert shown(response) == 50
