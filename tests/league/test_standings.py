from ofcleague.league.places import decided_at_table, places_from_totals, tied_groups


def test_higher_total_finishes_ahead():
    assert places_from_totals({"a": -4, "b": 12, "c": -8}) == {"b": 1, "a": 2, "c": 3}


def test_equal_totals_share_a_place_and_skip_the_next():
    places = places_from_totals({"a": 10, "b": 3, "c": 3, "d": -16})
    assert places == {"a": 1, "b": 2, "c": 2, "d": 4}


def test_a_tie_break_from_the_table_orders_tied_players():
    places = places_from_totals({"a": 10, "b": 3, "c": 3, "d": -16}, {"b": 2, "c": 1})
    assert places == {"a": 1, "c": 2, "b": 3, "d": 4}


def test_an_incomplete_tie_break_leaves_the_tie_shared():
    places = places_from_totals({"a": 0, "b": 0, "c": 0}, {"a": 1, "b": 2})
    assert places == {"a": 1, "b": 1, "c": 1}


def test_tie_breaks_of_untied_players_change_nothing():
    assert places_from_totals({"a": 5, "b": -5}, {"a": 2, "b": 1}) == {"a": 1, "b": 2}


def test_tied_groups_are_listed_best_total_first():
    assert tied_groups({"a": 3, "b": 5, "c": 3, "d": 5, "e": 0}) == [["b", "d"], ["a", "c"]]
    assert tied_groups({"a": 1, "b": 2}) == []


def test_only_tied_players_on_places_of_their_own_were_decided_at_the_table():
    totals = {"a": 3, "b": 3, "c": 1, "d": 1, "e": 0}
    places = {"a": 2, "b": 1, "c": 3, "d": 3, "e": 5}
    assert decided_at_table(totals, places) == {"a", "b"}
