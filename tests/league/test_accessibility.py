"""Markup that assistive technology and phones depend on: heading order, focusable scroll
regions, the scorekeepers' menu, the change log's colours, colours that meet WCAG AA.

Layout, sizes and axe-core's findings are measured in a real browser (tests/browser).
"""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from ofcleague.league import services
from ofcleague.league.models import EveningPlayer
from tests.factories import EveningFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

CSS = (Path(settings.BASE_DIR) / "static" / "css" / "site.css").read_text()


def one_round_played():
    """An evening of three planned rounds with only the first one entered."""
    evening = EveningFactory(status="in_progress", rounds=3)
    seats = [
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name))
        for name in ("Anna", "Bert")
    ]
    return services.save_points_grid(
        evening, evening.version, {seats[0].pk: {1: 4}, seats[1].pk: {1: -4}}
    )


def headings(html):
    return [int(level) for level in re.findall(r"<h([1-6])[\s>]", html)]


def test_history_headings_go_down_one_level_at_a_time(client, history):
    levels = headings(client.get(reverse("standings:history")).content.decode())
    assert levels[0] == 1
    assert all(later - earlier <= 1 for earlier, later in zip(levels, levels[1:], strict=False))


def test_the_latest_evening_on_home_sits_below_its_section_heading(client, history):
    levels = headings(client.get(reverse("standings:home")).content.decode())
    assert all(later - earlier <= 1 for earlier, later in zip(levels, levels[1:], strict=False))


def test_date_links_of_evenings_are_styled_as_links_not_as_headings():
    # The date link used to take the heading's ink colour without an underline.
    rule = re.search(r"\.evening-heading a \{([^}]*)\}", CSS)
    assert rule is None or "text-decoration: none" not in rule.group(1)
    assert "color: var(--ink)" not in (rule.group(1) if rule else "")


def test_every_scrolling_table_on_the_rules_page_can_be_reached_by_keyboard(client):
    html = client.get(reverse("rules:rules")).content.decode()
    regions = re.findall(r'<div class="table-scroll"[^>]*>', html)
    assert regions
    for region in regions:
        assert 'tabindex="0"' in region and 'role="group"' in region, region
        assert re.search(r'aria-label="[^"]+"', region), region


def test_running_totals_stop_at_the_last_round_played(client):
    evening = one_round_played()
    text = client.get(evening.get_absolute_url()).content.decode()
    assert "nach R1" in text
    assert "nach R2" not in text and "nach R3" not in text


def test_deleted_evenings_are_in_the_scorekeepers_menu_on_every_page(keeper_client):
    html = keeper_client.get(reverse("standings:history")).content.decode()
    header = html[html.index("<header") : html.index("</header>")]
    menu = header[header.index('<details class="account-menu"') :]
    assert f'href="{reverse("results:deleted")}"' in menu
    assert "Gelöschte Abende" in menu
    assert "keeper abmelden" in menu


def test_members_who_are_not_scorekeepers_get_no_deleted_evenings(client):
    client.force_login(UserFactory(username="reader"))
    html = client.get(reverse("standings:history")).content.decode()
    assert reverse("results:deleted") not in html
    assert "reader abmelden" in html


def test_the_change_log_marks_old_and_new_values_with_classes_the_stylesheet_colours(
    keeper_client,
):
    evening = one_round_played()
    seats = list(evening.seats.order_by("player__name"))
    services.save_points_grid(evening, evening.version, {seats[0].pk: {1: 5}, seats[1].pk: {1: -5}})
    html = keeper_client.get(evening.get_absolute_url()).content.decode()
    assert '<del class="change-old">4</del>' in html
    assert '<ins class="change-new">5</ins>' in html
    assert re.search(r"^\.change-old \{[^}]*color: var\(--red\)", CSS, re.M)
    assert re.search(r"^\.change-new \{[^}]*color: var\(--felt\)", CSS, re.M)


def luminance(colour):
    channels = [int(colour[index : index + 2], 16) / 255 for index in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one, other):
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def variable(name):
    return re.search(rf"--{name}: (#[0-9a-f]{{6}});", CSS).group(1)


@pytest.mark.parametrize(
    "text, background",
    [
        ("gold", "paper"),  # winners, royalty numbers
        ("gold", "page"),
        ("gold", "red-bg"),  # a royalty in a fouled hand
        ("#ffffff", "gold"),  # status badges
        ("ink", "gold-light"),  # the "New evening" button
        ("muted", "paper"),
        ("muted", "#e3e6e9"),  # a card in use on the picker
        ("felt-light", "paper"),  # links
        ("red", "red-bg"),  # error messages
    ],
)
def test_text_colours_meet_wcag_aa(text, background):
    colours = [name if name.startswith("#") else variable(name) for name in (text, background)]
    assert contrast(*colours) >= 4.5, colours
