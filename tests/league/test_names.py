"""Player names: normalisation, the stored key, near names, the fixture and the migration."""

import json
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from ofcleague.league import services
from ofcleague.league.models import Player
from ofcleague.league.names import (
    mixes_scripts,
    name_key,
    normalise_name,
    one_edit_apart,
    similar_names,
)
from tests.factories import PlayerFactory

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "history.json"
CYRILLIC_MICHA = "М\u0456ch\u0430"  # Cyrillic М, і and а: looks exactly like "Micha"


@pytest.fixture(autouse=True)
def english():
    """Messages are checked in English, the language of the msgids."""
    with translation.override("en"):
        yield


def refusal(text) -> str:
    with pytest.raises(ValidationError) as error:
        normalise_name(text)
    return " ".join(error.value.messages)


# normalise_name -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Micha\u200b", "Micha"),  # zero-width space
        ("\ufeffMicha", "Micha"),  # BOM from a pasted text
        ("\u202eMicha\u202c", "Micha"),  # bidi override and pop
        ("Mi\u00adcha", "Micha"),  # soft hyphen
        ("Ｍｉｃｈａ", "Micha"),  # fullwidth
        ("𝐌𝐢𝐜𝐡𝐚", "Micha"),  # mathematical bold
        ("Jose\u0301", "Jos\u00e9"),  # NFD becomes NFC
        ("  Anna \t\u00a0 Maria\u3000", "Anna Maria"),  # all kinds of spaces, collapsed
        ("Anna\u200b Maria", "Anna Maria"),
    ],
)
def test_names_are_normalised(typed, stored):
    assert normalise_name(typed) == stored


@pytest.mark.parametrize("typed", ["\u200b", "\u200b\u200c\u200d\ufeff", " \u2060 ", "\u3164"])
def test_a_name_of_invisible_characters_only_is_refused(typed):
    assert "invisible characters" in refusal(typed)


@pytest.mark.parametrize(
    "typed", ["=HYPERLINK(1)", "+49 Anna", "-Anna", "@Anna", "＝1+1", "\u200b=1"]
)
def test_a_name_a_spreadsheet_would_run_as_a_formula_is_refused(typed):
    message = refusal(typed)
    assert "formula" in message
    assert normalise_name(typed[1:].lstrip("\u200b=")) in message  # the message names it


def test_a_too_long_name_is_refused_after_normalising():
    assert "too long" in refusal("x" * 41)
    assert normalise_name("x" * 40 + "\u200b" * 10) == "x" * 40


@given(st.text(max_size=60))
def test_normalising_is_idempotent_and_the_key_is_stable(text):
    try:
        name = normalise_name(text)
    except ValidationError:
        return
    assert normalise_name(name) == name
    assert name_key(name) == name_key(text)
    assert name and not name.startswith(("=", "+", "-", "@", " ")) and len(name) <= 40


# name_key and near names --------------------------------------------------------------------


def test_the_key_folds_case_width_invisible_characters_and_look_alike_scripts():
    assert name_key("ÄRGER") == name_key("ärger") == "ärger"
    assert name_key("Straße") == name_key("STRASSE")
    for look_alike in ["Micha\u200b", "Ｍｉｃｈａ", CYRILLIC_MICHA, "ΜΙCHA"]:
        assert name_key(look_alike) == name_key("Micha")


def test_the_key_keeps_accents_and_other_scripts_apart():
    assert name_key("José") != name_key("Jose")
    assert name_key("Саша") == name_key("САША") != name_key("Sasha")
    assert name_key("Ηans") == "hans" and name_key("ηina") == "nina"


@pytest.mark.parametrize(
    ("a", "b", "close"),
    [
        ("andreas", "andrea", True),
        ("micha", "michi", True),
        ("micha", "mihca", True),
        ("micha", "michael", False),
        ("abc", "cba", False),
        ("", "a", True),
        ("max", "mia", False),
    ],
)
def test_one_edit_apart(a, b, close):
    assert one_edit_apart(a, b) is close
    assert one_edit_apart(b, a) is close


def test_similar_names():
    league = ["Andreas", "Micha", "Michael", "Michi", "José"]
    assert similar_names("Andrea", league) == ["Andreas"]
    assert similar_names("Jose", league) == ["José"]
    assert similar_names("Mich", league) == ["Micha", "Michi"]
    assert similar_names("ANDREAS", league) == []  # the same player, not a similar one
    assert similar_names("Bert", league) == []


def test_mixed_scripts():
    assert mixes_scripts(CYRILLIC_MICHA)
    assert not mixes_scripts("Micha") and not mixes_scripts("Саша")
    assert not mixes_scripts("Łukasz Ørsted")


# create_players and split_names -------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["Micha\u200b", "Ｍｉｃｈａ", CYRILLIC_MICHA, "MICHA", " micha "])
def test_an_odd_spelling_of_a_known_name_is_that_player(typed):
    micha = PlayerFactory(name="Micha")
    assert services.create_players([typed]) == [micha]
    assert Player.objects.count() == 1


@pytest.mark.django_db
def test_nfd_and_nfc_jose_are_one_player():
    (composed,) = services.create_players(["Jos\u00e9"])
    assert services.create_players(["Jose\u0301"]) == [composed]
    assert composed.name == "Jos\u00e9"


@pytest.mark.django_db
def test_umlauts_differing_in_case_are_one_player_on_every_database():
    (arger,) = services.create_players(["ärger"])
    assert services.create_players(["ÄRGER"]) == [arger]
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(name="ÄRGER", name_key=name_key("ÄRGER"), slug="aerger")


