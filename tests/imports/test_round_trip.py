"""Export then import gives back the same evenings, as CSV and as xlsx."""

from datetime import date, time
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ofcleague.imports.check import preview
from ofcleague.imports.export import export_csv, export_xlsx
from ofcleague.imports.rows import ImportedEvening, ImportedPlace
from ofcleague.imports.table_file import read_table
from ofcleague.league.names import clean_text, name_key

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
        places = tuple(
            ImportedPlace(
                line=0, player=name, place=n, points=(total,) + (0,) * (rounds - 1), total=total
            )
            for n, (name, total) in enumerate(zip(names, totals, strict=True), start=1)
        )
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
