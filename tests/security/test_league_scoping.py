"""League scoping that cannot be forgotten (issue 39): with no league active, reading a
league-owned model is an error unless the code says it reads every league's rows, and a row
written without its league is refused, never put into the site's first league.

Every page is called (the URL resolver walked: each pattern, with arguments from two small
leagues) as the owner of both, as the site's admin and as a visitor, and every management
command, all with no league active in the test: no page or command that should work fails on
a league it lacks.
"""

import datetime
import itertools

import pytest
from django.contrib.admin.sites import site as admin_site
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import override_settings
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from ofcleague.league.current import (
    NoLeagueActive,
    current_league,
    current_league_pk,
    every_league,
    using_league,
)
from ofcleague.league.leagues import League, Membership, PrizeShare, Role
from ofcleague.league.models import Evening, Player, Status
from ofcleague.league.services.wiping import wipe_league
from ofcleague.members.import_tasks import run_import_job
from ofcleague.members.invites import Invite
from ofcleague.members.models import ImportJob
from ofcleague.members.services.members import make_invite
from ofcleague.money.models import Transfer
from ofcleague.rsvp.calendar_feeds import CalendarFeed
from ofcleague.rsvp.group_link import group_token
from ofcleague.rsvp.models import PlayerLink
from ofcleague.rsvp.services.answers import make_links
from ofcleague.rsvp.services.calendar_feeds import new_calendar_feed
from ofcleague.standings.kept.models import Season
from ofcleague.urls.pages import urlconf_for
from ofcleague.web.health import PATH as HEALTH_PATH
from ofcleague.web.health import READY_PATH
from tests.factories import EveningFactory, PlayerFactory, UserFactory
from tests.league.builders import build_league

pytestmark = pytest.mark.django_db

#: The default managers that read one league's rows (``current.LeagueManager``).
SCOPED = [Player, Evening, PrizeShare, Transfer, Season]


# The managers -------------------------------------------------------------------------------


@pytest.mark.parametrize("model", SCOPED, ids=lambda model: model.__name__)
def test_a_query_outside_any_league_raises(no_league, model):
    with pytest.raises(NoLeagueActive, match="no league active"):
        list(model.objects.all())
    with pytest.raises(NoLeagueActive):
        model.objects.filter(pk=1).exists()


@pytest.mark.parametrize("model", SCOPED, ids=lambda model: model.__name__)
def test_every_league_reads_every_leagues_rows_when_it_says_so(leagues, no_league, model):
    with every_league():
        everything = set(model.objects.values_list("league_id", flat=True))
    assert everything == {league.pk for league in leagues}, model.__name__


def test_a_league_reads_its_own_rows_only_also_inside_every_league(leagues):
    first, second = leagues
    with every_league(), using_league(second):
        assert set(Player.objects.values_list("league_id", flat=True)) == {second.pk}
    with using_league(first):
        assert set(Evening.objects.values_list("league_id", flat=True)) == {first.pk}


def test_an_empty_choice_list_needs_no_league(no_league):
    """A form's ``queryset=Player.objects.none()``, built when its module is imported."""
    assert list(Player.objects.none()) == []


def test_a_row_written_without_its_league_is_refused(leagues, no_league):
    before = Player._base_manager.count()
    with pytest.raises(NoLeagueActive):
        PlayerFactory(name="Nobody's")
    with every_league(), pytest.raises(NoLeagueActive):
        Evening(date=datetime.date(2026, 1, 2))
    with pytest.raises(NoLeagueActive):
        current_league()
    with every_league(), pytest.raises(NoLeagueActive):
        current_league_pk()
    assert Player._base_manager.count() == before


def test_a_row_written_inside_a_league_is_that_leagues(leagues):
    _first, second = leagues
    with using_league(second):
        player = PlayerFactory(name="Zweiter")
    assert Player._base_manager.get(pk=player.pk).league_id == second.pk


def test_the_admin_adds_a_player_to_the_league_it_names(leagues, client, no_league):
    _first, second = leagues
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    data = {"name": "Neu", "full_name": "", "active": "on", "slug": "neu"}
    refused = client.post(reverse("admin:league_player_add"), data)
    assert refused.status_code == 200 and refused.context["adminform"].form.errors["league"]
    client.post(reverse("admin:league_player_add"), {**data, "league": second.pk})
    assert Player._base_manager.get(slug="neu").league_id == second.pk


# Every page ---------------------------------------------------------------------------------


@pytest.fixture
def leagues(first_league):
    """The site's first league and a second, each with players, finished evenings, a
    planned one, their kept numbers, a prize split, an open transfer, and an owner (of both)
    with an invite, a calendar link and the players' answer links."""
    second = League.objects.create(name="Zweite Runde", slug="zweite-runde")
    owner = UserFactory(username="owner")
    for league in (first_league, second):
        Membership.objects.create(league=league, user=owner, role=Role.OWNER)
        with using_league(league):
            people = build_league(2, players=4, seed=league.pk)
            EveningFactory(
                status=Status.PLANNED,
                date=datetime.date.today() + datetime.timedelta(days=7),
                announced_at=timezone.now(),
                most_seats=8,
            )
            PrizeShare.objects.get_or_create(place=1, defaults={"weight": 1})
            Transfer.objects.create(payer=people[0], payee=people[1], amount=5)
            make_invite(league, owner)
            new_calendar_feed(owner, league)
            make_links(league, owner)
    return first_league, second


@pytest.fixture
def owner(leagues):
    return UserFactory._meta.model.objects.get(username="owner")


