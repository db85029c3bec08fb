"""A league's own points systems and season windows travel with its backups (one league's
and the whole site's): their kept tables are rebuilt on restore, never taken from the file,
and a backup whose systems or windows break the league's rules is refused with a clear
message, nothing written."""

import datetime
import gzip
import json
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command

from ofcleague.league import invariants
from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership
from ofcleague.league.models import Evening, Player
from ofcleague.standings import kept
from ofcleague.standings.counted.models import CountedRow, PointsSystem, SeasonWindow
from ofcleague.standings.counted.services import save_points_system, save_season_window
from tests.backup.test_backup import snapshot, wipe
from tests.backup.test_backup_league import back_up, league_view, two_leagues  # noqa: F401
from tests.factories import UserFactory

DAY = datetime.date


def seasons_of_its_own(league):
    """Two points systems (ties shared, and the money won) and a best-of-two window over
    the league's evenings."""
    owner = Membership.objects.filter(league=league, role="owner").first().user
    save_points_system(owner, league, name="F1", places=[10, 7, 5, 3, 1], main=True)
    save_points_system(
        owner, league, name="Cash", places=[], money=Decimal(1), for_playing=1, share_ties=False
    )
    save_season_window(
        owner,
        league,
        name="Early years",
        first_day=DAY(2000, 1, 1),
        last_day=DAY(2009, 12, 31),
        best_of=2,
        min_evenings=2,
    )
    with using_league(league):
        dates = sorted(Evening.objects.values_list("date", flat=True))
        save_season_window(
            owner, league, name="Its evenings", first_day=dates[0], last_day=dates[-1], best_of=2
        )
        assert CountedRow.objects.filter(window__name="Its evenings").exists()


def rows_of(data):
    return data["rows"] if isinstance(data, dict) else data


def rewrite(path, change):
    data = json.loads(gzip.decompress(path.read_bytes()))
    change(rows_of(data))
    path.write_bytes(gzip.compress(json.dumps(data).encode()))


def nonsense_points(rows):
    """The kept rows of the file say something else: a restore must not believe them."""
    for item in rows:
        if item["model"] == "standings.countedrow":
            item["fields"]["points_numerator"] = 999_999


@pytest.mark.django_db
def test_a_league_round_trip_rebuilds_the_tables(two_leagues, tmp_path):  # noqa: F811
    _a, b = two_leagues
    seasons_of_its_own(b)
    before = league_view(b)
    target = back_up(b, tmp_path)
    rewrite(target, nonsense_points)
    accounts = list(UserFactory._meta.model.objects.values("username", "email"))
    wipe()
    for account in accounts:
        UserFactory(**account)

    call_command("restore", str(target), league=True, verbosity=0)

    restored = League.objects.get(slug="zweite-runde")
    assert league_view(restored) == before
    assert before["seasons"]["rows"]
    assert invariants.league_problems() == []
    assert kept.kept_matches_rebuild()


@pytest.mark.django_db
def test_a_whole_site_round_trip_keeps_the_tables(two_leagues, tmp_path):  # noqa: F811
    a, b = two_leagues
    seasons_of_its_own(b)
    before = league_view(a), league_view(b)
    target = tmp_path / "site.json.gz"
    call_command("backup", str(target), verbosity=0)
    rewrite(target, nonsense_points)
    wipe()

    call_command("restore", str(target), verbosity=0)

    assert (league_view(a), league_view(b)) == before
    assert kept.kept_matches_rebuild()


def two_mains(rows):
    for item in rows:
        if item["model"] == "standings.pointssystem":
            item["fields"]["main"] = True


def places_abc(rows):
    for item in rows:
        if item["model"] == "standings.pointssystem":
            item["fields"]["places"] = "abc"


def window_backwards(rows):
    for item in rows:
        if item["model"] == "standings.seasonwindow":
            item["fields"]["first_day"], item["fields"]["last_day"] = "2030-01-01", "2020-01-01"


DAMAGES = [
    pytest.param(
        two_mains, "2 points systems are the main table; exactly one must be.", id="mains"
    ),
    pytest.param(
        places_abc, "the points system “F1”: Points per place are whole numbers.", id="abc"
    ),
    pytest.param(window_backwards, "The last day comes on or after the first day.", id="backwards"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("damage", "message"), DAMAGES)
def test_a_league_backup_breaking_the_rules_is_refused(two_leagues, tmp_path, damage, message):  # noqa: F811
    _a, b = two_leagues
    seasons_of_its_own(b)
    target = back_up(b, tmp_path)
    rewrite(target, damage)
    League.objects.filter(pk=b.pk).update(slug="alt")
    before = snapshot()

    with pytest.raises(CommandError) as refused:
        call_command("restore", str(target), league=True, verbosity=0)

    assert "The league's seasons: " in str(refused.value) and message in str(refused.value)
    assert "Nothing was restored." in str(refused.value)
    assert snapshot() == before


@pytest.mark.django_db
@pytest.mark.parametrize(("damage", "message"), DAMAGES)
def test_a_site_backup_breaking_the_rules_is_refused(two_leagues, tmp_path, damage, message):  # noqa: F811
    _a, b = two_leagues
    seasons_of_its_own(b)
    target = tmp_path / "site.json.gz"
    call_command("backup", str(target), verbosity=0)
    rewrite(target, damage)
    wipe()
    before = snapshot()

    with pytest.raises(CommandError) as refused:
        call_command("restore", str(target), verbosity=0)

    assert message in str(refused.value) and "Nothing was restored." in str(refused.value)
    assert snapshot() == before
    assert not Player._base_manager.exists() and not PointsSystem._base_manager.exists()
    assert not SeasonWindow._base_manager.exists()
