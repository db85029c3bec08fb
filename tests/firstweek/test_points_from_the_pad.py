"""Issue 35, points 13 and 5: an evening played on the pad shows its points as the pad made
them, read-only with a way to correct them on the pad (no editable tables grid); the points
page's scrollable grids can be reached by keyboard and have a name."""

import re

import pytest

from ofcleague.league.models import EveningPlayer, RoundScore
from tests.factories import EveningFactory, PlayerFactory
from tests.firstweek.test_finish_step import padded_evening

pytestmark = pytest.mark.django_db


def points_page(client, evening):
    url = f"/{evening.league.slug}/evenings/{evening.pk}/points/"
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_a_pad_evening_shows_its_points_read_only_with_the_way_to_the_pad(
    seeded, client, scorekeeper
):
    evening = padded_evening()
    client.force_login(scorekeeper)
    html = points_page(client, evening)
    assert not re.search(r'<input type="number"[^>]*class="points-input"', html)
    assert 'class="table-input"' not in html and '<details class="tables"' not in html
    assert f'href="/{evening.league.slug}/evenings/{evening.pk}/pad/"' in html
    assert 'class="num points-cell from-pad">5' in html  # Anna: 6 - 1 over the two hands of round 1


def test_saving_the_page_of_a_pad_evening_keeps_its_points(seeded, client, scorekeeper):
    evening = padded_evening()
    client.force_login(scorekeeper)
    before = sorted(RoundScore.objects.values_list("evening_player", "round_number", "points"))
    url = f"/{evening.league.slug}/evenings/{evening.pk}/points/"
    response = client.post(url, {"version": evening.version, "save": ""})
    assert response.status_code == 302
    after = sorted(RoundScore.objects.values_list("evening_player", "round_number", "points"))
    assert after == before


def test_an_evening_entered_by_hand_keeps_its_editable_grid(seeded, client, scorekeeper):
    evening = EveningFactory(status="in_progress", rounds=2)
    for name in ("Anna", "Bert", "Cleo", "Dora", "Emil", "Fritz"):
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
    client.force_login(scorekeeper)
    html = points_page(client, evening)
    assert 'class="points-input"' in html and 'class="table-input"' in html
    # Six players overflow a phone: each scrolling grid is a named, focusable region.
    regions = re.findall(r'<div class="table-scroll"([^>]*)>', html)
    assert len(regions) == 2
    assert all('tabindex="0"' in attrs and "aria-label=" in attrs for attrs in regions)
