"""manage.py backup --league and restore --league: one league of a site moved into another
site, new or holding leagues of its own whose ids clash, with every evening as it was."""

import datetime
import gzip
import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from ofcleague.backup.league_backup import LEAGUE_FORMAT, league_querysets
from ofcleague.league import invariants
from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Evening, EveningPlayer, Player, PrizeShare, RoundScore
from ofcleague.standings import kept
from ofcleague.table.models import Hand, HandResult, RoundTable, TableSeat
from tests.backup.test_backup import wipe
from tests.factories import UserFactory
from tests.leagues.builders import populate
from tests.standings.stateful_counted import counted_view

NAMES_A = ["Anna", "Bert", "Cleo", "Dora"]
NAMES_B = ["Zzyzx", "Quentin", "Xaver", "Yvonne", "Wotan"]


def _second(value):
    """Times to the microsecond as stored; dates as they are."""
    return value.isoformat() if isinstance(value, datetime.datetime | datetime.time) else value


def _none_first(row):
    """A row's sort key where a value may be missing (a place not yet given)."""
    return tuple((False, 0) if value is None else (True, value) for value in row)


def _sorted(rows):
    return sorted(rows, key=_none_first)


def league_view(league):
    """Everything of ``league`` by what it means, not by its ids: its settings, players,
    evenings with seats (places, points, ratings, prizes), round points, tables, hands and
    results, its change log, and its kept standings."""
    league = League.objects.get(pk=league.pk)
    name = dict(Player._base_manager.filter(league=league).values_list("pk", "name"))
    evening_of = {
        pk: (date.isoformat(), _second(start))
        for pk, date, start in Evening.history.filter(league_id=league.pk).values_list(
            "id", "date", "start_time"
        )
    }
    seat_of = {
        # A player merged away since has no name: "(gone)", never its id, which sorts
        # against names no more than it survives a restore's renumbering.
        pk: (evening_of[evening], name.get(player, "(gone)"))
        for pk, evening, player in EveningPlayer.history.filter(
            evening_id__in=evening_of
        ).values_list("id", "evening_id", "player_id")
    }
    evenings = _sorted(
        (evening_of[row.pk], row.status, row.variant, row.notes, str(row.pot), row.version)
        for row in Evening._base_manager.filter(league=league)
    )
    seats = _sorted(
        (seat_of[s.pk], s.place, s.total, str(s.prize), s.tie_break,
         s.mu_before, s.sigma_before, s.mu_after, s.sigma_after)
        for s in EveningPlayer.objects.filter(evening__league=league)
    )  # fmt: skip
    scores = _sorted(
        (seat_of[r.evening_player_id], r.round_number, r.points, r.table)
        for r in RoundScore.objects.filter(evening_player__evening__league=league)
    )
    tables = _sorted(
        (evening_of[t.evening_id], t.round_number, t.table, t.first_dealer)
        for t in RoundTable.objects.filter(evening__league=league)
    )
    chairs = _sorted(
        (seat_of[c.evening_player_id], c.position)
        for c in TableSeat.objects.filter(round_table__evening__league=league)
    )
    hands = _sorted(
        (evening_of[h.round_table.evening_id], h.number, h.dealer, str(h.client_id), h.entry)
        for h in Hand.objects.filter(round_table__evening__league=league).select_related(
            "round_table"
        )
    )
    results = _sorted(
        (seat_of[r.evening_player_id], r.hand.number, r.points)
        for r in HandResult.objects.filter(hand__round_table__evening__league=league)
    )
    changes = _sorted(
        (evening_of[h.id], h.history_type, h.notes, _second(h.history_date),
         h.history_change_reason or "")
        for h in Evening.history.filter(league_id=league.pk)
    )  # fmt: skip
    seat_changes = _sorted(
        (seat_of[h.id], h.history_type, h.place, _second(h.history_date))
        for h in EveningPlayer.history.filter(evening_id__in=evening_of)
    )
    hand_changes = _sorted(
        (h.number, h.history_type, str(h.client_id), _second(h.history_date))
        for h in Hand.history.filter(round_table_id__in=RoundTable.history.filter(
            evening_id__in=evening_of).values("id"))
    )  # fmt: skip
    result_changes = _sorted(
        (seat_of[h.evening_player_id], h.history_type, h.points, _second(h.history_date))
        for h in HandResult.history.filter(evening_player_id__in=seat_of)
    )
    settings = [
        (field.name, getattr(league, field.attname))
        for field in League._meta.concrete_fields
        if field.name != "id"
    ]
    shares = _sorted(PrizeShare._base_manager.filter(league=league).values_list("place", "weight"))
    members = _sorted(
        Membership.objects.filter(league=league).values_list("user__username", "role")
    )
    standings = _sorted(
        (name[row["player_id"]], row["year"], row["variant"], row["evenings"], row["points"],
         row["mu"], row["sigma"])
        for row in kept.Standing.objects.filter(league=league).values()
    )  # fmt: skip
    return {
        "settings": settings,
        "players": _sorted(name.values()),
        "evenings": evenings,
        "seats": seats,
        "scores": scores,
        "tables": tables,
        "chairs": chairs,
        "hands": hands,
        "results": results,
        "changes": changes,
        "seat_changes": seat_changes,
        "hand_changes": hand_changes,
        "result_changes": result_changes,
        "shares": shares,
        "members": members,
        "standings": standings,
        "seasons": counted_view(league),  # the league's own points systems and windows
    }


