"""Python's places rule on the cases the points page's script is checked against too
(tests/cases/places.json; the script's side: tests/browser/test_script_cases.py)."""

import pytest

from ofcleague.league.places import places_from_totals
from tests.cases import cases

PLACES = cases("places")


@pytest.mark.parametrize("case", PLACES, ids=[case["name"] for case in PLACES])
def test_places_from_totals_gives_every_shared_case(case):
    assert case["places"].keys() == case["totals"].keys()
    # Python ranks the players with points; the others have no place (null in the file).
    totals = {key: total for key, total in case["totals"].items() if total is not None}
    expected = {key: place for key, place in case["places"].items() if place is not None}
    assert expected.keys() == totals.keys()
    assert places_from_totals(totals, case.get("tie_breaks")) == expected