@pytest.mark.django_db
def test_new_players_are_stored_normalised_with_their_key():
    (player,) = services.create_players(["  Ｊｏ\u200bhanna  Maria "])
    player.refresh_from_db()
    assert (player.name, player.name_key, player.slug) == (
        "Johanna Maria",
        "johanna maria",
        "johanna-maria",
    )


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["\u200b\u200b", "=1+1", "@Anna", "x" * 41])
def test_create_players_refuses_a_name_that_cannot_be_one(typed):
    with pytest.raises(ValidationError):
        services.create_players(["Anna", typed])
    assert not Player.objects.exists()


def test_split_names_normalises_and_names_every_bad_piece():
    assert services.split_names("Anna\u200b,, Ｂｅｒｔ\n Cleo ，Dora") == [
        "Anna",
        "Bert",
        "Cleo",
        "Dora",
    ]
    with pytest.raises(ValidationError) as error:
        services.split_names("Anna, =SUM(A1), \u200b, -Bert")
    messages = error.value.messages
    assert len(messages) == 3
    assert "“=SUM(A1)”" in messages[0] and "invisible" in messages[1] and "“-Bert”" in messages[2]


# The model's validation, used by the admin --------------------------------------------------


@pytest.mark.django_db
def test_clean_normalises_and_sets_the_key():
    player = Player(name="Ｍｉｃｈａ\u200b", slug="micha")
    player.full_clean()
    assert (player.name, player.name_key) == ("Micha", "micha")


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["MICHA", CYRILLIC_MICHA, "Micha\u200b"])
def test_clean_refuses_a_name_another_player_has_or_looks_like(typed):
    PlayerFactory(name="Micha")
    with pytest.raises(ValidationError) as error:
        Player(name=typed, slug="other").full_clean()
    assert "already the name of the player Micha" in error.value.message_dict["name"][0]


@pytest.mark.django_db
def test_a_player_keeps_their_own_key_when_renamed_in_another_case():
    micha = PlayerFactory(name="Micha")
    micha.name = "MICHA"
    micha.full_clean()
    assert micha.name_key == "micha"


# The fixture and the migration --------------------------------------------------------------


def test_every_fixture_player_has_the_key_of_their_name():
    players = [
        row["fields"] for row in json.loads(FIXTURE.read_text()) if row["model"] == "league.player"
    ]
    assert len(players) == 9
    for player in players:
        assert player["name_key"] == name_key(player["name"])


@pytest.fixture
def before_name_keys(transactional_db):
    """The Player model as migration 0004 left it; the schema is migrated forward again after
    the test, whatever happens in it."""
    before = [("league", "0004_limits_and_pot")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    yield executor.loader.project_state(before).apps.get_model("league", "Player")
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_the_migration_fills_keys_and_keeps_colliding_players_apart(before_name_keys):
    names = ["Micha", "ärger", "Ｍｉｃｈａ", "\u200b", "=Formel"]
    if connection.vendor == "sqlite":
        names.append("ÄRGER")  # only SQLite's LOWER() let this in next to "ärger"
    ids = [
        before_name_keys.objects.create(name=name, slug=f"p{number}").pk
        for number, name in enumerate(names)
    ]
    executor = MigrationExecutor(connection)
    executor.migrate([("league", "0005_player_name_key")])
    # The player as that migration left it (before players belonged to a league).
    state = executor.loader.project_state([("league", "0005_player_name_key")])
    player = state.apps.get_model("league", "Player")
    keys = dict(player.objects.values_list("pk", "name_key"))
    expected = ["micha", "ärger", f"micha#{ids[2]}", f"#{ids[3]}", "=formel", f"ärger#{ids[-1]}"]
    assert [keys[pk] for pk in ids] == expected[: len(ids)]
    # Names stay as they were: merging players is a person's decision.
    assert player.objects.get(pk=ids[2]).name == "Ｍｉｃｈａ"


# The admin ----------------------------------------------------------------------------------


def admin_post(client, name, slug, player=None):
    url = (
        reverse("admin:league_player_change", args=[player.pk])
        if player
        else reverse("admin:league_player_add")
    )
    data = {"name": name, "full_name": "", "active": "on", "slug": slug}
    # A new player names their league (the admin has none active); a player keeps theirs.
    return client.post(url, data if player else {**data, "league": 1})


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["MICHA", CYRILLIC_MICHA, "Ｍｉｃｈａ", "Micha\u200b"])
def test_the_admin_refuses_a_duplicate_or_look_alike_name(staff_client, typed):
    PlayerFactory(name="Micha")
    response = admin_post(staff_client, typed, "micha-2")
    assert response.status_code == 200
    assert "Micha" in " ".join(response.context["adminform"].form.errors["name"])
    assert Player.objects.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["\u200b", "=1+1", "@Anna"])
def test_the_admin_refuses_a_name_that_cannot_be_one(staff_client, typed):
    response = admin_post(staff_client, typed, "x")
    assert response.context["adminform"].form.errors["name"]
    assert not Player.objects.exists()


@pytest.mark.django_db
def test_the_admin_stores_names_normalised_with_their_key(staff_client):
    admin_post(staff_client, " Ｊｏｓｅ\u0301\u200b ", "jose")
    micha = PlayerFactory(name="Micha")
    admin_post(staff_client, "Mícha", "micha", player=micha)
    assert dict(Player.objects.values_list("name", "name_key")) == {
        "José": "josé",
        "Mícha": "mícha",
    }
