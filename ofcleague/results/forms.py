"""Forms of the scorekeeper: each checks its own fields and puts every message next to one.

The rules that span rows come from ``ofcleague.league.services`` (the services check them
again before they write), so the form and the database never disagree on what is valid.
"""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _

from ofcleague.league.clock import league_zone, skipped_start_problem
from ofcleague.league.limits import (
    BUY_IN,
    FIRST_DATE,
    HANDS_PER_ROUND,
    MONEY,
    ROUNDS,
    latest_date,
)
from ofcleague.league.models import Evening, Player
from ofcleague.league.names import mixes_scripts, name_key, similar_names
from ofcleague.league.services import (
    EVENING_FIELDS,
    default_payouts,
    finishing_order_problems,
    payout_problem,
    players_by_frequency,
    split_names,
)
from ofcleague.league.text import clean_free_text
from ofcleague.results.same_day import SameDayQuestion, player_keys
from ofcleague.web.form_errors import ErrorSummaryMixin
from ofcleague.web.stale import ReadAtMixin, submit_key_field

WHOLE_NUMBER = _("Whole numbers only.")


class VersionField(forms.IntegerField):
    """The evening's version as read, sent back with the form (optimistic locking)."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs):
        super().__init__(min_value=1, **kwargs)


class PlayerChoices(forms.ModelMultipleChoiceField):
    """The league's players as big checkboxes, those who play most often first."""

    widget = forms.CheckboxSelectMultiple

    def label_from_instance(self, obj):
        return obj.name

    def _check_values(self, value):
        # The database cannot even compare an id beyond 64 bits: such a value is no player.
        for pk in value:
            try:
                too_big = abs(int(str(pk))) >= 2**63
            except ValueError:
                continue
            if too_big:
                raise forms.ValidationError(
                    self.error_messages["invalid_pk_value"],
                    code="invalid_pk_value",
                    params={"pk": str(pk)[:20]},
                )
        return super()._check_values(value)


