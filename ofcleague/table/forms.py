"""The form that seats a table for a round."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ofcleague.league.limits import TABLE_SEATS
from ofcleague.league.models import EveningPlayer
from ofcleague.league.rule_set import evening_rule_set
from ofcleague.table.models import TableSeat


def seat_name(position: int) -> str:
    return f"seat_{position}"


class SeatForm(forms.Form):
    """The table number, the players clockwise from seat 1, and who deals hand 1; as many
    seats as the evening's rule set deals for (three at Pineapple, four otherwise)."""

    table = forms.TypedChoiceField(label=gettext_lazy("Table"), coerce=int)
    dealer = forms.TypedChoiceField(label=gettext_lazy("Dealer of hand 1"), coerce=int)

    def __init__(self, *args, evening, round_number, **kwargs):
        super().__init__(*args, **kwargs)
        seats = list(
            EveningPlayer.objects.filter(evening=evening)
            .select_related("player")
            .order_by("player__name")
        )
        taken = dict(
            TableSeat.objects.filter(
                round_table__evening=evening, round_table__round_number=round_number
            ).values_list("evening_player", "round_table__table")
        )
        self.most = evening_rule_set(evening).table_seats
        tables = max(1, len(seats) // TABLE_SEATS.low)
        free_table = next((n for n in range(1, tables + 1) if n not in taken.values()), 1)
        self.fields["table"].choices = [(n, str(n)) for n in range(1, tables + 1)]
        self.fields["table"].initial = free_table
        choices = [("", "—")] + [(seat.pk, seat.player.name) for seat in seats]
        waiting = [seat.pk for seat in seats if seat.pk not in taken]
        for position in range(1, self.most + 1):
            self.fields[seat_name(position)] = forms.TypedChoiceField(
                label=_("Seat %(number)s") % {"number": position},
                choices=choices,
                coerce=int,
                empty_value=None,
                required=position <= TABLE_SEATS.low,
                initial=waiting[position - 1] if position <= len(waiting) else None,
            )
        self.fields["dealer"].choices = [
            (n, _("Seat %(number)s") % {"number": n}) for n in range(1, self.most + 1)
        ]
        self.order_fields(["table", *(seat_name(n) for n in range(1, self.most + 1)), "dealer"])

    def players(self) -> list[int]:
        """The chosen players in seat order (empty seats left out)."""
        return [
            self.cleaned_data[seat_name(n)]
            for n in range(1, self.most + 1)
            if self.cleaned_data.get(seat_name(n))
        ]

    def clean(self):
        cleaned = super().clean()
        chosen = [p for p in (cleaned.get(seat_name(n)) for n in range(1, self.most + 1)) if p]
        if len(set(chosen)) != len(chosen):
            raise forms.ValidationError(_("A player can take only one seat."))
        if cleaned.get("dealer") and cleaned["dealer"] > len(chosen):
            self.add_error("dealer", _("The dealer must sit at this table."))
        return cleaned
