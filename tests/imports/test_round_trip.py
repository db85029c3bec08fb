"""Export then import gives back the same evenings, as CSV and as xlsx."""

from datetime import date, time, timedelta
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ofcleague.imports.check import preview
from ofcleague.imports.export import export_csv, export_xlsx
from ofcleague.imports.rows import ImportedEvening, ImportedPlace
from ofcleague.imports.table_file import read_table
from ofcleague.league import services
from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Evening
from ofcleague.league.names import clean_text, name_key
from ofcleague.standings import kept
from tests.factories import UserFactory

NAMES = (
    st.text(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZäöüßéÄÖÜ 0123456789'",
        min_size=1,
        max_size=12,
    )
    .map(clean_text)
    .filter(lambda s: s and not s[0].isdigit())
)
MONEY = st.decimals(min_value=0, max_value=500, places=2)


@st.composite
def evenings(draw):
    days = draw(st.sets(st.dates(date(2000, 1, 1), date(2023, 12, 31)), min_size=1, max_size=3))
    # A league's players, each with the one spelling a league's export has (two spellings of
    # one name, "P" and "p", are one player: the import gives both the first one's).
    league = draw(st.lists(NAMES, min_size=1, max_size=8, unique_by=name_key))
    result = []
    for day in sorted(days):
        names = draw(
            st.lists(st.sampled_from(league), min_size=1, max_size=min(6, len(league)), unique=True)
        )
        rounds = draw(st.integers(1, 3))
        totals = sorted(
            draw(st.lists(st.integers(-99, 99), min_size=len(names), max_size=len(names))),
            reverse=True,
        )
        # Players tied on points share their place (1, 2, 2, 4) or the table decided it.
        shared = draw(st.booleans())
        places = tuple(
            ImportedPlace(
                line=0, player=name, place=totals.index(total) + 1 if shared else n,
                points=(total,) + (0,) * (rounds - 1), total=total,
            )
            for n, (name, total) in enumerate(zip(names, totals, strict=True), start=1)
        )  # fmt: skip
        result.append(
            ImportedEvening(
                date=day, start_time=draw(st.none() | st.just(time(19, 30))),
                buy_in=draw(st.none() | MONEY), rounds=rounds,
                hands_per_round=draw(st.integers(1, 30)),
                variant=draw(st.sampled_from(["ofc", "pineapple", "classic"])), places=places,
            )
        )  # fmt: skip
    return result


def without_lines(found):
    return [
        (e.date, e.start_time, e.buy_in, e.rounds, e.hands_per_round, e.variant,
         [(p.player, p.place, p.points, p.total, p.prize) for p in e.places])
        for e in found
    ]  # fmt: skip


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(evenings(), st.sampled_from(["csv", "xlsx"]))
def test_export_then_import_round_trips(original, kind):
    if kind == "csv":
        data, name = export_csv(original).encode("utf-8"), "x.csv"
    else:
        data, name = export_xlsx(original), "x.xlsx"
    parsed = read_table(data, name)
    assert parsed.problems == ()
    result = preview(parsed.rows, problems=parsed.problems, today=date(2024, 1, 1))
    assert result.problems == ()
    assert without_lines(result.evenings) == without_lines(original)


def test_a_shared_place_comes_back_shared():
    tie = ((Decimal(10), 1, 5), (None, 2, 0), (None, 2, 0), (None, 4, -5))
    evening = ImportedEvening(
        date(2021, 3, 5), None, None, 1, 15, "ofc",
        tuple(
            ImportedPlace(0, name, place, (total,), total, prize)
            for name, (prize, place, total) in zip(["Jörg", "Ärne", "Zoë", "Ulf"], tie, strict=True)
        ),
    )  # fmt: skip
    for data, name in (
        (export_csv([evening]).encode(), "x.csv"),
        (export_xlsx([evening]), "x.xlsx"),
    ):
        result = preview(read_table(data, name).rows, today=date(2024, 1, 1))
        assert result.problems == ()
        assert without_lines(result.evenings) == without_lines([evening])


def test_the_csv_has_german_headers_and_decimal_commas():
    evening = ImportedEvening(
        date(2020, 7, 24), time(19), Decimal("10"), 3, 15, "pineapple",
        (ImportedPlace(2, "Micha", 1, (1, 2, 3), 6, Decimal("10")),),
    )  # fmt: skip
    text = export_csv([evening])
    assert text.splitlines()[0] == (
        "Datum;Start;Spieler;Platz;Runde 1;Runde 2;Runde 3;Summe;Preis;Buy-in;Variante;Runden;"
        "Hände pro Runde"
    )
    assert text.splitlines()[1] == "24.07.2020;19:00;Micha;1;1;2;3;6;10,00;10,00;Pineapple;3;15"


def played_with_ties():
    """Evenings as the league's pages store them, each with a tie: from points (two share
    place 2, default prizes shared) and as a finishing order (1, 2, 2, 4), in three variants."""
    names = ["Jörg", "Ärne Müller", "Zoë", "Uwe-Şahin", "Béa"]
    evenings = []
    for number, variant in enumerate(["ofc", "pineapple", "classic", "ofc"]):
        evening = services.create_evening(
            new_names=names[number % 2 :][:4], date=date(2021, 1, 8) + timedelta(7 * number),
            start_time=time(19, 30), rounds=2, variant=variant, buy_in=Decimal("12.50"),
        )  # fmt: skip
        seats = list(evening.seats.order_by("pk").values_list("pk", flat=True))
        if number % 2:
            order = dict(zip(seats, (1, 2, 2, 4), strict=True))
            services.save_finishing_order(evening, evening.version, order)
        else:
            rounds = ((9, 3, 3, -15), (1, -2, -2, 3))
            grid = {seat: {n + 1: rounds[n][i] for n in (0, 1)} for i, seat in enumerate(seats)}
            services.finish_with_default_prizes(evening, evening.version, grid)
        evenings.append(evening)
    return evenings


def stored(league):
    with using_league(league):
        return [
            (
                e.date, e.start_time, e.buy_in, e.rounds, e.hands_per_round, e.variant, e.pot,
                e.places_source,
                sorted(e.seats.values_list("player__name", "place", "total", "prize", "tie_break")),
                sorted(
                    e.seats.values_list("player__name", "scores__round_number", "scores__points")
                ),
            )
            for e in Evening.objects.order_by("date", "start_time")
        ]  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_a_league_with_ties_umlauts_and_variants_moves_into_an_empty_league(
    client, first_league, kind
):
    owner = UserFactory(username="owner")
    Membership.objects.create(league=first_league, user=owner, role=Role.OWNER)
    played_with_ties()
    shown = {place for e in stored(first_league) for (_, place, *_) in e[8]}
    assert shown == {1, 2, 4}, "every evening has a shared place 2"
    client.force_login(owner)
    exported = client.get(f"/ofc-runde/export/?format={kind}").content
    empty = League.objects.create(name="Leer", slug="leer")
    Membership.objects.create(league=empty, user=owner, role=Role.OWNER)
    client.post("/leer/import/", {"file": SimpleUploadedFile(f"export.{kind}", exported)})
    checked = client.get("/leer/import/preview/").context["checked"]
    assert checked.preview.problems == ()
    client.post("/leer/import/preview/", {"action": "confirm"})
    assert stored(empty) == stored(first_league)
    with using_league(empty):
        assert kept.kept_matches_rebuild()
