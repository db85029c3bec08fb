"""The services that run a league: starting, changing, deleting; renaming, merging players."""

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from ofcleague.league.current import using_league
from ofcleague.league.invariants import league_problems
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Evening, EveningPlayer, Player, PrizeShare
from ofcleague.league.services.leagues import (
    change_league,
    delete_league,
    merge_players,
    merge_preview,
    prize_split,
    rename_player,
    start_league,
)
from ofcleague.standings import kept
from tests.factories import PlayerFactory, UserFactory
from tests.league.builders import evening_from_order
from tests.leagues.conftest import snapshot

pytestmark = pytest.mark.django_db


def test_start_league_makes_owner_split_and_slug():
    user = UserFactory()
    league = start_league(user, "  Freitags   Runde ", currency="CHF")
    assert league.name == "Freitags Runde"
    assert league.slug == "freitags-runde"
    assert league.currency == "CHF"
    assert Membership.objects.get(league=league).user == user
    assert Membership.objects.get(league=league).role == Role.OWNER
    assert prize_split(league) == [2, 1]


def test_generated_slugs_are_numbered_and_never_reserved():
    user = UserFactory()
    first = start_league(user, "Runde")
    second = start_league(user, "Runde")
    reserved = start_league(user, "Admin")
    assert (first.slug, second.slug) == ("runde", "runde-2")
    assert reserved.slug == "admin-2"


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        ({"slug": "admin"}, "slug"),
        ({"slug": "ofc-runde"}, "slug"),
        ({"slug": "Not A Slug!"}, "slug"),
        ({"time_zone": "Mars/Olympus"}, "time_zone"),
        ({"time_zone": "../etc/passwd"}, "time_zone"),
        ({"currency": "euro"}, "currency"),
        ({"rule_set": "poker"}, "rule_set"),
        ({"rounds": 0}, "rounds"),
        ({"hands_per_round": 1000}, "hands_per_round"),
        ({"buy_in": Decimal("-1")}, "buy_in"),
        ({"visibility": "secret"}, "visibility"),
        ({"language": "xx"}, "language"),
        ({"prize_split": [2, 0]}, "prize_split"),
        ({"prize_split": []}, "prize_split"),
        ({"prize_split": ["a"]}, "prize_split"),
    ],
)
def test_start_league_refuses_and_writes_nothing(settings, field):
    before = (League.objects.count(), Membership.objects.count(), PrizeShare.objects.count())
    with pytest.raises(ValidationError) as refused:
        start_league(UserFactory(), "Neue Runde", **settings)
    assert field in refused.value.message_dict
    after = (League.objects.count(), Membership.objects.count(), PrizeShare.objects.count())
    assert after == before


def test_start_league_needs_a_name_and_an_account():
    with pytest.raises(ValidationError) as refused:
        start_league(UserFactory(), "   ")
    assert "name" in refused.value.message_dict
    from django.contrib.auth.models import AnonymousUser

    with pytest.raises(PermissionDenied):
        start_league(AnonymousUser(), "Runde")


def test_change_league_sets_settings_and_split(first_league, owner, other_league):
    before = snapshot(other_league)
    league = change_league(
        owner,
        first_league,
        name="Die Runde",
        slug="die-runde",
        time_zone="Europe/Vienna",
        buy_in=Decimal("5"),
        rounds=4,
        rule_set="classic-2-4",
        start_time=datetime.time(20, 30),
        prize_split=[3, 2, 1],
    )
    league.refresh_from_db()
    assert (league.name, league.slug) == ("Die Runde", "die-runde")
    assert league.time_zone == "Europe/Vienna"
    assert (league.buy_in, league.rounds, league.rule_set) == (Decimal("5"), 4, "classic-2-4")
    assert prize_split(league) == [3, 2, 1]
    assert snapshot(other_league) == before


def test_change_league_refuses_taken_and_reserved_addresses(first_league, owner, other_league):
    for slug in ("andere-runde", "leagues", ""):
        with pytest.raises(ValidationError) as refused:
            change_league(owner, first_league, slug=slug, rounds=5)
        assert "slug" in refused.value.message_dict
    first_league.refresh_from_db()
    assert (first_league.slug, first_league.rounds) == ("ofc-runde", 3)