@pytest.fixture
def two_leagues(db, first_league):
    """The first league (A) and a second (B), each with everything a league holds, and B with
    an owner and a scorekeeper."""
    populate(first_league, NAMES_A, year=2018)
    other = League.objects.create(name="Zweite Runde", slug="zweite-runde", currency="CHF")
    PrizeShare.objects.bulk_create(
        [PrizeShare(league=other, place=1, weight=3), PrizeShare(league=other, place=2, weight=1)]
    )
    populate(other, NAMES_B, year=2020, notes="Zzyzx-Notizen")
    Membership.objects.create(
        league=other, user=UserFactory(username="bea", email="bea@example.org"), role=Role.OWNER
    )
    Membership.objects.create(league=other, user=UserFactory(username="carl"), role="scorekeeper")
    return first_league, other


def back_up(league, tmp_path):
    target = tmp_path / f"{league.slug}.json.gz"
    call_command("backup", str(target), league=league.slug, verbosity=0)
    return target


def test_a_league_backup_holds_that_league_only(two_leagues, tmp_path):
    _a, b = two_leagues
    data = json.loads(gzip.decompress(back_up(b, tmp_path).read_bytes()))
    assert data["format"] == LEAGUE_FORMAT and data["league"] == "zweite-runde"
    text = json.dumps(data["rows"])
    assert "Zzyzx" in text and "Anna" not in text
    assert {item["model"] for item in data["rows"]} >= {
        "league.league", "league.player", "league.evening", "league.historicalevening",
        "league.eveningplayer", "league.roundscore", "table.hand", "table.historicalhand",
        "table.handresult", "table.tableseat", "league.membership", "league.prizeshare",
    }  # fmt: skip
    assert "auth.user" not in text
    assert {account["username"] for account in data["accounts"]} >= {"bea", "carl"}


def test_round_trip_into_a_fresh_site(two_leagues, tmp_path):
    _a, b = two_leagues
    before = league_view(b)
    target = back_up(b, tmp_path)
    accounts = list(UserFactory._meta.model.objects.values("username", "email"))
    wipe()
    for account in accounts:
        UserFactory(**account)

    call_command("restore", str(target), league=True, verbosity=0)

    restored = League.objects.get(slug="zweite-runde")
    assert league_view(restored) == before
    assert invariants.league_problems() == []
    assert kept.kept_matches_rebuild()


def clash(first_league):
    """A site whose ids clash with the backup's: two leagues of its own, built first (the
    second takes the backup's league id)."""
    populate(first_league, ["Gustav", "Hilde", "Ida", "Jens"], year=2017)
    third = League.objects.create(name="Dritte Runde", slug="dritte-runde")
    populate(third, ["Karl", "Lena", "Mira", "Nils"], year=2016)
    return third


