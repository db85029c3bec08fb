"""The evening page's change log: corrections to history evenings show old and new values; a
deletion, a restore and a load each show as one line."""

import pytest
from django.conf import settings
from django.urls import reverse

from ofcleague.league import services
from ofcleague.league.models import Evening
from ofcleague.results.changes import evening_changes, group_by_save
from tests.results.test_views import points_data
from tests.standings.test_history import page_text

pytestmark = pytest.mark.django_db


def change_log(client, evening):
    """The change log's text on the evening page, in English."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    text = page_text(client.get(evening.get_absolute_url()))
    return text[text.index("Changes") :]


def test_a_correction_of_a_history_evening_shows_old_and_new_place(keeper_client, history):
    evening = Evening.objects.get(date="2016-11-23")
    places = dict(evening.seats.values_list("pk", "place"))
    first, second = sorted(places, key=places.get)[:2]
    services.save_finishing_order(evening, evening.version, {**places, first: 2, second: 1})

    log = change_log(keeper_client, evening)

    assert "Andreas: place 1 → 2" in log
    assert "Sven: place 2 → 1" in log
    assert log.count("loaded from the league's history") == 1
    assert "added" not in log


def test_delete_and_restore_are_one_line_each(keeper_client, running_evening):
    pk = running_evening.pk
    points = reverse("results:evening_points", args=[pk])
    keeper_client.post(points, points_data(running_evening, [5, -3, 0, -2], version=1))
    keeper_client.post(reverse("results:evening_delete", args=[pk]), {"version": 2})
    keeper_client.post(reverse("results:evening_restore", args=[pk]))
    evening = Evening.objects.get(pk=pk)

    log = change_log(keeper_client, evening)
    saves = group_by_save(evening_changes(pk))

    assert [[change.kind for change in save.changes] for save in saves[:2]] == [
        ["restored"],
        ["deleted"],
    ]
    assert saves[0].user == saves[1].user == "keeper"
    assert log.count("Evening: restored, with its players and points") == 1
    assert log.count("Evening: deleted, with its players and points") == 1
    assert "removed" not in log
    # The points entered before are still listed once, as they were entered.
    assert log.count("Anna, round 1: added (points 5)") == 1


def test_an_evening_deleted_elsewhere_takes_its_seats_along_in_one_line(running_evening):
    pk = running_evening.pk
    running_evening.delete()
    services.restore_evening(pk)

    kinds = [change.kind for change in evening_changes(pk)]

    assert kinds.count("deleted") == 1 and kinds.count("restored") == 1
    assert "removed" not in kinds
    assert kinds.count("added") == 5  # the evening and its four seats, when it was created


def test_a_later_correction_after_a_restore_shows_old_and_new(keeper_client, running_evening):
    pk = running_evening.pk
    points = reverse("results:evening_points", args=[pk])
    keeper_client.post(points, points_data(running_evening, [5, -3, 0, -2], version=1))
    keeper_client.post(reverse("results:evening_delete", args=[pk]), {"version": 2})
    keeper_client.post(reverse("results:evening_restore", args=[pk]))
    evening = Evening.objects.get(pk=pk)
    keeper_client.post(points, points_data(evening, [6, -4, 0, -2], version=evening.version))

    assert "Anna, round 1: points 5 → 6" in change_log(keeper_client, evening)
