"""The forms of running a league: its settings, its players, deleting it.

The forms check the shape of what was typed; the services (``league/services/leagues.py``)
check the rest and name the field of every problem, which ``web.form_errors`` puts
next to it, so the page shows the input again with every message.
"""

from __future__ import annotations

import json

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from ofcleague.league import limits
from ofcleague.league.choices import Variant
from ofcleague.league.leagues import League, Visibility
from ofcleague.league.models import Evening, Player
from ofcleague.web.form_errors import ErrorSummaryMixin
from ofcleague.web.stale import ReadAtMixin

_RULE_SET_CHOICES = [(value, label) for value, label in Evening._meta.get_field("rule_set").choices]


class PrizeSplitField(forms.CharField):
    """The default prize split as typed: weights of the paid places, "2, 1"."""

    def to_python(self, value):
        text = super().to_python(value)
        pieces = [piece.strip() for piece in text.replace(";", ",").split(",") if piece.strip()]
        if not pieces or not all(piece.isdigit() and len(piece) <= 3 for piece in pieces):
            raise ValidationError(
                _("Write one whole number per paid place, separated by commas, e.g. 2, 1."),
                code="prize_split",
            )
        return [int(piece) for piece in pieces]


class LeagueForm(ReadAtMixin, ErrorSummaryMixin, forms.Form):
    """A league's name, address, settings and the defaults of a new evening."""

    name = forms.CharField(label=_("Name"), max_length=80)
    slug = forms.CharField(
        label=_("Address"),
        max_length=40,
        required=False,
        help_text=_("The league's pages live at /address/. Empty: made from the name."),
        widget=forms.TextInput(attrs={"autocapitalize": "none", "autocomplete": "off"}),
    )
    visibility = forms.ChoiceField(
        label=_("Who can read it"), choices=Visibility.choices, initial=Visibility.PUBLIC
    )
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES, initial="de")
    money_public = forms.BooleanField(
        label=_("Visitors without an account see the money"),
        required=False,
        help_text=_(
            "Prizes, buy-ins and Net on the evening and player pages. Off: only the league's "
            "members see them."
        ),
    )
    time_zone = forms.CharField(label=_("Time zone"), max_length=40, initial="Europe/Berlin")
    currency = forms.CharField(
        label=_("Currency"), max_length=3, initial="EUR", help_text=_("Three letters, e.g. EUR.")
    )
    buy_in = forms.DecimalField(
        label=_("Buy-in"),
        min_value=limits.BUY_IN.low,
        max_value=limits.BUY_IN.high,
        max_digits=7,
        decimal_places=2,
        initial=10,
    )
    rounds = forms.IntegerField(
        label=_("Rounds"), min_value=limits.ROUNDS.low, max_value=limits.ROUNDS.high, initial=3
    )
    hands_per_round = forms.IntegerField(
        label=_("Hands per round"),
        min_value=limits.HANDS_PER_ROUND.low,
        max_value=limits.HANDS_PER_ROUND.high,
        initial=15,
    )
    variant = forms.ChoiceField(label=_("Variant"), choices=Variant.choices)
    rule_set = forms.ChoiceField(label=_("Rule set"), choices=_RULE_SET_CHOICES, required=False)
    start_time = forms.TimeField(
        label=_("Start time"),
        initial="19:00",
        widget=forms.TimeInput(format="%H:%M", attrs={"type": "time"}),
    )
    prize_split = PrizeSplitField(
        label=_("Prize split"),
        max_length=60,
        initial="2, 1",
        help_text=_("Weights of the paid places: 2, 1 pays two thirds and one third."),
    )

    #: The fields that a new league's first page shows above the defaults.
    BASICS = ("name", "slug", "visibility", "money_public", "language")

    @classmethod
    def for_league(cls, league: League, split: list[int], data=None):
        initial = {name: getattr(league, name) for name in cls.base_fields if name != "prize_split"}
        initial["start_time"] = league.start_time.strftime("%H:%M")
        initial["prize_split"] = ", ".join(str(weight) for weight in split)
        form = cls(data, initial=initial)
        # Two owners may change the settings at once: each field carries what it showed.
        form.read_at = tuple(cls.base_fields)
        form.add_read_at()
        return form

    def basics(self):
        return [self[name] for name in self.BASICS]

    def defaults(self):
        return [self[name] for name in self.fields if name not in self.BASICS]

    def settings(self) -> dict:
        values = {name: self.cleaned_data[name] for name in self.base_fields}
        values["slug"] = values.get("slug") or None
        return values


