"""The preview: evenings as they will be stored, and each kind of problem."""

import runpy
from datetime import date, time
from decimal import Decimal
from pathlib import Path

from ofcleague.imports.check import preview
from ofcleague.imports.paste import parse_text
from ofcleague.imports.rows import ImportRow

BENCH = Path(__file__).resolve().parents[2] / "bench" / "import_rows.py"
generated_text = runpy.run_path(str(BENCH))["generated_text"]
DAY = date(2020, 7, 24)
TODAY = date(2024, 1, 1)


def row(line, player, place, **more):
    return ImportRow(line=line, date=more.pop("date", DAY), player=player, place=place, **more)


def codes(rows, known=()):
    result = preview(rows, known, today=TODAY)
    return {(p.line, p.code) for p in result.problems}, result


def test_clean_rows_make_one_evening_with_the_known_spelling():
    found, result = codes(
        [row(3, "micha", 2, points=(1, 2)), row(2, "Max", 1, points=(5, 5), buy_in=Decimal(10))],
        known=["Micha"],
    )
    assert found == set() and result.ok
    (evening,) = result.evenings
    assert (evening.date, evening.buy_in, evening.variant) == (DAY, Decimal(10), "ofc")
    assert [(p.place, p.player, p.total) for p in evening.places] == [
        (1, "Max", 10),
        (2, "Micha", 3),
    ]


def test_dates_missing_and_in_the_future():
    found, result = codes([row(2, "A", 1, date=None), row(3, "B", 1, date=date(2030, 1, 1))])
    assert found == {(2, "no_date"), (3, "future")} and not result.ok


def test_player_twice_place_twice_and_gaps():
    assert codes([row(2, "Micha", 1), row(3, "MICHA", 2)])[0] == {(3, "player_twice")}
    assert codes([row(2, "A", 1), row(3, "B", 1), row(4, "C", 2)])[0] == {(2, "place_gaps")}
    assert codes([row(2, "A", 1), row(3, "B", 3)])[0] == {(2, "place_gaps")}
    assert codes([row(2, "A", None)])[0] == {(2, "no_place")}


def test_places_against_points_and_totals():
    found, _ = codes([row(2, "A", 1, points=(1,)), row(3, "B", 2, points=(9,))])
    assert found == {(3, "places_against_points")}
    assert codes([row(2, "A", 1, points=(1, 2), total=4)])[0] == {(2, "total_mismatch")}


def test_prizes_must_make_the_pot():
    ten = Decimal(10)
    fine = [row(2, "A", 1, buy_in=ten, prize=Decimal(20)), row(3, "B", 2, buy_in=ten)]
    assert codes(fine)[0] == set()
    wrong = [row(2, "A", 1, buy_in=ten, prize=Decimal(15)), row(3, "B", 2, buy_in=ten)]
    assert codes(wrong)[0] == {(2, "prizes_not_pot")}


def test_evening_values_that_disagree():
    rows = [row(2, "A", 1, buy_in=Decimal(10)), row(3, "B", 2, buy_in=Decimal(5))]
    assert codes(rows)[0] == {(3, "differs")}


def test_a_near_name_asks_did_you_mean_without_blocking():
    found, result = codes([row(2, "Andrea", 1)], known=["Andreas", "Max"])
    assert found == {(2, "near_name")} and result.ok
    assert "Andreas" in result.problems[0].message


def test_rows_group_by_date_and_start_time():
    rows = [
        row(2, "A", 1, start_time=time(19)), row(3, "A", 1, start_time=time(22)),
        row(4, "A", 1, date=date(2020, 7, 25)),
    ]  # fmt: skip
    found, result = codes(rows)
    assert found == set() and len(result.evenings) == 3


def test_a_thousand_rows_parse_and_preview():
    parsed = parse_text(generated_text(150, 1000))
    assert len(parsed.rows) == 1000 and parsed.problems == ()
    result = preview(parsed.rows, ["Spieler 1"], problems=parsed.problems, today=TODAY)
    assert len(result.evenings) == 150


def test_messages_are_german_on_the_site():
    from django.utils import translation

    with translation.override("de"):
        result = preview([row(2, "Andrea", 1)], ["Andreas"], today=TODAY)
    assert result.problems[0].message == "„Andrea“ ist noch kein Spieler. Meinst du „Andreas“?"


def test_shared_places_are_the_leagues_own_ranking():
    tie = [row(2, "A", 1), row(3, "B", 2), row(4, "C", 2), row(5, "D", 4)]
    found, result = codes(tie)
    assert found == set() and result.ok
    assert [p.place for p in result.evenings[0].places] == [1, 2, 2, 4]
    assert codes([row(2, "A", 1), row(3, "B", 1)])[0] == set()
    assert codes([*tie[:3], row(5, "D", 3)])[0] == {(2, "place_gaps")}


def test_a_shared_place_has_the_same_points_and_a_tie_is_shared_wholly_or_not_at_all():
    found, _ = codes([row(2, "A", 1, points=(5,)), row(3, "B", 1, points=(4,))])
    assert found == {(3, "shared_place_points")}
    three = [row(2, "A", 1, points=(9,)), row(3, "B", 2, points=(1,))]
    three += [row(4, "C", 3, points=(1,)), row(5, "D", 3, points=(1,))]
    assert codes(three)[0] == {(5, "tie_partly_shared")}