def test_round_trip_into_a_site_with_clashing_ids(two_leagues, tmp_path):
    a, b = two_leagues
    before = league_view(b)
    ids_b = set(Evening.history.filter(league_id=b.pk).values_list("id", flat=True))
    target = back_up(b, tmp_path)
    wipe()
    UserFactory(username="bea-elsewhere", email="BEA@example.org")
    third = clash(League.objects.get(pk=1))
    here = [league_view(League.objects.get(pk=1)), league_view(third)]
    if connection.vendor == "sqlite":
        # The ids do clash (a test database of its own counts from 1 again; PostgreSQL's
        # counters went on through the tests before, so there they clash by chance only).
        assert ids_b <= set(Evening.history.values_list("id", flat=True))
        assert third.pk == b.pk

    out = io.StringIO()
    call_command("restore", str(target), league=True, stdout=out)

    assert "Restoring the league zweite-runde (4 evenings) as a new league." in out.getvalue()
    assert "Left out the memberships and claims of carl" in out.getvalue()
    restored = League.objects.get(slug="zweite-runde")
    view = league_view(restored)
    assert view.pop("members") == [("bea-elsewhere", "owner")]  # matched by e-mail address
    before.pop("members")
    assert view == before
    assert [league_view(League.objects.get(pk=1)), league_view(third)] == here
    assert invariants.league_problems() == []
    assert kept.kept_matches_rebuild()


def test_restore_beside_the_league_itself_under_another_site_slug(two_leagues, tmp_path):
    """Restoring league A's backup into the site that holds A and B, after A moved away."""
    a, b = two_leagues
    target = back_up(a, tmp_path)
    view_a, view_b = league_view(a), league_view(b)
    League.objects.filter(pk=b.pk).update(slug="bleibt")
    with pytest.raises(CommandError, match="already has a league at the address 'ofc-runde'"):
        call_command("restore", str(target), league=True, verbosity=0)
    assert league_view(a) == view_a
    assert league_view(b)["evenings"] == view_b["evenings"]


def test_restore_into_an_empty_league_of_the_same_slug(two_leagues, tmp_path):
    _a, b = two_leagues
    before = league_view(b)
    target = back_up(b, tmp_path)
    # Empty B out entirely, its history too, keeping the league itself and its owner.
    for model, rows in reversed(list(league_querysets(b))):
        if model not in (League, Membership, PrizeShare):
            model._base_manager.filter(pk__in=list(rows.values_list("pk", flat=True))).delete()
    Membership.objects.filter(league=b, user__username="carl").delete()

    call_command("restore", str(target), league=True, verbosity=0)

    assert League.objects.filter(slug="zweite-runde").count() == 1
    assert league_view(League.objects.get(slug="zweite-runde")) == before


def test_restore_refuses_a_bad_row_and_restores_nothing(two_leagues, tmp_path):
    _a, b = two_leagues
    target = back_up(b, tmp_path)
    data = json.loads(gzip.decompress(target.read_bytes()))
    for item in data["rows"]:
        if item["model"] == "league.roundscore":
            item["fields"]["points"] += 1  # the round no longer adds up to zero
            break
    target.write_bytes(gzip.compress(json.dumps(data).encode()))
    League.objects.filter(pk=b.pk).update(slug="alt")
    counts = (League.objects.count(), Evening._base_manager.count(), Player._base_manager.count())

    with pytest.raises(CommandError, match="Nothing was restored"):
        call_command("restore", str(target), league=True, verbosity=0)

    assert counts == (
        League.objects.count(),
        Evening._base_manager.count(),
        Player._base_manager.count(),
    )


def test_restore_refuses_a_row_of_another_league(two_leagues, tmp_path):
    a, b = two_leagues
    target = back_up(b, tmp_path)
    data = json.loads(gzip.decompress(target.read_bytes()))
    seat = next(item for item in data["rows"] if item["model"] == "league.eveningplayer")
    seat["fields"]["player"] = Player._base_manager.filter(league=a).first().pk
    target.write_bytes(gzip.compress(json.dumps(data).encode()))
    League.objects.filter(pk=b.pk).update(slug="alt")

    with pytest.raises(CommandError, match="not in the backup"):
        call_command("restore", str(target), league=True, verbosity=0)
    assert not League.objects.filter(slug="zweite-runde").exists()