class AddPlayersForm(ErrorSummaryMixin, forms.Form):
    """New players: one a line, each with an optional address (``services/adding.py``)."""

    names = forms.CharField(
        label=_("New players"),
        max_length=10_000,
        widget=forms.Textarea(attrs={"rows": 6, "autocapitalize": "words", "spellcheck": "false"}),
        help_text=_(
            "One player a line (or several on a line, separated by commas). After a name you "
            "may add the player's e-mail address, for their reminders."
        ),
    )
    # The near names the page asked about; the tick confirms exactly these.
    asked = forms.CharField(required=False, max_length=10_000, widget=forms.HiddenInput)
    asking = False  # set when the page asks about near names
    confirm_near = forms.BooleanField(
        label=_("Yes, these names are right as they are"), required=False
    )

    def confirmed(self) -> list[str]:
        if not self.cleaned_data.get("confirm_near"):
            return []
        return self.cleaned_data.get("asked", "").split("\n")


class AddressForm(ErrorSummaryMixin, forms.Form):
    """A player's e-mail address, for their reminders (empty: none)."""

    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    email = forms.CharField(
        label=_("E-mail address"),
        max_length=254,
        required=False,
        widget=forms.EmailInput(attrs={"autocomplete": "off"}),
        help_text=_("Leave it empty to remove the address."),
    )

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = players


class RenameForm(ErrorSummaryMixin, forms.Form):
    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    name = forms.CharField(label=_("New name"), max_length=120)
    confirm_similar = forms.BooleanField(label=_("Yes, this is the right name"), required=False)
    # The names as the page listed them ({id: name}): a player renamed by someone else after
    # that is asked about before the second rename goes through.
    names_read = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = players
        self.fields["names_read"].initial = json.dumps(
            {str(player.pk): player.name for player in players}
        )

    def name_read(self, player) -> str | None:
        """The name the page showed for ``player`` (None: the page did not say)."""
        try:
            names = json.loads(self.cleaned_data.get("names_read") or "{}")
        except ValueError:
            return None
        name = names.get(str(player.pk)) if isinstance(names, dict) else None
        return name if isinstance(name, str) else None

    def renamed_meanwhile(self, player) -> str | None:
        """What to ask when ``player`` was renamed after the page was read, else None."""
        read = self.name_read(player)
        if read is None or read == player.name:
            return None
        return _(
            "Meanwhile someone else renamed “%(read)s” to “%(now)s”. Save again to rename "
            "%(now)s to the name you typed, or leave it."
        ) % {"read": read, "now": player.name}


class MergeForm(ErrorSummaryMixin, forms.Form):
    merge = forms.ModelChoiceField(label=_("Player to merge away"), queryset=Player.objects.none())
    keep = forms.ModelChoiceField(
        label=_("Merge into (keeps the name)"), queryset=Player.objects.none()
    )
    # The pair the confirmation step showed ("merge:keep"): a pair changed after it is shown
    # again before anything moves.
    confirmed = forms.CharField(required=False, max_length=40, widget=forms.HiddenInput)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["merge"].queryset = players
        self.fields["keep"].queryset = players

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("merge") and cleaned.get("merge") == cleaned.get("keep"):
            raise ValidationError(_("Choose two different players."), code="same_player")
        return cleaned


class DeleteLeagueForm(ErrorSummaryMixin, forms.Form):
    confirm_name = forms.CharField(
        label=_("The league's name"),
        max_length=200,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
