"""The tables' parts of the evening and player pages on a phone (found by the browser sweep,
``tests/browser/test_every_page.py``, once it visited an evening played at tables)."""

import re

import pytest

from ofcleague.league.models import Player
from tests.table.boards import ENTERS
from tests.table.conftest import boards_hand

LONG_NAME = "Maximilianfriedrichwilhelmvonundzuostend"

pytestmark = pytest.mark.django_db


def scroll_regions(page: str) -> list[str]:
    """The opening tags of the page's sideways-scrolling table boxes."""
    return re.findall(r'<div class="table-scroll"[^>]*>', page)


def test_the_statistics_from_hands_scroll_in_a_region_the_keyboard_reaches(
    client, pineapple, pineapple_table
):
    boards_hand(pineapple_table, 1, ENTERS[:3])
    anna = pineapple.seats.get(player__name="Anna").player
    for url in (pineapple.get_absolute_url(), anna.get_absolute_url()):
        page = client.get(url).content.decode()
        section = page[page.index('<section class="hand-statistics">') :]
        region = scroll_regions(section)[0]
        # Without tabindex a keyboard cannot scroll to the columns off the screen (axe:
        # scrollable-region-focusable, serious); the label names the region it reaches.
        assert 'tabindex="0"' in region and 'role="region"' in region
        assert re.search(r'aria-label="[^"]+"', region)


def test_a_long_name_in_the_live_standings_is_cut_like_in_every_table(
    client, pineapple, pineapple_table
):
    Player.objects.filter(pk=pineapple.seats.get(player__name="Anna").player_id).update(
        name=LONG_NAME
    )
    boards_hand(pineapple_table, 1, ENTERS[:3])
    page = client.get(pineapple.get_absolute_url()).content.decode()
    standings = page[page.index('class="data compact live-standings"') :]
    standings = standings[: standings.index("</table>")]
    # A bare name does not wrap and made the page 566 px wide on a 390 px phone; in a link
    # the site's tables cut it with an ellipsis, and the link still names it in full.
    player = Player.objects.get(name=LONG_NAME)
    assert f'<a href="{player.get_absolute_url()}">{LONG_NAME}</a>' in standings
