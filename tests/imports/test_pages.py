"""The import and export pages: who reaches them, that only the confirm writes, the round
trip through the export, and what bad input does."""

import datetime
import random
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from ofcleague.league import services
from ofcleague.league.batches import ImportBatch
from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Evening, EveningPlayer, Player
from ofcleague.standings import kept
from tests.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db
PRINTED = (Path(__file__).parent / "printed_history.txt").read_text(encoding="utf-8")
PAGES = ("/ofc-runde/import/", "/ofc-runde/import/preview/", "/ofc-runde/export/")
CSV = (
    "Datum;Spieler;Platz;Runde 1;Preis;Buy-in\n"
    "01.03.2024;Anna;1;6;20,00;10\n"
    "01.03.2024;Bert;2;-6;;10\n"
)


@pytest.fixture
def owner(first_league):
    user = UserFactory(username="owner")
    Membership.objects.create(league=first_league, user=user, role=Role.OWNER)
    return user


@pytest.fixture
def owner_client(client, owner):
    client.force_login(owner)
    return client


def written():
    return (
        Evening._base_manager.count(),
        Player._base_manager.count(),
        ImportBatch.objects.count(),
    )


def upload(client, content, name="alt.csv", follow=True):
    data = content if isinstance(content, bytes) else content.encode("utf-8")
    return client.post(
        "/ofc-runde/import/", {"file": SimpleUploadedFile(name, data)}, follow=follow
    )


@pytest.mark.parametrize("page", PAGES)
def test_only_the_owner_reaches_the_pages(client, owner, page):
    assert client.get(page).status_code == 302  # to the login
    keeper, member = UserFactory(), UserFactory()
    Membership.objects.create(league_id=1, user=keeper, role=Role.SCOREKEEPER)
    Membership.objects.create(league_id=1, user=member, role=Role.MEMBER)
    for user in (keeper, member):
        client.force_login(user)
        assert client.get(page).status_code == 403
        assert client.post(page, {"text": PRINTED, "action": "confirm"}).status_code == 403
    assert written() == (0, 0, 0)
    client.force_login(owner)
    assert client.get(page, follow=True).status_code == 200


def test_undo_and_batch_pages_are_the_owners(client, owner, first_league):
    client.force_login(owner)
    client.post("/ofc-runde/import/", {"text": PRINTED})
    client.post("/ofc-runde/import/preview/", {"action": "confirm"})
    batch = ImportBatch.objects.get()
    keeper = UserFactory()
    Membership.objects.create(league_id=1, user=keeper, role=Role.SCOREKEEPER)
    client.force_login(keeper)
    assert client.get(f"/ofc-runde/import/{batch.pk}/").status_code == 403
    assert client.post(f"/ofc-runde/import/{batch.pk}/undo/").status_code == 403
    client.logout()
    assert client.post(f"/ofc-runde/import/{batch.pk}/undo/").status_code == 302
    assert Evening.objects.count() == 6
    client.force_login(owner)
    assert client.get(f"/ofc-runde/import/{batch.pk}/undo/").status_code == 405


def test_paste_preview_confirm_undo(owner_client):
    response = owner_client.post("/ofc-runde/import/", {"text": PRINTED}, follow=True)
    assert response.redirect_chain[-1][0] == "/ofc-runde/import/preview/"
    assert response.context["checked"].preview.ok
    assert len(response.context["checked"].preview.evenings) == 6
    assert b'id="import-confirm"' in response.content
    assert written() == (0, 0, 0)  # reading and the preview write nothing
    owner_client.get("/ofc-runde/import/preview/")
    assert written() == (0, 0, 0)
    response = owner_client.post("/ofc-runde/import/preview/", {"action": "confirm"}, follow=True)
    batch = ImportBatch.objects.get()
    assert response.redirect_chain[-1][0] == f"/ofc-runde/import/{batch.pk}/"
    assert b'id="import-undo"' in response.content
    assert Evening.objects.filter(import_batch=batch).count() == 6
    assert Player.objects.count() == 9
    listing = owner_client.get("/ofc-runde/import/")
    assert batch in listing.context["batches"]
    owner_client.post(f"/ofc-runde/import/{batch.pk}/undo/")
    assert (Evening.objects.count(), Player.objects.count()) == (0, 0)
    assert ImportBatch.objects.get().undone_at is not None


def test_a_blocking_problem_shows_no_confirm_and_the_confirm_writes_nothing(owner_client):
    text = "Freitag, 24.07.2020\n1. Micha 3. Melanie\n"
    response = owner_client.post("/ofc-runde/import/", {"text": text}, follow=True)
    assert not response.context["checked"].preview.ok
    assert b'id="import-confirm"' not in response.content
    response = owner_client.post("/ofc-runde/import/preview/", {"action": "confirm"})
    assert response.status_code == 200 and written() == (0, 0, 0)
    # Back at the input, the pasted text is still there.
    assert text.strip() in owner_client.get("/ofc-runde/import/").content.decode()