def test_change_league_refuses_all_problems_at_once(first_league, owner):
    with pytest.raises(ValidationError) as refused:
        change_league(owner, first_league, currency="E", time_zone="Nowhere", prize_split=[0])
    assert {"currency", "time_zone", "prize_split"} <= set(refused.value.message_dict)
    first_league.refresh_from_db()
    assert first_league.currency == "EUR"


def test_only_the_owner_or_a_superuser_changes_a_league(first_league, owner, other_league):
    stranger_owner = Membership.objects.get(league=other_league).user
    keeper = UserFactory()
    Membership.objects.create(league=first_league, user=keeper, role=Role.SCOREKEEPER)
    for user in (stranger_owner, keeper, UserFactory()):
        with pytest.raises(PermissionDenied):
            change_league(user, first_league, name="Gekapert")
        with pytest.raises(PermissionDenied):
            delete_league(user, first_league, first_league.name)
    admin = UserFactory(is_superuser=True)
    assert change_league(admin, first_league, name="Admins Runde").name == "Admins Runde"


def test_delete_league_needs_the_name(first_league, owner, other_league):
    other_owner = Membership.objects.get(league=other_league).user
    with pytest.raises(ValidationError) as refused:
        delete_league(other_owner, other_league, "Andere")
    assert "confirm_name" in refused.value.message_dict
    assert League.objects.filter(pk=other_league.pk).exists()


def test_delete_league_takes_everything_and_leaves_the_others(first_league, other_league):
    with using_league(first_league):
        evening_from_order([PlayerFactory(), PlayerFactory()])
    before = snapshot(first_league)
    other_owner = Membership.objects.get(league=other_league).user
    evening_ids = list(
        Evening._base_manager.filter(league=other_league).values_list("pk", flat=True)
    )
    with using_league(other_league):  # a deleted evening leaves its history behind
        from ofcleague.league.services import delete_evening

        gone = Evening.objects.get(pk=evening_ids[0])
        delete_evening(gone, gone.version)
    assert Evening.history.filter(id=gone.pk, history_type="-").exists()
    delete_league(other_owner, other_league, " andere runde ")
    assert not League.objects.filter(pk=other_league.pk).exists()
    assert not Player._base_manager.filter(league_id=other_league.pk).exists()
    assert not Evening._base_manager.filter(league_id=other_league.pk).exists()
    assert not Evening.history.filter(id__in=evening_ids).exists()
    assert not EveningPlayer.history.filter(evening_id__in=evening_ids).exists()
    assert not Membership.objects.filter(league_id=other_league.pk).exists()
    assert snapshot(first_league) == before
    assert kept.kept_matches_rebuild()


def test_rename_player_refuses_taken_and_look_alike_names(first_league):
    with using_league(first_league):
        anna, _bert = PlayerFactory(name="Anna"), PlayerFactory(name="Bert")
    for name in ("bert", "Веrt", "  ", "=1+1"):  # a Cyrillic В and е
        with pytest.raises(ValidationError) as refused:
            rename_player(first_league, anna, name)
        assert "name" in refused.value.message_dict
    with pytest.raises(ValidationError) as refused:
        rename_player(first_league, anna, "Berta")
    assert "Bert" in refused.value.message_dict["name"][0]
    assert Player.objects.get(pk=anna.pk).name == "Anna"
    rename_player(first_league, anna, "Berta", confirm_similar=True)
    assert Player.objects.get(pk=anna.pk).name == "Berta"
    assert Player.objects.get(pk=anna.pk).slug == "anna"


def test_rename_player_of_another_league_is_refused(first_league, other_league):
    stranger = Player._base_manager.filter(league=other_league).first()
    with pytest.raises(ValidationError):
        rename_player(first_league, stranger, "Zora")


def _merge_case(first_league, clash=True):
    """Micha and Michi (one person, typed twice), with Carl and Dora; with ``clash`` the two
    also sat at one evening together."""
    with using_league(first_league):
        names = ("Micha", "Michi", "Carl", "Dora")
        keep, merge, carl, dora = (PlayerFactory(name=name) for name in names)
        evening_from_order([keep, carl, dora], date=datetime.date(2019, 3, 1))
        moved = evening_from_order([carl, merge, dora], date=datetime.date(2019, 3, 8))
        third = [merge, keep, carl] if clash else [merge, carl]
        evening_from_order(third, date=datetime.date(2020, 5, 1))
        evening_from_order([dora, keep, carl], date=datetime.date(2020, 6, 1))
    return keep, merge, moved