class EveningForm(SameDayQuestion, ReadAtMixin, ErrorSummaryMixin, forms.ModelForm):
    """An evening's details and players: new evenings and corrections alike."""

    players = PlayerChoices(queryset=None, required=False, label=_("Players"))
    new_players = forms.CharField(
        label=_("New players"),
        required=False,
        max_length=500,
        help_text=_("Names separated by commas, e.g. “Anna, Bert”. A known name is that player."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
    )
    # A tick the page shows only when a new name looks like a known player's (see clean()):
    # its value lists the names it confirms, so ticking it never confirms a name typed later.
    confirm_new_players = forms.CharField(required=False, widget=forms.HiddenInput)

    class Meta:
        model = Evening
        fields = EVENING_FIELDS
        widgets = {
            "date": forms.DateInput(
                format="%Y-%m-%d", attrs={"type": "date", "min": FIRST_DATE.isoformat()}
            ),
            "start_time": forms.TimeInput(format="%H:%M", attrs={"type": "time"}),
            "buy_in": forms.NumberInput(
                attrs={"step": "0.01", "min": BUY_IN.low, "max": BUY_IN.high}
            ),
            "rounds": forms.NumberInput(attrs={"min": ROUNDS.low, "max": ROUNDS.high}),
            "hands_per_round": forms.NumberInput(
                attrs={"min": HANDS_PER_ROUND.low, "max": HANDS_PER_ROUND.high}
            ),
            "notes": forms.Textarea(attrs={"rows": 3}),
        }

    def __init__(self, *args, with_version=False, **kwargs):
        super().__init__(*args, **kwargs)
        # An inactive player still seated at this evening must stay choosable (and chosen).
        seated = self.instance.seats.values_list("player", flat=True) if self.instance.pk else ()
        self.fields["players"].queryset = players_by_frequency(also=seated)
        self.fields["date"].widget.attrs["max"] = latest_date().isoformat()
        if with_version:
            # A correction: two scorekeepers may change the evening at once (web/stale.py).
            self.fields["version"] = VersionField()
            self.read_at = (*self.Meta.fields, "players")
            self.add_read_at()
        else:
            self.fields["submit_key"] = submit_key_field()
        # The new names that look like a known player's, and whether the tick confirms them.
        self.near_names: list[str] = []
        self.near_names_confirmed = True

    def clean_new_players(self):
        return split_names(self.cleaned_data["new_players"])

    # Invisible control and bidi characters go (text.py); the services drop them too.
    def clean_location(self):
        return clean_free_text(self.cleaned_data["location"])

    def clean_notes(self):
        return clean_free_text(self.cleaned_data["notes"], multiline=True)

    def clean(self):
        cleaned = super().clean()
        chosen = {player.name_key for player in cleaned.get("players", [])}
        chosen |= {name_key(name) for name in cleaned.get("new_players", [])}
        if "players" in cleaned and "new_players" in cleaned and len(chosen) < 2:
            self.add_error("players", _("An evening needs at least 2 players."))
        self._ask_about_near_names(cleaned.get("new_players", []))
        if not self.instance.pk:
            # A new evening only: the day's evenings with any of its players are asked about.
            keys = player_keys(cleaned.get("players", []), cleaned.get("new_players", []))
            self.ask_about_same_day(cleaned.get("date"), keys)
        # The page runs in the league's time zone (the league middleware sets it).
        skipped = skipped_start_problem(
            cleaned.get("date"), cleaned.get("start_time"), league_zone()
        )
        if skipped:
            self.add_error("start_time", skipped)
        return cleaned

    def _ask_about_near_names(self, names: list[str]) -> None:
        """Refuse new names close to a known player's unless the tick confirms exactly them.

        A name with a known player's key is that player and needs no question; a new one
        that is one typo or an accent away from a known name, or that mixes Latin with
        Cyrillic or Greek letters, is asked about ("Did you mean Micha?").
        """
        known = dict(Player.objects.values_list("name_key", "name"))
        confirmed = {name_key(name) for name in self.cleaned_data["confirm_new_players"].split(",")}
        asked = set()
        for name in names:
            if name_key(name) in known or name_key(name) in asked:
                continue
            similar = similar_names(name, known.values())
            if not similar and not mixes_scripts(name):
                continue
            self.near_names.append(name)
            asked.add(name_key(name))
            if name_key(name) in confirmed:
                continue
            self.near_names_confirmed = False
            if similar:
                message = _("“%(name)s” is not a player yet. Did you mean %(similar)s?") % {
                    "name": name,
                    "similar": ", ".join(similar),
                }
            else:
                message = _(
                    "“%(name)s” mixes Latin letters with Cyrillic or Greek ones that look "
                    "alike. Was another keyboard on?"
                ) % {"name": name}
            self.add_error("new_players", message)

    def confirmation(self) -> str:
        """The value of the tick: the names it confirms."""
        return ", ".join(self.near_names)

    def details(self) -> dict:
        """The evening's own fields, as the services take them."""
        return {name: self.cleaned_data[name] for name in self.Meta.fields}


def points_name(seat_id: int, number: int) -> str:
    """The name of a player's points field for a round."""
    return f"p_{seat_id}_{number}"


def table_name(seat_id: int, number: int) -> str:
    """The name of a player's table field for a round."""
    return f"t_{seat_id}_{number}"


def tie_break_name(seat_id: int) -> str:
    """The name of a player's tie-break field (position among the tied players)."""
    return f"tb_{seat_id}"


class FinishingOrderForm(ReadAtMixin, ErrorSummaryMixin, forms.Form):
    """A plain finishing order: a place per player (tied players share a place)."""

    def __init__(self, *args, evening, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = seats
        self.fields["version"] = VersionField(initial=evening.version)
        for seat in seats:
            self.fields[f"place_{seat.pk}"] = forms.IntegerField(
                label=seat.player.name,
                min_value=1,
                max_value=len(seats),
                initial=seat.place,
                error_messages={"invalid": WHOLE_NUMBER},
                widget=forms.NumberInput(attrs={"step": "1", "class": "place-input"}),
            )
        self.read_at = tuple(f"place_{seat.pk}" for seat in seats)
        self.add_read_at()

    def places(self) -> dict[int, int]:
        """``places[seat_id]`` from the cleaned data."""
        return {seat.pk: self.cleaned_data[f"place_{seat.pk}"] for seat in self.seats}

    def clean(self):
        cleaned = super().clean()
        if not self.errors:
            for seat, message in finishing_order_problems(self.places()).items():
                self.add_error(f"place_{seat}", message)
        return cleaned


def initial_payouts(evening, seats) -> tuple[Decimal, dict[int, Decimal]]:
    """The pot and the payout per place to start from.

    Without recorded prizes: buy-in times players, split by the league's default weights.
    With prizes: their sum, each place group's money spread back over the places it covers.
    """
    if all(seat.prize is None for seat in seats):
        pot = evening.buy_in * len(seats)
        return pot, default_payouts(pot, len(seats))
    groups: dict[int, list[Decimal]] = {}
    for seat in seats:
        groups.setdefault(seat.place or len(seats), []).append(seat.prize or Decimal(0))
    payouts = {}
    for place, prizes in groups.items():
        for offset in range(len(prizes)):
            payouts[place + offset] = prizes[offset]
    return sum(payouts.values(), Decimal(0)), payouts


def _names_per_place(seats) -> dict[int, str]:
    """Who takes each place's money: its players, or for a place covered by a tie the tied
    players sharing it (two tied for 1st share the money of places 1 and 2)."""
    groups: dict[int, list[str]] = {}
    for seat in sorted(seats, key=lambda seat: seat.player.name):
        groups.setdefault(seat.place or len(seats), []).append(seat.player.name)
    names = {}
    for place, group in groups.items():
        for covered in range(place, place + len(group)):
            names[covered] = ", ".join(group)
    return {place: names.get(place, "–") for place in range(1, len(seats) + 1)}


class PrizesForm(ReadAtMixin, ErrorSummaryMixin, forms.Form):
    """The pot and the payout per place; the payouts must add up to the pot."""

    pot = forms.DecimalField(
        label=_("Pot"),
        min_value=MONEY.low,
        max_value=MONEY.high,
        max_digits=12,
        decimal_places=2,
        localize=False,
    )

    def __init__(self, *args, evening, seats, **kwargs):
        super().__init__(*args, **kwargs)
        pot, payouts = initial_payouts(evening, seats)
        self.fields["pot"].initial = pot
        self.fields["pot"].widget.attrs.update({"step": "0.01", "class": "money-input"})
        self.fields["version"] = VersionField(initial=evening.version)
        self.places = range(1, len(seats) + 1)
        # What the buy-ins add up to, for the page to say where the pot differs.
        self.buy_ins = evening.buy_in * len(seats)
        names = _names_per_place(seats)
        for place in self.places:
            self.fields[f"payout_{place}"] = forms.DecimalField(
                label=_("Place %(place)s: %(names)s") % {"place": place, "names": names[place]},
                required=False,
                min_value=MONEY.low,
                max_value=MONEY.high,
                max_digits=12,
                decimal_places=2,
                initial=payouts.get(place, Decimal("0.00")),
                widget=forms.NumberInput(attrs={"step": "0.01", "class": "money-input"}),
            )
        self.read_at = ("pot", *(f"payout_{place}" for place in self.places))
        self.add_read_at()

    def payouts(self) -> dict[int, Decimal]:
        """``payouts[place]`` from the cleaned data (an empty field pays nothing)."""
        return {
            place: self.cleaned_data.get(f"payout_{place}") or Decimal(0) for place in self.places
        }

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        problem = payout_problem(cleaned["pot"], self.payouts())
        if problem:
            self.add_error("pot", problem)
        return cleaned


class ConfirmForm(ErrorSummaryMixin, forms.Form):
    """Just the version read, for a confirmation such as deleting an evening."""

    version = VersionField()
