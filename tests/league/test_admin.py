import pytest
from django.urls import reverse

from ofcleague.league.models import Evening

pytestmark = pytest.mark.django_db

MODELS = ["player", "evening", "eveningplayer", "roundscore", "prizeshare"]


@pytest.mark.parametrize("model", MODELS)
def test_admin_lists_load_for_staff(staff_client, history, model):
    response = staff_client.get(reverse(f"admin:league_{model}_changelist"))
    assert response.status_code == 200


@pytest.mark.parametrize("model", ["player", "evening"])
def test_admin_search_finds_players(staff_client, history, model):
    response = staff_client.get(reverse(f"admin:league_{model}_changelist"), {"q": "Swantje"})
    assert response.status_code == 200
    assert response.context["cl"].result_count >= 1


def test_admin_change_page_of_an_evening_loads(staff_client, history):
    response = staff_client.get(reverse("admin:league_evening_change", args=[1]))
    assert response.status_code == 200
    assert b"Andreas" in response.content


def test_admin_needs_staff_login(client, history):
    response = client.get(reverse("admin:league_evening_changelist"))
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


@pytest.mark.parametrize("model", ["evening", "eveningplayer", "roundscore"])
def test_results_are_read_only_in_the_admin(staff_client, history, model):
    """Points and places change only through the scorekeeping services, never the admin."""
    assert staff_client.get(reverse(f"admin:league_{model}_add")).status_code == 403
    response = staff_client.get(reverse(f"admin:league_{model}_changelist"))
    assert response.context["has_add_permission"] is False


def test_a_history_evening_cannot_be_changed_in_the_admin(staff_client, history):
    url = reverse("admin:league_evening_change", args=[1])
    staff_client.post(url, {"date": "2000-01-01", "start_time": "12:00"})
    assert Evening.objects.get(pk=1).date.year == 2016