def test_did_you_mean_uses_the_known_player(owner_client):
    PlayerFactory(name="Michael")
    text = "Freitag, 24.07.2020\n1. Micheal 2. Anna\n"
    response = owner_client.post("/ofc-runde/import/", {"text": text}, follow=True)
    assert response.context["checked"].near == [("Micheal", ["Michael"])]
    owner_client.post("/ofc-runde/import/preview/", {"action": "confirm", "name_0": "Michael"})
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Anna", "Michael"]
    assert EveningPlayer.objects.get(place=1).player.name == "Michael"


def test_a_csv_with_known_columns_goes_straight_to_the_preview(owner_client):
    response = upload(owner_client, CSV)
    assert response.redirect_chain[-1][0] == "/ofc-runde/import/preview/"
    owner_client.post("/ofc-runde/import/preview/", {"action": "confirm"})
    evening = Evening.objects.get()
    assert evening.pot == 20 and evening.seats.get(place=1).total == 6


def test_unknown_columns_are_mapped(owner_client):
    data = "Wann;Wer;Rang;Sonstiges\n01.03.2024;Anna;1;x\n01.03.2024;Bert;2;y\n"
    response = upload(owner_client, data)
    assert response.redirect_chain[-1][0] == "/ofc-runde/import/columns/"
    refused = owner_client.post("/ofc-runde/import/columns/", {"col_0": "date"})
    assert refused.status_code == 200 and refused.context["form"].errors
    response = owner_client.post(
        "/ofc-runde/import/columns/",
        {"col_0": "date", "col_1": "player", "col_2": "place", "col_3": ""},
        follow=True,
    )
    assert response.context["checked"].preview.ok
    assert written() == (0, 0, 0)
    owner_client.post("/ofc-runde/import/preview/", {"action": "confirm"})
    assert list(Evening.objects.values_list("date", flat=True)) == [datetime.date(2024, 3, 1)]


def test_the_columns_step_names_what_it_did_not_recognise(owner_client):
    data = "Datum;Spieler;Platz;Hds/Rd;Notiz\n01.03.2024;Anna;1;30;x\n01.03.2024;Bert;2;30;y\n"
    response = upload(owner_client, data)
    assert response.redirect_chain[-1][0] == "/ofc-runde/import/columns/"
    page = response.content.decode()
    named = page.split('id="columns-unrecognised"')[1].split("</div>")[0]
    assert "“Hds/Rd”" in named and "“Notiz”" in named and "Spieler" not in named
    assert 'id="id_col_3_helptext"' in page and 'id="id_col_4_helptext"' in page
    assert 'id="id_col_1_helptext"' not in page
    response = owner_client.post(
        "/ofc-runde/import/columns/",
        {"col_0": "date", "col_1": "player", "col_2": "place", "col_3": "", "col_4": ""},
        follow=True,
    )
    warnings = [p.message for p in response.context["checked"].preview.problems]
    assert len(warnings) == 2 and "Hds/Rd" in warnings[0] and response.context["checked"].preview.ok
    assert "Hds/Rd" in response.content.decode()


