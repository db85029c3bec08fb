"""Forms of the scorekeeper: each checks its own fields and puts every message next to one.

The rules that span rows come from ``ofcleague.league.services`` (the services check them
again before they write), so the form and the database never disagree on what is valid.
"""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from ofcleague.league.limits import (
    BUY_IN,
    FIRST_DATE,
    HANDS_PER_ROUND,
    MONEY,
    ROUND_POINTS,
    ROUNDS,
    latest_date,
)
from ofcleague.league.models import Evening, Status
from ofcleague.league.services import (
    EVENING_FIELDS,
    default_payouts,
    finishing_order_problems,
    grid_problems,
    grid_totals,
    payout_difference,
    players_by_frequency,
    split_names,
    tie_break_problems,
)
from ofcleague.league.standings import places_from_totals, tied_groups

WHOLE_NUMBER = _("Whole numbers only.")


class VersionField(forms.IntegerField):
    """The evening's version as read, sent back with the form (optimistic locking)."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs):
        super().__init__(min_value=1, **kwargs)


def euros(amount: Decimal) -> str:
    """An amount as the current language writes it, e.g. "12,50 €"."""
    return _("%(amount)s €") % {"amount": number_format(amount, 2, use_l10n=True)}


class PlayerChoices(forms.ModelMultipleChoiceField):
    """The league's players as big checkboxes, those who play most often first."""

    widget = forms.CheckboxSelectMultiple

    def label_from_instance(self, obj):
        return obj.name


