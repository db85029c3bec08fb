"""The owner's forms for the league's own seasons: a points system and a season window.

The forms read what a person types (``10-7-5-3-1``, ``10, 7, 5``, ``1,5`` in German) into
plain values; the rules of the values are the services' (``counted/rules.py``), whose
refusals land by their fields (``add_service_errors``)."""

from __future__ import annotations

import re
from decimal import Decimal

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ofcleague.standings.counted.models import MAX_PLACE_POINTS, MAX_PLACES
from ofcleague.standings.counted.rules import MAX_FACTOR, NAME_LENGTH
from ofcleague.web.form_errors import ErrorSummaryMixin

#: Whole numbers from 0 separated by one dash, comma, semicolon, slash or spaces.
PLACES = re.compile(r"\d+(?:\s*[-–,;/]\s*\d+|\s+\d+)*")
NUMBER = re.compile(r"\d+")
#: More digits than any allowed number has: refused before it is read as a number.
MAX_DIGITS = len(str(MAX_PLACE_POINTS))


def parse_places(text: str) -> list[int]:
    """The points per place typed as ``10-7-5-3-1`` or ``10, 7, 5, 3, 1`` (empty: none)."""
    text = text.strip()
    if not text:
        return []
    if not PLACES.fullmatch(text):
        raise forms.ValidationError(
            _(
                "Type the points for first, second, third place and so on as whole numbers "
                "from 0, with a dash or a comma between them, such as 10-7-5-3-1."
            ),
            code="invalid",
        )
    digits = NUMBER.findall(text)
    if len(digits) > MAX_PLACES:
        raise forms.ValidationError(
            _("At most %(n)s places get points.") % {"n": MAX_PLACES}, code="too_many"
        )
    too_big = (len(n.lstrip("0")) > MAX_DIGITS or int(n) > MAX_PLACE_POINTS for n in digits)
    if any(too_big):
        raise forms.ValidationError(
            _("Each place gets 0 to %(n)s points.") % {"n": MAX_PLACE_POINTS}, code="too_big"
        )
    return [int(number) for number in digits]


def places_text(places: list[int]) -> str:
    """A points table as the form shows it again."""
    return "-".join(str(points) for points in places)


def _whole(label, help_text="", minimum=0, maximum=MAX_PLACE_POINTS):
    return forms.IntegerField(
        label=label,
        help_text=help_text,
        required=False,
        min_value=minimum,
        max_value=maximum,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )


def _factor(label, help_text):
    return forms.DecimalField(
        label=label,
        help_text=help_text,
        required=False,
        min_value=0,
        max_value=MAX_FACTOR,
        max_digits=7,
        decimal_places=2,
        localize=True,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
    )


class PointsSystemForm(ErrorSummaryMixin, forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=NAME_LENGTH)
    places = forms.CharField(
        label=gettext_lazy("Points per place"),
        required=False,
        max_length=400,
        help_text=gettext_lazy(
            "First place first, such as 10-7-5-3-1 or 10, 7, 5, 3, 1. Places past the list get "
            "none. Empty: no points for places."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    for_playing = _whole(gettext_lazy("Points for playing"), gettext_lazy("For each evening."))
    per_beaten = _whole(
        gettext_lazy("Points per opponent beaten"),
        gettext_lazy("For each player who finished behind."),
    )
    per_place_from_last = _whole(
        gettext_lazy("Points per place from the last"),
        gettext_lazy("The last gets none, the one before this many, and so on."),
    )
    ofc_points = _factor(
        gettext_lazy("Factor on the evening's points"),
        gettext_lazy("1 counts the evening's OFC points as they are; 0 leaves them out."),
    )
    money = _factor(
        gettext_lazy("Factor on the money won"),
        gettext_lazy("1 counts the money won as points; 0 leaves it out."),
    )
    share_ties = forms.BooleanField(
        label=gettext_lazy("Tied players share the points of their places"),
        required=False,
        initial=True,
    )
    main = forms.BooleanField(label=gettext_lazy("This is the league's main table"), required=False)

    def clean_places(self):
        return parse_places(self.cleaned_data["places"])

    def service_fields(self) -> dict:
        """The cleaned input as the service's keyword arguments (empty numbers: 0)."""
        data = self.cleaned_data
        return {
            "name": data["name"],
            "places": data["places"],
            "for_playing": data["for_playing"] or 0,
            "per_beaten": data["per_beaten"] or 0,
            "per_place_from_last": data["per_place_from_last"] or 0,
            "ofc_points": data["ofc_points"] or Decimal(0),
            "money": data["money"] or Decimal(0),
            "share_ties": data["share_ties"],
            "main": data["main"],
        }

    @staticmethod
    def initial_of(system) -> dict:
        return {
            "name": system.name,
            "places": places_text(system.places),
            "for_playing": system.for_playing,
            "per_beaten": system.per_beaten,
            "per_place_from_last": system.per_place_from_last,
            "ofc_points": system.ofc_points,
            "money": system.money,
            "share_ties": system.share_ties,
            "main": system.main,
        }


class DayInput(forms.DateInput):
    input_type = "date"

    def __init__(self):
        super().__init__(format="%Y-%m-%d")


class SeasonWindowForm(ErrorSummaryMixin, forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=NAME_LENGTH,
        help_text=gettext_lazy("Such as 2024/25."),
    )
    first_day = forms.DateField(label=gettext_lazy("First day"), widget=DayInput())
    last_day = forms.DateField(
        label=gettext_lazy("Last day"),
        widget=DayInput(),
        help_text=gettext_lazy("Evenings on the first and the last day count."),
    )
    best_of = _whole(
        gettext_lazy("Best evenings that count"),
        gettext_lazy("Each player's best this many evenings count. Empty: all of them."),
        minimum=1,
        maximum=1000,
    )
    min_evenings = _whole(
        gettext_lazy("Evenings needed to be ranked"),
        gettext_lazy("Players with fewer are listed below the line. 0: everybody is ranked."),
        maximum=1000,
    )

    def service_fields(self) -> dict:
        data = self.cleaned_data
        return {
            "name": data["name"],
            "first_day": data["first_day"],
            "last_day": data["last_day"],
            "best_of": data["best_of"],
            "min_evenings": data["min_evenings"] or 0,
        }

    @staticmethod
    def initial_of(window) -> dict:
        return {
            "name": window.name,
            "first_day": window.first_day,
            "last_day": window.last_day,
            "best_of": window.best_of,
            "min_evenings": window.min_evenings,
        }