def patterns(entries, namespace=""):
    """(name with namespace, captured argument names) of every named URL pattern."""
    for entry in entries:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from patterns(entry.url_patterns, inner)
        elif isinstance(entry, URLPattern) and entry.name:
            names = set(entry.pattern.regex.groupindex) | set(
                getattr(entry.pattern, "converters", {})
            )
            yield f"{namespace}{entry.name}", sorted(names)


def candidates(league):
    """Values to try for each argument: the league's own rows (a wrong one answers 404)."""
    with using_league(league):
        evening = Evening.objects.filter(status=Status.FINISHED).first()
        player = Player.objects.first()
        tokens = [
            Invite.objects.filter(league=league).get().token,
            CalendarFeed.objects.filter(league=league).get().token,
            PlayerLink.objects.filter(player=player).get().token,
            group_token(Evening.objects.get(status=Status.PLANNED)),
            "not-a-token",
        ]
    return {
        "pk": [evening.pk],
        "object_id": [str(player.pk)],
        "slug": [player.slug],
        "year": [evening.date.year],
        "round_number": [1],
        "table": [1],
        "number": [1],
        "token": tokens,
        "app_label": ["league"],
        "key": ["not-a-key"],
        "uidb36": ["0"],
        "content_type_id": ["1"],
    }


def every_url(leagues):
    """Every URL of the site: its own pages once, each league's pages per league, each
    pattern once per combination of argument values."""
    urls = []
    for league in leagues:
        values = candidates(league)
        urlconf = urlconf_for(league.slug)
        for name, arguments in patterns(get_resolver(urlconf).url_patterns):
            choices = [values.get(argument, ["1"]) for argument in arguments]
            for chosen in itertools.product(*choices):
                kwargs = dict(zip(arguments, chosen, strict=True))
                try:
                    url = reverse(name, kwargs=kwargs, urlconf=urlconf)
                except NoReverseMatch:
                    continue
                urls.append(url)
    return sorted({*urls, HEALTH_PATH, READY_PATH})


def failures(client, urls):
    """The URLs that answered 500 or raised, with what they raised."""
    failed = []
    for url in urls:
        try:
            response = client.get(url)
        except Exception as error:  # noqa: BLE001 (every failure is listed, not the first)
            failed.append(f"{url}: {type(error).__name__}: {error}")
            continue
        if response.status_code >= 500:
            failed.append(f"{url}: {response.status_code}")
    return failed


def test_the_walk_reaches_every_kind_of_page(leagues):
    urls = every_url(leagues)
    for league in leagues:
        assert f"/{league.slug}/alltime/" in urls
        assert any(url.startswith(f"/{league.slug}/evenings/") for url in urls)
    assert {"/", "/login/", "/admin/", "/admin/league/evening/"} <= set(urls)
    for model in admin_site._registry:
        assert f"/admin/{model._meta.app_label}/{model._meta.model_name}/" in urls
    assert len(urls) > 150


@pytest.mark.parametrize("who", ["owner", "admin", "visitor"])
def test_every_page_works_with_no_league_active(leagues, owner, client, no_league, who):
    """As the owner of both leagues, as the site's admin (a superuser: the admin's pages),
    and as a visitor without an account."""
    if who == "owner":
        client.force_login(owner)
    elif who == "admin":
        client.force_login(UserFactory(username="admin", is_staff=True, is_superuser=True))
    assert failures(client, every_url(leagues)) == []


# Every command ------------------------------------------------------------------------------


def test_every_command_works_with_no_league_active(leagues, no_league, tmp_path, settings):
    settings.STATIC_ROOT = tmp_path / "static"
    call_command("rebuild_standings", verbosity=0)
    call_command("send_reminders", verbosity=0)
    call_command("backup", str(tmp_path / "all.json.gz"), verbosity=0)
    call_command("load_history", verbosity=0)  # refuses: the database holds leagues' data
    call_command("release", skip_static=True, verbosity=0)
    third = League.objects.create(name="Dritte Runde", slug="dritte-runde")
    with using_league(third):
        PlayerFactory.create_batch(3)
    call_command("backup", str(tmp_path / "one.json.gz"), league="dritte-runde", verbosity=0)
    wipe_league(third)  # names its league
    call_command("restore", str(tmp_path / "one.json.gz"), league=True, verbosity=0)
    with using_league(League.objects.get(slug="dritte-runde")):
        assert Player.objects.count() == 3
    with every_league():
        kept_before = sorted(Season.objects.values_list("league_id", "year", "evenings"))
    assert kept_before, "the leagues' seasons were kept"
    with pytest.raises(NoLeagueActive):
        Season.objects.count()  # the commands left no league and no every_league() behind


def test_load_history_goes_into_the_first_league_named(no_league, first_league):
    call_command("load_history", verbosity=0)
    with every_league():
        assert set(Evening.objects.values_list("league_id", flat=True)) == {first_league.pk}


@override_settings(TASKS={"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend"}})
def test_a_queued_import_runs_in_its_own_league_with_none_active(leagues, owner, client, no_league):
    """The import worker runs a job with no league active: the job names its league (320
    rows: an import of more than 300 runs as a task)."""
    _first, second = leagues
    client.force_login(owner)
    days = [datetime.date(2011, 1, 1) + datetime.timedelta(days=number) for number in range(80)]
    rows = [f"{day:%d.%m.%Y};{name};{seat}" for day in days for seat, name in enumerate("ABCD", 1)]
    upload = SimpleUploadedFile("a.csv", "\n".join(["Datum;Spieler;Platz", *rows]).encode())
    client.post(f"/{second.slug}/import/", {"file": upload})
    client.post(f"/{second.slug}/import/preview/", {"action": "confirm"})
    job = ImportJob.objects.get()
    assert run_import_job.call(job.pk) == "done"
    with using_league(second):
        assert Evening.objects.filter(date__year=2011).count() == 80
