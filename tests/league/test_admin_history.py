"""The admin writes only where it goes through the league's rules, and never around them.

History pages show old versions and never revert to one; the admins that can still write
(players, the default prize split) make cached pages stale and keep a player with seats.
"""

import pytest
from django.contrib import admin
from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import Permission
from django.db import connection
from django.forms import model_to_dict
from django.test import Client
from django.urls import reverse
from simple_history.admin import SimpleHistoryAdmin

from ofcleague.backup.models import LeagueBackupJob
from ofcleague.league.admin import ReadOnlyHistoryAdmin, ResultsReadOnly
from ofcleague.league.models import Evening, EveningPlayer, Player, PrizeShare, RoundScore
from ofcleague.web import cache as page_cache
from ofcleague.web.cache import InvalidatesLeaguePages
from ofcleague.web.outbox import OutgoingMail
from tests.factories import (
    EveningPlayerFactory,
    PlayerFactory,
    RoundScoreFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db


def has_history(model):
    return hasattr(model._meta, "simple_history_manager_attribute")


def admin_url(model, view, *args):
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def project_admins():
    return [
        (model, model_admin)
        for model, model_admin in admin.site._registry.items()
        if model.__module__.startswith("ofcleague.")
    ]


@pytest.fixture
def viewer():
    """A staff member who may only look: the view permissions of the league's models."""
    user = UserFactory(is_staff=True)
    user.user_permissions.add(
        *Permission.objects.filter(content_type__app_label="league", codename__startswith="view_")
    )
    browser = Client()
    browser.force_login(user)
    return browser


@pytest.fixture
def scored():
    """A round score whose current row differs from its first recorded version."""
    score = RoundScoreFactory(points=12)
    score.points = -12
    score.save()
    return score


# Which admin each model has ------------------------------------------------------------------


def test_every_model_with_history_has_a_read_only_history_admin():
    admins = project_admins()
    # The pages tests below open each of these: a newly registered model belongs there too.
    assert {model for model, _ in admins} == {
        Evening,
        EveningPlayer,
        Player,
        PrizeShare,
        RoundScore,
        OutgoingMail,
        LeagueBackupJob,
    }
    for model, model_admin in admins:
        if has_history(model):
            assert isinstance(model_admin, ReadOnlyHistoryAdmin), model
        else:
            # SimpleHistoryAdmin's pages need the model's history: they answered 500.
            assert not isinstance(model_admin, SimpleHistoryAdmin), model


def test_every_admin_either_keeps_results_read_only_or_empties_the_page_cache():
    for model, model_admin in project_admins():
        if model in (OutgoingMail, LeagueBackupJob):
            # The outbox and the leagues' backups: written by the worker, no league's page
            # shows them from the cache, and nobody adds or edits one there.
            assert not model_admin.has_add_permission(None)
            assert not model_admin.has_change_permission(None)
            continue
        assert isinstance(model_admin, ResultsReadOnly | InvalidatesLeaguePages), model
        assert not model_admin.list_editable or isinstance(model_admin, InvalidatesLeaguePages)


# History pages are shown ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "model", [Player, Evening, EveningPlayer, RoundScore, PrizeShare], ids=lambda m: m.__name__
)
def test_the_history_page_of_every_registered_model_opens(staff_client, history, seeded, model):
    RoundScoreFactory()
    obj = model.objects.first()
    response = staff_client.get(admin_url(model, "history", obj.pk))
    assert response.status_code == 200


def test_the_player_history_page_lists_what_the_admin_changed(staff_client, history):
    player = Player.objects.get(name="Swantje")
    change = reverse("admin:league_player_change", args=[player.pk])
    data = {"name": "Swantje", "full_name": "Swantje S.", "active": "on", "slug": player.slug}
    assert staff_client.post(change, data).status_code == 302
    response = staff_client.get(reverse("admin:league_player_history", args=[player.pk]))
    assert response.status_code == 200
    entries = list(response.context["action_list"])
    assert [entry.object_id for entry in entries] == [str(player.pk)]


@pytest.mark.parametrize("client_name", ["staff_client", "viewer"])
@pytest.mark.parametrize("model", [Evening, EveningPlayer, RoundScore], ids=lambda m: m.__name__)
def test_an_old_version_can_be_looked_at(request, history, scored, client_name, model):
    browser = request.getfixturevalue(client_name)
    obj = model.objects.first()
    version = obj.history.earliest()
    response = browser.get(admin_url(model, "simple_history", obj.pk, version.history_id))
    assert response.status_code == 200
    assert response.context["revert_disabled"] is True
    assert 'name="_save"' not in response.content.decode()


# ... and never revert --------------------------------------------------------------------------


def database_state():
    """Every row of the league's results and their history, to compare before and after."""
    return {
        model.__name__: (
            list(model.objects.order_by("pk").values()),
            model.history.count(),
        )
        for model in (Evening, EveningPlayer, RoundScore)
    } | {"Player": list(Player.objects.order_by("pk").values()), "log": LogEntry.objects.count()}


