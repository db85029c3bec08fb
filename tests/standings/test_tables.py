"""The site's table template: sortable headers and the light body."""

from django.template.loader import render_to_string
from django.test import RequestFactory

from ofcleague.standings.tables import HeadToHeadTable


def render(table, path="/x/"):
    request = RequestFactory().get(path)
    table.configure(request)
    return render_to_string("web/table.html", {"table": table}, request)


def test_league_table_renders_links_numbers_and_sort_headers():
    rows = [
        {
            "name": "Anna",
            "slug": "anna",
            "evenings": 3,
            "ahead": 2,
            "behind": 1,
            "level": 0,
            "points_evenings": 1,
            "net_points": None,
        },
    ]
    html = render(HeadToHeadTable(rows, prefix="h2h-"), "/x/?h2h-sort=-ahead")
    assert '<a href="/ofc-runde/players/anna/">Anna</a>' in html
    assert '<td class="num">–</td>' in html  # unknown net points
    assert 'aria-sort="descending"' in html
    assert "?h2h-sort=ahead" in html
    assert 'class="table-scroll"' in html


def test_the_first_tap_on_a_count_sorts_the_most_first(client, history, money_public):
    html = client.get("/ofc-runde/alltime/").content.decode()
    # The table opens sorted by wins; every other count sorts descending on its first tap.
    for column in ("evenings", "place_1", "place_2", "podiums", "beaten", "points", "net"):
        assert f'href="?sort=-{column}"' in html, column
    # Places: the smaller the better, so they start ascending.
    for column in ("average_place", "best_place"):
        assert f'href="?sort={column}"' in html, column
    assert 'href="?sort=wins"' in html  # already sorted by wins: the tap reverses it
