"""Every write gives the leagues it changed a new version, through one mechanism (issue 39).

The services open their transactions only as league writes (``web/league_writes.py``), so
none can forget to make its league's pages stale: checked over the code's files, then the
mechanism itself (a new version iff rows changed, once, in the write's transaction), then
real services of several apps, among them some that made no page stale before.
"""

import ast
import datetime
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

import ofcleague
from ofcleague.league.current import every_league, using_league
from ofcleague.league.models import Player
from ofcleague.league.services.evenings import create_evening
from ofcleague.league.services.leagues import change_league
from ofcleague.league.services.merging import rename_player
from ofcleague.members.services.members import make_invite, revoke_invite
from ofcleague.web.cache import league_version
from ofcleague.web.league_writes import league_write
from ofcleague.web.models import LeagueVersion
from tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db

CODE = Path(ofcleague.__file__).parent

#: The only plain transactions left outside the web layer, each changing no league row.
PLAIN_TRANSACTIONS = {
    ("standings/kept/__init__.py", "kept_matches_rebuild"),  # its rebuild is rolled back
    ("backup/writing.py", "snapshot"),  # the backup's read-only snapshot
}


def _modules():
    for path in sorted(CODE.rglob("*.py")):
        relative = path.relative_to(CODE).as_posix()
        if "/migrations/" not in relative and not relative.startswith("web/"):
            yield relative, ast.parse(path.read_text())


def _uses_of(tree, name: str):
    """(innermost function, line) of every ``x.<name>`` or ``<name>(...)`` in ``tree``."""
    found = {}
    for function in ast.walk(tree):  # outer functions first: an inner one names its lines
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(function):
                attribute = isinstance(node, ast.Attribute) and node.attr == name
                call = isinstance(node, ast.Call) and getattr(node.func, "id", None) == name
                if attribute or call:
                    found[node.lineno] = function.name
    return [(function, line) for line, function in sorted(found.items())]


def test_every_write_outside_the_web_layer_is_a_league_write():
    plain = [
        f"{module}:{line} ({function})"
        for module, tree in _modules()
        for function, line in _uses_of(tree, "atomic")
        if (module, function) not in PLAIN_TRANSACTIONS
    ]
    assert not plain, f"transaction.atomic instead of league_write: {plain}"


def test_no_service_makes_pages_stale_by_hand():
    by_hand = [
        f"{module}:{line}"
        for module, tree in _modules()
        for _function, line in _uses_of(tree, "invalidate_league_pages")
    ]
    assert not by_hand, by_hand


def _tokens():
    return dict(LeagueVersion.objects.values_list("pk", "token"))


@pytest.fixture
def versions(first_league, other_league):
    """Both leagues with a version row to compare against."""
    for league in (first_league, other_league):
        with using_league(league):
            league_version()
    return _tokens


def _version_updates(queries) -> int:
    table = LeagueVersion._meta.db_table
    return sum(
        query["sql"].lstrip().upper().startswith("UPDATE") and table in query["sql"]
        for query in queries.captured_queries
    )


def test_a_write_that_changes_rows_gives_its_league_alone_a_new_version(
    versions, first_league, other_league
):
    before = versions()
    with using_league(other_league), league_write():
        PlayerFactory(name="Zora")
    after = versions()
    assert after[other_league.pk] != before[other_league.pk]
    assert after[first_league.pk] == before[first_league.pk]


def test_a_write_that_changes_no_row_leaves_the_versions(versions, first_league):
    before = versions()
    with using_league(first_league), league_write():
        Player.objects.filter(name="nobody of this name").update(active=False)
        Player.objects.filter(name="nobody of this name").delete()
    assert versions() == before


def test_a_refused_write_leaves_rows_and_versions(versions, first_league):
    before = versions()
    with pytest.raises(ValidationError), using_league(first_league), league_write():
        PlayerFactory(name="Zora")
        raise ValidationError("refused")
    assert versions() == before
    assert not Player._base_manager.filter(name="Zora").exists()


def test_writes_inside_a_write_give_one_new_version(versions, first_league):
    queries = CaptureQueriesContext(connection)
    with queries, using_league(first_league), league_write():
        PlayerFactory(name="Zora")
        with league_write():
            PlayerFactory(name="Yann")
        PlayerFactory(name="Xaver")
    assert _version_updates(queries) == 1


def test_an_inner_write_rolled_back_takes_its_version_along(versions, first_league):
    before = versions()
    with using_league(first_league), league_write():
        with pytest.raises(ValidationError), league_write():
            PlayerFactory(name="Zora")
            raise ValidationError("refused")
        PlayerFactory(name="Yann")
    assert versions()[first_league.pk] != before[first_league.pk]
    assert Player._base_manager.filter(name="Yann").exists()


def test_a_write_with_no_league_active_makes_every_league_stale(
    versions, first_league, other_league
):
    before = versions()
    with every_league(), league_write():
        Player._base_manager.filter(league=other_league).update(active=True)
    after = versions()
    assert after[first_league.pk] != before[first_league.pk]
    assert after[other_league.pk] != before[other_league.pk]


def _changes_version(league, write) -> bool:
    with using_league(league):
        before = league_version()
        write()
        return league_version() != before


def test_the_services_of_each_app_make_their_pages_stale(versions, first_league, owner):
    player = PlayerFactory(name="Anna")
    evening_day = datetime.date(2026, 1, 9)
    league = first_league
    assert _changes_version(
        league,
        lambda: create_evening(
            date=evening_day, start_time=datetime.time(19), new_names=["Zora", "Yann"]
        ),
    )
    assert _changes_version(league, lambda: rename_player(league, player, "Annika"))
    assert _changes_version(league, lambda: change_league(owner, league, name="Neuer Name"))
    # The members' invites made no page stale before they were league writes.
    invites = []
    assert _changes_version(league, lambda: invites.append(make_invite(league, owner)))
    assert _changes_version(league, lambda: revoke_invite(invites[0], owner))


def test_a_refused_service_leaves_the_version(versions, first_league, owner):
    def refused():
        with pytest.raises(ValidationError):
            change_league(owner, first_league, slug="admin")

    assert not _changes_version(first_league, refused)