@pytest.mark.parametrize("client_name", ["staff_client", "viewer"])
@pytest.mark.parametrize("model", [Evening, EveningPlayer, RoundScore], ids=lambda m: m.__name__)
def test_reverting_to_an_old_version_is_refused(request, history, scored, client_name, model):
    """django-simple-history saved any valid POST here, even for a viewer (upstream #1362)."""
    browser = request.getfixturevalue(client_name)
    Evening.objects.filter(pk=1).update(version=7)  # ahead of every recorded version
    obj = model.objects.order_by("pk").first()
    version = obj.history.earliest()
    url = admin_url(model, "simple_history", obj.pk, version.history_id)
    before = database_state()
    # The old version as its page's form would post it: valid, so the upstream view saved it.
    fields = model_to_dict(version.instance)
    data = {name: value for name, value in fields.items() if value is not None}
    response = browser.post(url, data | {"_save": "Save"})
    assert database_state() == before
    assert response.status_code == 405


@pytest.mark.parametrize("client_name", ["staff_client", "viewer"])
def test_a_player_has_no_version_page_to_post_to(request, history, client_name):
    browser = request.getfixturevalue(client_name)
    player = Player.objects.get(name="Swantje")
    before = database_state()
    response = browser.post(
        f"/admin/league/player/{player.pk}/ofc-runde/history/1/",
        {"name": "Mallory", "full_name": "", "active": "on", "slug": "mallory"},
        follow=True,
    )
    # Django's admin sends a path it does not know to its index, which writes nothing.
    assert response.redirect_chain[-1] == (reverse("admin:index"), 302)
    assert database_state() == before


# Players: renamed through the normaliser, kept while they have seats ------------------------


def rename(browser, player, name, slug=None):
    change = reverse("admin:league_player_change", args=[player.pk])
    data = {"name": name, "full_name": "", "active": "on", "slug": slug or player.slug}
    return browser.post(change, data)


def test_a_rename_in_the_admin_stores_the_normalised_name_and_its_key(staff_client):
    seat = EveningPlayerFactory(player=PlayerFactory(name="Mika"))
    assert rename(staff_client, seat.player, " Ｍｉｃｈａ\u200b ").status_code == 302
    seat.player.refresh_from_db()
    assert (seat.player.name, seat.player.name_key) == ("Micha", "micha")


def test_a_rename_onto_another_players_look_alike_is_refused(staff_client):
    PlayerFactory(name="Micha")
    mika = PlayerFactory(name="Mika")
    response = rename(staff_client, mika, "M\u0406CHA")  # a Cyrillic I
    assert response.status_code == 200
    assert "Micha" in " ".join(response.context["adminform"].form.errors["name"])
    mika.refresh_from_db()
    assert (mika.name, mika.name_key) == ("Mika", "mika")


def test_a_player_with_seats_cannot_be_deleted_in_the_admin(staff_client):
    seat = EveningPlayerFactory()
    RoundScoreFactory(evening_player=seat)
    delete = reverse("admin:league_player_delete", args=[seat.player.pk])
    response = staff_client.post(delete, {"post": "yes"})
    assert response.status_code == 200
    assert response.context["protected"]
    changelist = reverse("admin:league_player_changelist")
    staff_client.post(
        changelist,
        {"action": "delete_selected", "_selected_action": [seat.player.pk], "post": "yes"},
    )
    assert Player.objects.filter(pk=seat.player.pk).exists()
    assert RoundScore.objects.filter(evening_player=seat).count() == 1


# Admin writes empty the page cache ---------------------------------------------------------


def test_a_change_in_the_admin_makes_cached_pages_stale(
    cache_on, staff_client, seeded, django_capture_on_commit_callbacks
):
    share = PrizeShare.objects.get(place=1)
    before = page_cache.league_version()
    change = reverse("admin:league_prizeshare_change", args=[share.pk])
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(change, {"place": "1", "weight": "3"})
    assert response.status_code == 302
    assert PrizeShare.objects.get(place=1).weight == 3
    assert page_cache.league_version() != before


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("bulk", [False, True], ids=["delete page", "delete selected"])
def test_a_deletion_in_the_admin_makes_pages_stale_once_the_rows_are_gone(
    cache_on, monkeypatch, bulk
):
    """The bulk action logs before it deletes and outside a transaction: a new version
    committed then could be given to a page still showing the deleted player. The new version
    is written after the rows are gone, in the deletion's own transaction."""
    player = PlayerFactory(name="Nobody")
    user = UserFactory(is_staff=True, is_superuser=True)
    browser = Client()
    browser.force_login(user)
    seen = []
    invalidate = page_cache.invalidate_league_pages

    def watched():
        seen.append((connection.in_atomic_block, Player.objects.filter(pk=player.pk).exists()))
        invalidate()

    monkeypatch.setattr(page_cache, "invalidate_league_pages", watched)
    before = page_cache.league_version()
    if bulk:
        browser.post(
            reverse("admin:league_player_changelist"),
            {"action": "delete_selected", "_selected_action": [player.pk], "post": "yes"},
        )
    else:
        browser.post(reverse("admin:league_player_delete", args=[player.pk]), {"post": "yes"})
    assert not Player.objects.filter(pk=player.pk).exists()
    assert seen and all(atomic and not exists for atomic, exists in seen)
    assert page_cache.league_version() != before
