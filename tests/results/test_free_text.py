"""An evening's location and notes drop bidi controls and other invisible characters, as names
do: typed in the form, or written by any other way through the services (issue #16)."""

import unicodedata
from datetime import date, time

import pytest
from django.urls import reverse

from ofcleague.league import services
from ofcleague.league.models import Evening
from ofcleague.league.text import BIDI_CONTROLS, clean_free_text
from ofcleague.results.forms import EveningForm
from tests.factories import PlayerFactory
from tests.results.test_views import new_evening_data

RLO = "\u202e"
# What a location with an override shows: "Bei Anna" reversed, "anuS ieB" stored.
SPOOFED_LOCATION = f"Bei {RLO}annA\u202c\u2066 \u2069"
SPOOFED_NOTES = f"Buy-in {RLO}01\u200f €\r\nSecond line\twith a tab\u200e"


def invisible(text):
    return [char for char in text if char in BIDI_CONTROLS or unicodedata.category(char) == "Cf"]


@pytest.mark.parametrize(
    ("text", "multiline", "expected"),
    [
        (SPOOFED_LOCATION, False, "Bei annA"),
        (SPOOFED_NOTES, True, "Buy-in 01 €\nSecond line\twith a tab"),
        (SPOOFED_NOTES, False, "Buy-in 01 € Second line with a tab"),
        ("Cafe\u0301 \u2067Zur Post\u2069", False, "Café Zur Post"),
        ("m² und ½ Pizza", True, "m² und ½ Pizza"),
        ("Familie 👨\u200d👩\u200d👧", True, "Familie 👨\u200d👩\u200d👧"),
        ("\ufeffBOM\u00ad und \u061cALM\x00\x07\ud800", True, "BOM und ALM"),
        ("eins\rzwei\u2028drei", True, "eins\nzwei\ndrei"),
        ("  \u202d  ", False, ""),
        (None, True, None),
    ],
)
def test_free_text_keeps_what_is_seen_and_drops_the_controls(text, multiline, expected):
    assert clean_free_text(text, multiline=multiline) == expected


def test_every_bidi_control_is_dropped():
    text = "".join(f"{control}x" for control in sorted(BIDI_CONTROLS))
    assert clean_free_text(text) == "x" * len(BIDI_CONTROLS)
    assert clean_free_text(text, multiline=True) == "x" * len(BIDI_CONTROLS)


@pytest.mark.django_db
def test_the_evening_form_cleans_location_and_notes():
    players = [PlayerFactory().pk, PlayerFactory().pk]
    data = new_evening_data(location=SPOOFED_LOCATION, notes=SPOOFED_NOTES, players=players)
    form = EveningForm(data)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["location"] == "Bei annA"
    assert form.cleaned_data["notes"] == "Buy-in 01 €\nSecond line\twith a tab"


@pytest.mark.django_db
def test_a_new_evening_from_the_page_stores_no_override(keeper_client):
    data = new_evening_data(new_players="Anna, Bert", location=SPOOFED_LOCATION)
    data["notes"] = SPOOFED_NOTES
    response = keeper_client.post(reverse("results:evening_new"), data)
    assert response.status_code == 302
    evening = Evening.objects.get()
    assert (evening.location, evening.notes) == (
        "Bei annA",
        "Buy-in 01 €\nSecond line\twith a tab",
    )
    page = keeper_client.get(evening.get_absolute_url()).content.decode()
    assert RLO not in page and "Bei annA" in page


@pytest.mark.django_db
def test_the_services_clean_free_text_whoever_calls_them():
    """The last guard: a caller that skips the form (a script, an import) gets it too."""
    anna, bert = PlayerFactory(), PlayerFactory()
    evening = services.create_evening(
        players=[anna, bert],
        date=date(2021, 5, 7),
        start_time=time(19, 0),
        location=SPOOFED_LOCATION,
        notes=SPOOFED_NOTES,
    )
    evening.refresh_from_db()
    assert not invisible(evening.location) and not invisible(evening.notes)
    assert evening.notes == "Buy-in 01 €\nSecond line\twith a tab"

    services.update_evening(
        evening,
        evening.version,
        players=[anna, bert],
        location=f"{RLO}tsoP ruZ",
        notes=f"\u2067{RLO}drawkcab\u2069",
    )
    evening.refresh_from_db()
    assert (evening.location, evening.notes) == ("tsoP ruZ", "drawkcab")
