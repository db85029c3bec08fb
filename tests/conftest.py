import importlib
import os

import pytest
from django.apps import apps
from django.conf import settings
from django.core.management import call_command
from django.utils import translation
from hypothesis import Phase
from hypothesis import settings as hypothesis_settings


@pytest.fixture(autouse=True)
def site_language():
    """Every test starts in the site's language. The language middleware activates the
    visitor's choice for the thread and leaves it active after the response, so a page asked
    for in English would otherwise carry over into the next test's direct calls (which then
    pass or fail depending on the order the tests run in)."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def no_kept_records():
    """Every test starts without the record books a process keeps per league version with the
    page cache off (records/queries.py): a test's rows are rolled back, its league version may
    not be, and the next test would see the records of rows that are gone."""
    from ofcleague.records.queries import forget_kept_books

    forget_kept_books()


@pytest.fixture(autouse=True)
def first_league(request):
    """The site's first league, which the migrations make: every test with a database has it
    (a live-server test empties every table when it ends; this puts it back), and runs inside
    it (``using_league``), as a league's page does: the rows a test reads and writes without
    naming a league are the first league's. A test of code outside any league says so with
    ``using_league(None)`` or ``every_league()`` (ofcleague/league/current.py); a page asked
    for through the test client runs in the league its path names, or in none."""
    uses_db = request.node.get_closest_marker("django_db") or {
        "db",
        "transactional_db",
        "live_server",
    } & set(request.fixturenames)
    if not uses_db:
        yield None
        return
    request.getfixturevalue("_django_db_helper")  # the database first, as the test has it
    from ofcleague.league.current import using_league
    from tests.factories import ensure_first_league

    with using_league(ensure_first_league()) as league:
        yield league


@pytest.fixture
def no_league(first_league):
    """No league active (as in a command, or a page of the site itself): reading a league's
    rows is an error unless the code says it reads every league's."""
    from ofcleague.league.current import using_league

    with using_league(None):
        yield


@pytest.fixture
def history(db):
    """The league's real evenings of 2016-2020, loaded from the shipped fixture."""
    call_command("load_history", verbosity=0)


@pytest.fixture
def german(settings):
    settings.LANGUAGE_CODE = "de"


@pytest.fixture
def staff_client(client, django_user_model):
    user = django_user_model.objects.create_superuser("admin", "admin@example.org", "pw-admin-123")
    client.force_login(user)
    return client


@pytest.fixture
def cache_on(settings):
    """A real page cache (the test settings have none), empty before and after the test."""
    from django.core.cache import caches

    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
        "pages": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    }
    caches["pages"].clear()
    yield settings
    caches["pages"].clear()


@pytest.fixture
def scorekeeper(seeded):
    """A user in the Scorekeepers group that the data migration creates (the default prize
    split is there too)."""
    from ofcleague.league.leagues import Membership, Role
    from tests.factories import UserFactory

    user = UserFactory(username="keeper")
    Membership.objects.create(league_id=1, user=user, role=Role.SCOREKEEPER)
    return user


@pytest.fixture
def keeper_client(client, scorekeeper):
    """The test client, logged in as :func:`scorekeeper`."""
    client.force_login(scorekeeper)
    return client


@pytest.fixture
def seeded(db):
    """The rows the data migrations seed: the default prize split and the Scorekeepers group
    with its permission. A live-server test empties every table when it ends, so a test run
    after one would miss them; the migrations' own functions put them back (they only add
    what is missing)."""
    split = importlib.import_module("ofcleague.league.migrations.0002_default_prize_split")
    group = importlib.import_module("ofcleague.league.migrations.0003_scorekeepers_group")
    from tests.factories import ensure_first_league

    ensure_first_league()
    split.create_default_split(apps, None)
    group.create_scorekeepers(apps, None)


def run_manage(*argv):
    """``manage.py *argv`` as the shell runs it, but for the connections it closes at its end:
    on PostgreSQL that would close the test's own transaction (SQLite's in-memory test
    database ignores it), and the test could not look at the database afterwards."""
    from unittest import mock

    from django.core.management import execute_from_command_line

    with mock.patch("django.core.management.base.connections.close_all"):
        execute_from_command_line(["manage.py", *argv])


def german_text(message):
    """The German translation of ``message``, for asserting on German pages and answers.

    Through the catalogue rather than spelled out, so a test holds before the translations of
    new messages are merged and after.
    """
    with translation.override("de"):
        return translation.gettext(message)


# Hypothesis profiles, chosen with HYPOTHESIS_PROFILE: "ci" keeps no example database and
# prints a blob to reproduce a failure; "explore" skips shrinking, to look for
# failures quickly (the examples printed are then unshrunk).
hypothesis_settings.register_profile("ci", database=None, print_blob=True)
hypothesis_settings.register_profile(
    "explore", phases=[Phase.explicit, Phase.reuse, Phase.generate]
)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture
def money_public(first_league):
    """The first league shows visitors without an account its money (prizes, buy-ins, Net):
    for tests of those numbers on the public pages (members only is the default)."""
    first_league.money_public = True
    first_league.save(update_fields=["money_public"])
    return first_league


@pytest.fixture
def keeper():
    """A scorekeeper of the first league, and nothing else in it."""
    from tests.factories import UserFactory, scorekeeper_of

    user = UserFactory()
    scorekeeper_of(user)
    return user


@pytest.fixture
def five():
    """Five players of the first league (a classic table's most plus one)."""
    from tests.factories import PlayerFactory

    return [PlayerFactory(name=name) for name in ["Eli", "Fay", "Gus", "Hal", "Ivy"]]


@pytest.fixture
def in_english(client):
    """The texts in English: translations, and the test client's pages by their cookie."""
    client.cookies["django_language"] = "en"
    with translation.override("en"):
        yield
