"""A round seated on the pad goes back to round totals while no hand is recorded, and a table
without hands can be unseated; once a hand is recorded the round stays hand by hand and the
pages say why (issue 36, point 9)."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from ofcleague.league.invariants import league_problems
from ofcleague.league.models import RoundScore
from ofcleague.table import evening as table_evening
from ofcleague.table import queries, seating, services
from ofcleague.table.models import RoundTable, TableSeat
from tests.table.conftest import points_hand, seat_ids

pytestmark = pytest.mark.usefixtures("in_english")


@pytest.fixture
def keeper(keeper_client):
    return keeper_client


@pytest.fixture
def seated(evening):
    """Round 1 of the eight-player evening seated at two tables, no hand recorded."""
    ids = seat_ids(evening)
    services.seat_table(evening, 1, 1, ids[:4])
    services.seat_table(evening, 1, 2, ids[4:])
    return evening


def test_a_table_without_hands_is_unseated_and_its_players_wait(seated):
    seating.unseat_table(seated, 1, 2)
    assert list(RoundTable.objects.filter(evening=seated).values_list("table", flat=True)) == [1]
    tables = queries.round_overview(seated, 1)
    assert [player.player.name for player in queries.waiting_players(seated, tables)] == [
        "Emil",
        "Fred",
        "Gina",
        "Hugo",
    ]
    assert league_problems() == []


def test_a_table_with_a_hand_stays_seated_and_says_why(seated):
    table = RoundTable.objects.get(evening=seated, round_number=1, table=1)
    points_hand(table, 1, [3, -1, -1, -1])
    with pytest.raises(ValidationError, match="1 hand recorded, so it stays seated"):
        seating.unseat_table(seated, 1, 1)
    assert TableSeat.objects.filter(round_table=table).count() == 4


def test_a_round_without_hands_goes_back_to_totals_typed_in_the_grid(seated):
    ids = seat_ids(seated)
    points = {
        seat: {1: value} for seat, value in zip(ids, [3, -1, -1, -1, 2, 2, -2, -2], strict=True)
    }
    with pytest.raises(ValidationError, match="played at the tables"):
        table_evening.save_points_grid(seated, seated.version, points)
    seating.back_to_round_totals(seated, 1)
    seated.refresh_from_db()
    assert queries.hands_by_round(seated) == {}
    table_evening.save_points_grid(seated, seated.version, points)
    assert RoundScore.objects.filter(evening_player__evening=seated, round_number=1).count() == 8
    assert league_problems() == []


def test_a_round_with_a_hand_stays_hand_by_hand_and_says_why(seated):
    table = RoundTable.objects.get(evening=seated, round_number=1, table=2)
    points_hand(table, 1, [3, -1, -1, -1])
    with pytest.raises(ValidationError, match="1 hand recorded on the pad, so it stays hand by"):
        seating.back_to_round_totals(seated, 1)
    assert RoundTable.objects.filter(evening=seated, round_number=1).count() == 2


def test_a_round_whose_hands_were_undone_goes_back_to_totals(seated):
    table = RoundTable.objects.get(evening=seated, round_number=1, table=1)
    points_hand(table, 1, [3, -1, -1, -1])
    services.undo_last_hand(table, 1)
    seating.back_to_round_totals(seated, 1)
    assert not RoundTable.objects.filter(evening=seated).exists()
    assert not RoundScore.objects.filter(evening_player__evening=seated).exists()
    assert league_problems() == []


def test_the_points_page_offers_round_totals_for_a_round_without_hands(keeper, seated):
    url = reverse("results:evening_points", args=[seated.pk])
    page = keeper.get(url).content.decode()
    assert 'data-back-to-totals="1"' in page
    answer = keeper.post(
        reverse("table:seats", args=[seated.pk, 1]), {"action": "totals", "from": "points"}
    )
    assert answer.status_code == 302 and answer.url == url
    page = keeper.get(url).content.decode()
    assert "data-back-to-totals" not in page
    assert not RoundTable.objects.filter(evening=seated).exists()


def test_the_points_page_says_why_a_round_with_hands_stays(keeper, seated):
    table = RoundTable.objects.get(evening=seated, round_number=1, table=1)
    points_hand(table, 1, [3, -1, -1, -1])
    page = keeper.get(reverse("results:evening_points", args=[seated.pk])).content.decode()
    assert "data-back-to-totals" not in page
    assert "Round 1 has 1 hand recorded on the pad, so it stays hand by hand." in page


def test_the_pad_unseats_a_table_and_sends_the_round_back_to_totals(keeper, seated):
    url = reverse("table:round", args=[seated.pk, 1])
    page = keeper.get(url).content.decode()
    assert 'data-unseat="1"' in page and 'data-unseat="2"' in page
    assert 'data-back-to-totals="1"' in page
    answer = keeper.post(
        reverse("table:seats", args=[seated.pk, 1]), {"action": "unseat", "table": 2}
    )
    assert answer.status_code == 302 and answer.url == url
    assert list(RoundTable.objects.values_list("table", flat=True)) == [1]
    answer = keeper.post(reverse("table:seats", args=[seated.pk, 1]), {"action": "totals"})
    assert answer.url == reverse("results:evening_points", args=[seated.pk])
    assert not RoundTable.objects.exists()


def test_the_pad_refuses_to_unseat_a_played_table_with_the_reason(keeper, seated):
    table = RoundTable.objects.get(evening=seated, round_number=1, table=1)
    points_hand(table, 1, [3, -1, -1, -1])
    page = keeper.get(reverse("table:round", args=[seated.pk, 1])).content.decode()
    assert 'data-unseat="1"' not in page and 'data-unseat="2"' in page
    assert "data-back-to-totals" not in page and 'id="stays-hand-by-hand"' in page
    answer = keeper.post(
        reverse("table:seats", args=[seated.pk, 1]), {"action": "unseat", "table": 1}, follow=True
    )
    texts = [str(message) for message in answer.context["messages"]]
    assert any("stays seated" in text for text in texts)
    assert RoundTable.objects.filter(table=1).exists()


@pytest.mark.parametrize("table", ["", "zwei", "-1"])
def test_unseating_with_no_table_given_says_so_and_unseats_nothing(keeper, seated, table):
    answer = keeper.post(
        reverse("table:seats", args=[seated.pk, 1]),
        {"action": "unseat", "table": table},
        follow=True,
    )
    assert answer.status_code == 200
    texts = [str(message) for message in answer.context["messages"]]
    assert any("which table" in text or "not seated" in text for text in texts), texts
    assert not any("None" in text for text in texts)
    assert RoundTable.objects.count() == 2