def test_whole_and_league_backups_are_not_mixed_up(two_leagues, tmp_path):
    _a, b = two_leagues
    league_file = back_up(b, tmp_path)
    whole = tmp_path / "site.json.gz"
    call_command("backup", str(whole), verbosity=0)
    with pytest.raises(CommandError, match="restore it with --league"):
        call_command("restore", str(league_file), verbosity=0)
    with pytest.raises(CommandError, match="restore it without --league"):
        call_command("restore", str(whole), league=True, verbosity=0)


def test_backup_of_an_unknown_league_names_the_leagues(two_leagues, tmp_path):
    with pytest.raises(CommandError, match="zweite-runde"):
        call_command("backup", str(tmp_path / "x.json.gz"), league="keine", verbosity=0)


def written_before_the_move(path):
    """The league backup at ``path`` as it was written before the stakes and transfers moved
    to the money app (issue 39): their rows under the labels ``league.pairstake`` and
    ``league.transfer``."""
    data = json.loads(gzip.decompress(path.read_bytes()))
    old = {"money.pairstake": "league.pairstake", "money.transfer": "league.transfer"}
    moved = [row for row in data["rows"] if row["model"] in old]
    assert len(moved) == 2
    for row in moved:
        row["model"] = old[row["model"]]
    path.write_bytes(gzip.compress(json.dumps(data).encode()))


@pytest.mark.parametrize("written", ["now", "before_the_move"])
def test_imports_claims_stakes_and_transfers_travel_with_the_league(two_leagues, tmp_path, written):
    from decimal import Decimal

    from ofcleague.league.batches import ImportBatch
    from ofcleague.members.invites import PlayerClaim
    from ofcleague.money.models import PairStake, Transfer
    from tests.factories import confirmed_claim

    _a, b = two_leagues
    bea = Membership.objects.get(league=b, user__username="bea").user
    evening = Evening._base_manager.filter(league=b, status="finished").order_by("date").first()
    zzyzx, quentin = (Player._base_manager.get(league=b, name=name) for name in NAMES_B[:2])
    batch = ImportBatch.objects.create(league=b, created_by=bea, source_name="alt.csv")
    Player._base_manager.filter(pk=zzyzx.pk).update(import_batch=batch)
    Evening._base_manager.filter(pk=evening.pk).update(import_batch=batch)
    confirmed_claim(bea, quentin)
    low, high = sorted([zzyzx, quentin], key=lambda player: player.pk)
    PairStake.objects.create(evening=evening, player_a=low, player_b=high, stake=Decimal("0.5"))
    Transfer.objects.create(
        league=b, evening=evening, payer=quentin, payee=zzyzx, amount=Decimal("12.50")
    )
    target = back_up(b, tmp_path)
    if written == "before_the_move":
        written_before_the_move(target)
    wipe()
    UserFactory(username="bea", email="bea@example.org")
    clash(League.objects.get(pk=1))

    call_command("restore", str(target), league=True, verbosity=0)

    restored = League.objects.get(slug="zweite-runde")
    batch = ImportBatch.objects.get(league=restored)
    assert (batch.source_name, batch.created_by.username) == ("alt.csv", "bea")
    with using_league(restored):  # the batch's players and evenings, read in their league
        assert [player.name for player in batch.new_players.all()] == ["Zzyzx"]
        assert [e.league_id for e in batch.evenings.all()] == [restored.pk]
    claim = PlayerClaim.objects.get(league=restored)
    assert (claim.user.username, claim.player.name) == ("bea", "Quentin")
    stake = PairStake.objects.get(evening__league=restored)
    assert {stake.player_a.name, stake.player_b.name} == {"Zzyzx", "Quentin"}
    transfer = Transfer._base_manager.get(league=restored)
    assert (transfer.payer.name, transfer.payee.name, transfer.amount) == (
        "Quentin",
        "Zzyzx",
        Decimal("12.50"),
    )
    assert transfer.evening.league_id == restored.pk