class EveningForm(forms.ModelForm):
    """An evening's details and players: new evenings and corrections alike."""

    players = PlayerChoices(queryset=None, required=False, label=_("Players"))
    new_players = forms.CharField(
        label=_("New players"),
        required=False,
        max_length=500,
        help_text=_("Names separated by commas, e.g. “Anna, Bert”. A known name is that player."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
    )

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
        seated = self.instance.players.values_list("player", flat=True) if self.instance.pk else ()
        self.fields["players"].queryset = players_by_frequency(also=seated)
        self.fields["date"].widget.attrs["max"] = latest_date().isoformat()
        if with_version:
            self.fields["version"] = VersionField()

    def clean_new_players(self):
        names = split_names(self.cleaned_data["new_players"])
        too_long = [name for name in names if len(name) > 40]
        if too_long:
            raise forms.ValidationError(
                _("“%(name)s” is too long: at most 40 characters."), params={"name": too_long[0]}
            )
        return names

    def clean(self):
        cleaned = super().clean()
        chosen = {player.name.casefold() for player in cleaned.get("players", [])}
        chosen |= {name.casefold() for name in cleaned.get("new_players", [])}
        if "players" in cleaned and "new_players" in cleaned and len(chosen) < 2:
            self.add_error("players", _("An evening needs at least 2 players."))
        return cleaned

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


def _as_int(value) -> int | None:
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return None


class PointsGridForm(forms.Form):
    """Points per player (rows) and round (columns), with an optional table per cell.

    Submitting with the ``finish`` button closes the evening, which needs every round.
    Players tied on points get a position decided at the table (empty: they share a place);
    every seat has that field, the page shows it for the tied ones.
    """

    def __init__(self, *args, evening, seats, scores=None, hand_rounds=frozenset(), **kwargs):
        scores = scores or {}
        super().__init__(*args, **kwargs)
        self.evening, self.seats = evening, seats
        # Rounds played hand by hand: their points come from the hands, shown read-only.
        self.hand_rounds = sorted(hand_rounds)
        self.numbers = range(1, evening.rounds + 1)
        self.finishing = bool(self.is_bound and "finish" in self.data)
        self.round_errors: dict[int, list[str]] = {}
        self.fields["version"] = VersionField(initial=evening.version)
        for seat in seats:
            for number in self.numbers:
                score = scores.get((seat.pk, number))
                label = _("%(player)s, round %(round)s") % {
                    "player": seat.player.name,
                    "round": number,
                }
                table_label = _("Table of %(player)s, round %(round)s") % {
                    "player": seat.player.name,
                    "round": number,
                }
                self.fields[points_name(seat.pk, number)] = forms.IntegerField(
                    required=False,
                    min_value=ROUND_POINTS.low,
                    max_value=ROUND_POINTS.high,
                    initial=score.points if score else None,
                    disabled=number in hand_rounds,
                    label=label,
                    error_messages={"invalid": WHOLE_NUMBER},
                    widget=forms.NumberInput(
                        attrs={
                            "aria-label": label,
                            "step": "1",
                            "class": "points-input",
                            "data-seat": seat.pk,
                            "data-round": number,
                        }
                    ),
                )
                self.fields[table_name(seat.pk, number)] = forms.IntegerField(
                    required=False,
                    min_value=1,
                    max_value=len(seats),
                    initial=score.table if score else None,
                    disabled=number in hand_rounds,
                    label=table_label,
                    error_messages={"invalid": WHOLE_NUMBER},
                    widget=forms.NumberInput(
                        attrs={"aria-label": table_label, "step": "1", "class": "table-input"}
                    ),
                )
            self.fields[tie_break_name(seat.pk)] = forms.TypedChoiceField(
                choices=[("", _("shared place"))]
                + [(position, str(position)) for position in range(1, len(seats) + 1)],
                coerce=int,
                empty_value=None,
                required=False,
                initial=seat.tie_break,
                label=seat.player.name,
                widget=forms.Select(attrs={"class": "tie-break-input", "data-seat": seat.pk}),
            )

    def _grid(self, prefix_name) -> dict[int, dict[int, int | None]]:
        return {
            seat.pk: {
                number: self.cleaned_data.get(prefix_name(seat.pk, number))
                for number in self.numbers
            }
            for seat in self.seats
        }

    def points(self):
        """``points[seat_id][round]`` from the cleaned data."""
        return self._grid(points_name)

    def tables(self):
        """``tables[seat_id][round]`` from the cleaned data."""
        return self._grid(table_name)

    def tie_breaks(self) -> dict[int, int | None]:
        """``tie_breaks[seat_id]`` from the cleaned data (``None``: shared place)."""
        return {seat.pk: self.cleaned_data.get(tie_break_name(seat.pk)) for seat in self.seats}

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        problems = grid_problems(
            [seat.pk for seat in self.seats],
            self.evening.rounds,
            self.points(),
            self.tables(),
            finish=self.finishing or self.evening.status == Status.FINISHED,
        )
        for (seat, number), message in problems.cells.items():
            self.add_error(points_name(seat, number), message)
        self.round_errors = problems.rounds
        for message in problems.messages():
            self.add_error(None, message)
        if not problems:
            totals = grid_totals([seat.pk for seat in self.seats], self.points())
            for seat, message in tie_break_problems(totals, self.tie_breaks()).items():
                self.add_error(tie_break_name(seat), message)
        return cleaned

    def _typed_totals(self) -> dict[int, int | None]:
        """Each seat's total of what is typed now (``None`` where nothing is)."""
        totals = {}
        for seat in self.seats:
            values = [_as_int(self[points_name(seat.pk, n)].value()) for n in self.numbers]
            entered = [value for value in values if value is not None]
            totals[seat.pk] = sum(entered) if entered else None
        return totals

    def _ranked_totals(self) -> dict[int, int]:
        """The typed totals as they rank (a player without points has 0), or nothing at all
        while the grid is empty."""
        totals = self._typed_totals()
        if all(total is None for total in totals.values()):
            return {}
        return {seat: total or 0 for seat, total in totals.items()}

    def rows(self):
        """Per player: the seat, its (points, table) fields per round, total and place so far.

        Totals count what is typed now (the user's input, valid or not), like the script does.
        """
        totals = self._typed_totals()
        tie_breaks = {
            seat.pk: _as_int(self[tie_break_name(seat.pk)].value()) for seat in self.seats
        }
        places = places_from_totals(self._ranked_totals(), tie_breaks)
        rows = []
        for seat in self.seats:
            cells = [
                (self[points_name(seat.pk, number)], self[table_name(seat.pk, number)])
                for number in self.numbers
            ]
            rows.append((seat, cells, totals[seat.pk], places.get(seat.pk)))
        return rows

    def tie_rows(self):
        """Per player: the seat, its tie-break field, its total so far and whether it is tied
        now (only then the page shows the field; the script shows it as ties appear)."""
        totals = self._ranked_totals()
        tied = {seat for group in tied_groups(totals) for seat in group}
        return [
            (seat, self[tie_break_name(seat.pk)], totals.get(seat.pk), seat.pk in tied)
            for seat in self.seats
        ]

    def has_ties(self):
        """Whether any players are tied on what is typed now."""
        return bool(tied_groups(self._ranked_totals()))

    def round_sums(self):
        """Per round: the sum of what is typed now (``None`` while the round is empty)."""
        sums = []
        for number in self.numbers:
            values = [_as_int(self[points_name(seat.pk, number)].value()) for seat in self.seats]
            entered = [value for value in values if value is not None]
            total = sum(entered)
            shown = (f"{total:+d}" if total else "0") if entered else None
            sums.append((number, shown, self.round_errors.get(number)))
        return sums

    def has_tables(self):
        """Whether any table is given (or wrong), so the table section opens by itself."""
        return any(
            self[table_name(seat.pk, number)].value() not in (None, "")
            for seat in self.seats
            for number in self.numbers
        )


class FinishingOrderForm(forms.Form):
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

    def places(self) -> dict[int, int]:
        """``places[seat_id]`` from the cleaned data."""
        return {seat.pk: self.cleaned_data.get(f"place_{seat.pk}") for seat in self.seats}

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


class PrizesForm(forms.Form):
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
        for place in self.places:
            self.fields[f"payout_{place}"] = forms.DecimalField(
                label=_("Place %(place)s") % {"place": place},
                required=False,
                min_value=MONEY.low,
                max_value=MONEY.high,
                max_digits=12,
                decimal_places=2,
                initial=payouts.get(place, Decimal("0.00")),
                widget=forms.NumberInput(attrs={"step": "0.01", "class": "money-input"}),
            )

    def payouts(self) -> dict[int, Decimal]:
        """``payouts[place]`` from the cleaned data (an empty field pays nothing)."""
        return {
            place: self.cleaned_data.get(f"payout_{place}") or Decimal(0) for place in self.places
        }

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        difference = payout_difference(cleaned["pot"], self.payouts())
        if difference > 0:
            self.add_error(
                "pot",
                _("The payouts add up to %(sum)s: %(diff)s more than the pot.")
                % {"sum": euros(cleaned["pot"] + difference), "diff": euros(difference)},
            )
        elif difference < 0:
            self.add_error(
                "pot",
                _("The payouts add up to %(sum)s: %(diff)s less than the pot.")
                % {"sum": euros(cleaned["pot"] + difference), "diff": euros(-difference)},
            )
        return cleaned


class ConfirmForm(forms.Form):
    """Just the version read, for a confirmation such as deleting an evening."""

    version = VersionField()