@pytest.mark.parametrize(
    "content, name",
    [
        (b"", "leer.csv"),
        (b"   \n  ", "leer.csv"),
        (bytes(range(256)) * 50, "muell.csv"),
        (b"PK\x03\x04garbage" * 100, "kaputt.xlsx"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00IHDR", "bild.csv"),
        (b"a;" * 100 + b"\n", "breit.csv"),
        (b"Datum;Spieler;Platz\n" + b"01.03.2024;x;1\n" * 160_000, "riesig.csv"),
    ],
)
def test_bad_files_get_a_message(owner_client, content, name):
    response = upload(owner_client, content, name)
    assert response.status_code == 200
    assert response.context["form"].errors
    assert written() == (0, 0, 0)


def test_a_cp1252_file_is_read(owner_client):
    data = "Datum;Spieler;Platz\n01.03.2024;Jörg;1\n01.03.2024;Bärbel;2\n".encode("cp1252")
    upload(owner_client, data)
    owner_client.post("/ofc-runde/import/preview/", {"action": "confirm"})
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Bärbel", "Jörg"]


def test_excels_unicode_text_is_read(owner_client):
    """Excel's "Unicode text": UTF-16 LE with its BOM, tabs, CRLF, saved as .txt."""
    text = (
        "Datum\tSpieler\tPlatz\tPreis\r\n01.03.2024\tJörg\t1\t10,50\r\n01.03.2024\tŞahin\t2\t\r\n"
    )
    response = upload(owner_client, b"\xff\xfe" + text.encode("utf-16-le"), name="liga.txt")
    assert response.context["checked"].preview.problems == ()
    owner_client.post("/ofc-runde/import/preview/", {"action": "confirm"})
    assert sorted(Player.objects.values_list("name", flat=True)) == ["Jörg", "Şahin"]
    assert EveningPlayer.objects.get(player__name="Jörg").prize == Decimal("10.50")


def test_pasted_nonsense_shows_the_problem_and_keeps_the_text(owner_client):
    text = "völlig ☃ unlesbar\n1. und 2.\n" * 3
    response = owner_client.post("/ofc-runde/import/", {"text": text}, follow=True)
    assert response.status_code == 200
    checked = response.context["checked"]
    assert not checked.preview.ok and b'id="import-confirm"' not in response.content
    assert "unlesbar" in owner_client.get("/ofc-runde/import/").content.decode()
    with_nul = owner_client.post("/ofc-runde/import/", {"text": "\x00 Spieler \x01"})
    assert with_nul.status_code == 200 and with_nul.context["form"].errors
    assert "Spieler" in with_nul.content.decode()
    too_long = owner_client.post("/ofc-runde/import/", {"text": "x" * (2 * 1024 * 1024 + 1)})
    assert too_long.status_code in (200, 400) and written() == (0, 0, 0)


def test_steps_without_an_input_go_back_to_the_start(owner_client):
    assert owner_client.get("/ofc-runde/import/preview/").url == "/ofc-runde/import/"
    assert owner_client.get("/ofc-runde/import/columns/").url == "/ofc-runde/import/"
    assert owner_client.post("/ofc-runde/import/", {}).context["form"].errors


def played_through_the_services(evenings, seed=11):
    """Evenings as the league's pages store them: alternately from points with the default
    prizes, and as a plain finishing order."""
    rng = random.Random(seed)
    names = ["Anna", "Bert", "Carla", "Dörte", "Emil", "Fritz"]
    for number in range(evenings):
        field = rng.sample(names, rng.randint(3, 6))
        evening = services.create_evening(
            new_names=field, date=datetime.date(2020, 1, 3) + datetime.timedelta(7 * number),
            start_time=datetime.time(19, 30), rounds=2, variant=rng.choice(["ofc", "classic"]),
        )  # fmt: skip
        seats = list(evening.seats.order_by("pk").values_list("pk", flat=True))
        if number % 2:
            order = dict(zip(seats, range(1, len(seats) + 1), strict=True))
            services.save_finishing_order(evening, evening.version, order)
            continue
        grid = {seat: {} for seat in seats}
        for round_number in (1, 2):
            values = [rng.randint(-20, 20) for _ in seats[1:]]
            for seat, value in zip(seats, [-sum(values), *values], strict=True):
                grid[seat][round_number] = value
        services.finish_with_default_prizes(evening, evening.version, grid)


def _history(league):
    with using_league(league):
        return [
            (
                e.date, e.start_time, e.buy_in, e.rounds, e.hands_per_round, e.variant, e.pot,
                sorted(e.seats.values_list("player__name", "place", "total", "prize")),
                sorted(
                    e.seats.values_list("player__name", "scores__round_number", "scores__points")
                ),
            )
            for e in Evening.objects.order_by("date", "start_time")
        ]  # fmt: skip


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_export_then_import_into_an_empty_league_gives_the_same_evenings(
    client, owner, first_league, kind
):
    played_through_the_services(8)
    client.force_login(owner)
    response = client.get(f"/ofc-runde/export/?format={kind}")
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith(f'.{kind}"')
    empty = League.objects.create(name="Leer", slug="leer")
    Membership.objects.create(league=empty, user=owner, role=Role.OWNER)
    name = f"export.{kind}"
    client.post("/leer/import/", {"file": SimpleUploadedFile(name, response.content)})
    preview = client.get("/leer/import/preview/")
    assert preview.context["checked"].preview.problems == ()
    client.post("/leer/import/preview/", {"action": "confirm"})
    mine, theirs = _history(empty), _history(first_league)
    for a, b in zip(mine, theirs, strict=True):
        assert a == b
    assert len(mine) == len(theirs)
    with using_league(empty):
        assert kept.kept_matches_rebuild()


def test_the_export_page_offers_both_downloads(owner_client):
    response = owner_client.get("/ofc-runde/export/")
    assert b"?format=csv" in response.content and b"?format=xlsx" in response.content
    assert owner_client.get("/ofc-runde/export/?format=csv").content.startswith(
        "\ufeffDatum".encode()
    )


def test_the_owner_menu_links_import_and_export(owner_client):
    content = owner_client.get("/ofc-runde/settings/").content.decode()
    assert 'href="/ofc-runde/import/"' in content and 'href="/ofc-runde/export/"' in content


def test_an_evening_on_a_stored_date_is_a_warning(owner_client):
    owner_client.post("/ofc-runde/import/", {"text": PRINTED})
    owner_client.post("/ofc-runde/import/preview/", {"action": "confirm"})
    owner_client.post("/ofc-runde/import/", {"text": PRINTED})
    checked = owner_client.get("/ofc-runde/import/preview/").context["checked"]
    assert [p.code for p in checked.preview.problems] == ["already_stored"] * 6
    assert checked.preview.ok
