"""Issue 36, point 7: a new league's pages speak of its own game, never the history league's
fixed texts; a classic (Chinese Poker) league shows no Fantasyland columns and no
OFC-only statistics."""

import datetime
import uuid

import pytest

from ofcleague.league.current import using_league
from ofcleague.league.models import EveningPlayer, Variant
from ofcleague.table import services as table_services
from ofcleague.table.services import ResultInput
from tests.factories import EveningFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def evening_with_hands(league, variant):
    """An evening of ``variant`` in progress, one table of four with two hands recorded."""
    with using_league(league):
        people = [PlayerFactory(name=name) for name in ("Hal", "Eli", "Gus", "Ivy")]
        evening = EveningFactory(
            status="in_progress", rounds=1, hands_per_round=5, variant=variant,
            date=datetime.date(2026, 11, 27),
        )  # fmt: skip
        seats = [EveningPlayer.objects.create(evening=evening, player=p).pk for p in people]
        table = table_services.seat_table(evening, 1, 1, seats)
        for number, values in enumerate(([6, -2, -2, -2], [-3, 1, 1, 1]), 1):
            table_services.record_hand(
                table, number=number, client_id=uuid.uuid4(), entry="points",
                results=[ResultInput(seat=s, points=v) for s, v in enumerate(values, 1)],
            )  # fmt: skip
    return evening, people


def main_of(response):
    """The page's own content (the site's footer names the site, OFC League)."""
    html = response.content.decode()
    return html[html.index("<main") : html.index("</main>")]


def test_a_classic_leagues_pages_show_no_fantasyland(client, english_league):
    evening, people = evening_with_hands(english_league, Variant.CLASSIC)
    slug = english_league.slug
    for path in (
        f"/{slug}/evenings/{evening.pk}/",
        f"/{slug}/players/{people[0].slug}/",
        f"/{slug}/statistics/",
    ):
        page = main_of(client.get(path))
        assert "Statistics from hands" in page, path  # the statistics are there ...
        assert "Fantasyland" not in page and "OFC statistics" not in page, path  # ... not OFC's
    exported = client.get(f"/{slug}/statistics/?_export=csv").content.decode("utf-8-sig")
    assert "Fantasyland" not in exported.splitlines()[0]


def test_an_ofc_evening_still_counts_fantasyland(client, english_league):
    english_league.variant = Variant.OFC
    english_league.save()
    evening, _people = evening_with_hands(english_league, Variant.OFC)
    page = main_of(client.get(f"/{english_league.slug}/evenings/{evening.pk}/"))
    assert "Fantasyland" in page
    assert "OFC statistics" in main_of(client.get(f"/{english_league.slug}/statistics/"))


@pytest.mark.parametrize(
    ("language", "variant", "said"),
    [
        ("en", Variant.CLASSIC, "Our Chinese Poker evenings"),
        ("de", Variant.PINEAPPLE, "Unsere Pineapple-Abende"),
    ],
)
def test_the_home_page_names_the_leagues_own_game(client, english_league, language, variant, said):
    english_league.language, english_league.variant = language, variant
    english_league.save()
    page = main_of(client.get(f"/{english_league.slug}/"))
    assert said in page
    assert "Open Face Chinese Poker" not in page and "2016" not in page


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_rules_speak_of_no_evening_of_the_history_league(client, english_league, language):
    english_league.language = language
    english_league.save()
    page = main_of(client.get(f"/{english_league.slug}/rules/"))
    assert "Pineapple" in page
    for history in ("2020", "our plain OFC evenings", "unseren normalen OFC-Abenden"):
        assert history not in page