def test_merge_refuses_players_of_the_same_evening(first_league, owner):
    keep, merge, _moved = _merge_case(first_league)
    with pytest.raises(ValidationError) as refused:
        merge_players(first_league, keep, merge, owner)
    assert "01.05.2020" in refused.value.messages[0]
    assert Player.objects.filter(pk=merge.pk).exists()
    assert EveningPlayer.objects.filter(player=merge).count() == 2


def test_merge_moves_seats_keeps_places_and_replays_ratings(first_league, owner, other_league):
    keep, merge, moved = _merge_case(first_league, clash=False)
    before = snapshot(other_league)
    preview = merge_preview(first_league, keep, merge)
    assert [seat.evening.date.isoformat() for seat in preview.seats] == ["2019-03-08", "2020-05-01"]
    merge_players(first_league, keep, merge, owner)
    assert not Player._base_manager.filter(pk=merge.pk).exists()
    assert EveningPlayer.objects.get(evening=moved, player=keep).place == 2
    assert EveningPlayer.objects.filter(player=keep).count() == 4
    assert kept.kept_matches_rebuild()
    with using_league(first_league):
        assert league_problems() == []
    assert snapshot(other_league) == before
    moved.refresh_from_db()
    assert moved.version == 2


def test_merge_shows_in_the_evening_change_log(first_league, owner):
    from ofcleague.results.changes import evening_changes

    keep, merge, moved = _merge_case(first_league, clash=False)
    merge_players(first_league, keep, merge, owner)
    lines = [change for change in evening_changes(moved.pk) if change.kind == "merged"]
    assert [(line.old, line.new, line.user) for line in lines] == [("Michi", "Micha", "owner")]
    subjects = {change.subject for change in evening_changes(moved.pk)}
    assert "?" not in subjects


def test_merge_refuses_a_player_of_another_league(first_league, owner, other_league):
    keep, _merge, _moved = _merge_case(first_league)
    stranger = Player._base_manager.filter(league=other_league).first()
    with pytest.raises(ValidationError):
        merge_players(first_league, keep, stranger, owner)
    with pytest.raises(PermissionDenied):
        merge_players(first_league, keep, _merge, UserFactory())
    assert Player._base_manager.filter(pk=stranger.pk).exists()


def test_the_invariants_refuse_a_seat_of_another_leagues_player(first_league, other_league):
    with using_league(first_league):
        night = evening_from_order([PlayerFactory(), PlayerFactory()])
        assert league_problems() == []
    stranger = Player._base_manager.filter(league=other_league).first()
    EveningPlayer.objects.create(evening=night, player=stranger, place=3)
    with using_league(first_league):
        problems = league_problems()
    assert [problem.evening for problem in problems if stranger.name in problem.rule] == [night.pk]


def test_a_player_called_manage_does_not_hide_the_players_page(first_league):
    from ofcleague.league.services import create_players

    with using_league(first_league):
        (player,) = create_players(["Manage"])
    assert player.slug == "manage-2"


def test_an_evening_seats_no_player_of_another_league(first_league, other_league):
    stranger = Player._base_manager.filter(league=other_league).first()
    own = [PlayerFactory(name="Anna"), PlayerFactory(name="Bert")]
    details = {
        "date": datetime.date(2020, 1, 1),
        "start_time": datetime.time(19, 0),
        "buy_in": Decimal("10.00"),
        "rounds": 1,
        "hands_per_round": 15,
        "variant": "pineapple",
    }
    before = snapshot(other_league), Evening.objects.count(), Player._base_manager.count()
    from ofcleague.league import services

    with pytest.raises(ValidationError, match="anderen Liga"):
        services.create_evening(players=[*own, stranger], new_names=["Neu"], **details)
    evening = services.create_evening(players=own, **details)
    with pytest.raises(ValidationError, match="anderen Liga"):
        services.update_evening(evening, evening.version, players=[*own, stranger], **details)
    assert (snapshot(other_league), Evening.objects.count() - 1, Player._base_manager.count()) == (
        before
    )
    assert set(evening.seats.values_list("player__league", flat=True)) == {first_league.pk}
