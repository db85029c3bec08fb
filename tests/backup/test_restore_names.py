"""Restored player names pass the same normaliser as typed ones, and their keys are
recomputed from the names, never taken from the file."""

import io

import pytest
from django.core.management import call_command

from ofcleague.league.models import Player
from ofcleague.league.names import name_key
from tests.backup.test_backup import wipe
from tests.backup.test_restore import assert_refused, take_backup, write
from tests.factories import EveningFactory, EveningPlayerFactory, RoundScoreFactory


@pytest.fixture
def small_league(seeded):
    """An evening of three players (12, -4, -8 in one round)."""
    evening = EveningFactory(rounds=1)
    for place, value in enumerate([12, -4, -8], start=1):
        seat = EveningPlayerFactory(evening=evening, place=place, total=value)
        RoundScoreFactory(evening_player=seat, round_number=1, points=value)


def a_player(objects):
    return next(item for item in objects if item["model"] == "league.player")


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("An\u200bna", "Anna"),  # a zero-width space
        ("\u202eAnna\u202c", "Anna"),  # bidi controls
        ("Ｍｉｃｈａ", "Micha"),  # fullwidth letters
        ("  Jo \ufeff  Ann ", "Jo Ann"),  # a BOM and spaces
    ],
    ids=["zero-width", "bidi", "fullwidth", "bom-and-spaces"],
)
def test_restored_names_are_normalised_as_typed_ones(small_league, tmp_path, typed, stored):
    objects = take_backup(tmp_path)
    player = a_player(objects)
    player["fields"]["name"] = typed
    player["fields"]["name_key"] = typed  # never trusted
    path = write(tmp_path, objects)
    wipe()
    out = io.StringIO()
    call_command("restore", str(path), stdout=out)
    restored = Player.objects.get(pk=player["pk"])
    assert (restored.name, restored.name_key) == (stored, name_key(stored))
    assert f"Player {player['pk']} {typed!r} is restored as {stored!r}." in out.getvalue()


def test_a_name_key_in_the_file_is_recomputed_from_the_name(small_league, tmp_path):
    objects = take_backup(tmp_path)
    player = a_player(objects)
    player["fields"]["name_key"] = "someone else"
    path = write(tmp_path, objects)
    wipe()
    call_command("restore", str(path), verbosity=0)
    restored = Player.objects.get(pk=player["pk"])
    assert restored.name_key == name_key(restored.name) != "someone else"


@pytest.mark.parametrize(
    ("name", "rule"),
    [("=SUM(A1)", "starts with “=”"), ("\u200b\u200d", "only of spaces or invisible characters")],
    ids=["formula", "invisible"],
)
def test_a_name_the_normaliser_refuses_refuses_the_backup_naming_the_player(
    small_league, tmp_path, name, rule
):
    objects = take_backup(tmp_path)
    player = a_player(objects)
    player["fields"]["name"] = name
    path = write(tmp_path, objects)
    wipe()
    text = assert_refused(path, rule)
    assert text.startswith(f"Player {player['pk']} {name!r}: ")


@pytest.mark.parametrize(
    "twin",
    ["ANNA", "Аnna", "An\u200bna"],  # capitals; a Cyrillic А; a zero-width space
    ids=["case", "cyrillic-look-alike", "invisible"],
)
def test_two_players_whose_names_fold_to_one_key_refuse_the_backup(small_league, tmp_path, twin):
    objects = take_backup(tmp_path)
    first, second = [item for item in objects if item["model"] == "league.player"][:2]
    first["fields"]["name"], second["fields"]["name"] = "Anna", twin
    # Keys as a careless edit (or an old bug) left them: distinct, so the database would take them.
    first["fields"]["name_key"], second["fields"]["name_key"] = "anna", "anna-2"
    path = write(tmp_path, objects)
    wipe()
    assert_refused(path, f"Players {first['pk']} 'Anna' and {second['pk']} ")
    assert_refused(path, "are one player by name (both 'anna')")


def test_two_leagues_may_each_have_a_player_of_the_same_name(small_league, tmp_path):
    from ofcleague.league.current import every_league, using_league
    from ofcleague.league.leagues import League

    other = League.objects.create(name="Zweite Runde", slug="zweite-runde")
    name = Player.objects.order_by("pk").first().name
    with using_league(other):
        Player.objects.create(name=name, name_key=name_key(name), slug="twin")
    path = tmp_path / "two.json.gz"
    call_command("backup", str(path), verbosity=0)
    wipe()
    call_command("restore", str(path), verbosity=0, stdout=io.StringIO())
    with every_league():
        assert Player.objects.filter(name=name).count() == 2
