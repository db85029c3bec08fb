"""The form that seats a table for a round."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ofcleague.league.limits import TABLE_SEATS
from ofcleague.league.models import EveningPlayer
from ofcleague.league.rule_set import evening_rule_set, too_many_seats
from ofcleague.table.models import TableSeat
from ofcleague.table.seating import last_round_plans


def seat_name(position: int) -> str:
    return f"seat_{position}"


class SeatForm(forms.Form):
    """The table number, the players clockwise from seat 1, and who deals hand 1 (by name);
    as many seats as the evening's rule set deals for (three at Pineapple, four otherwise).

    It starts from the round before: the first table not seated yet sits as it sat then,
    the button moved on; without such a table, the players not seated yet fill it, as many
    as the rule set's table sizes share them out evenly.
    """

    table = forms.TypedChoiceField(label=gettext_lazy("Table"), coerce=int)
    dealer = forms.TypedChoiceField(
        label=gettext_lazy("Dealer of hand 1"), coerce=int, required=False, empty_value=None
    )

    def __init__(self, *args, evening, round_number, plans=None, **kwargs):
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
        if plans is None:
            plans = last_round_plans(evening, round_number)
        self.rules = evening_rule_set(evening)
        self.most = self.rules.table_seats
        tables = max(1, len(seats) // TABLE_SEATS.low)
        free_table = next((n for n in range(1, tables + 1) if n not in taken.values()), 1)
        plan = next((plan for plan in plans if plan.table == free_table), None)
        waiting = [seat.pk for seat in seats if seat.pk not in taken]
        if plan is not None:
            start, dealer = list(plan.players), plan.players[plan.first_dealer - 1]
        else:
            start = waiting[: share(len(waiting), self.most)]
            dealer = start[0] if start else None
        self.fields["table"].choices = [(n, str(n)) for n in range(1, tables + 1)]
        self.fields["table"].initial = free_table
        choices = [(seat.pk, seat.player.name) for seat in seats]
        for position in range(1, self.most + 1):
            self.fields[seat_name(position)] = forms.TypedChoiceField(
                label=_("Seat %(number)s") % {"number": position},
                choices=[("", "—"), *choices],
                coerce=int,
                empty_value=None,
                required=position <= TABLE_SEATS.low,
                initial=start[position - 1] if position <= len(start) else None,
            )
        self.fields["dealer"].choices = [("", _("whoever sits in seat 1")), *choices]
        self.fields["dealer"].initial = dealer
        self.order_fields(["table", *(seat_name(n) for n in range(1, self.most + 1)), "dealer"])

    def players(self) -> list[int]:
        """The chosen players in seat order (empty seats left out)."""
        return [
            self.cleaned_data[seat_name(n)]
            for n in range(1, self.most + 1)
            if self.cleaned_data.get(seat_name(n))
        ]

    def first_dealer(self) -> int:
        """The seat position of the dealer of hand 1 (seat 1 when none is chosen)."""
        dealer = self.cleaned_data.get("dealer")
        return self.players().index(dealer) + 1 if dealer else 1

    def error_summary(self) -> list[tuple[str | None, str]]:
        """Every problem as (anchor, message) for the summary above the form."""
        items: list[tuple[str | None, str]] = [
            (None, str(message)) for message in self.non_field_errors()
        ]
        for bound in self:
            items += [(bound.id_for_label, f"{bound.label}: {m}") for m in bound.errors]
        return items

    def extra_seats(self) -> list[str]:
        """Seats sent past the rule set's last one (``seat_4`` at a Pineapple table), filled."""
        return [
            key
            for key, value in self.data.items()
            if key.startswith("seat_")
            and key.removeprefix("seat_").isdigit()
            and int(key.removeprefix("seat_")) > self.most
            and str(value).strip()
        ]

    def clean(self):
        cleaned = super().clean()
        if self.extra_seats():
            # Refused, not left out: the player sent for that seat would silently not play.
            raise forms.ValidationError(too_many_seats(self.rules), code="too_many_seats")
        chosen = [p for p in (cleaned.get(seat_name(n)) for n in range(1, self.most + 1)) if p]
        if len(set(chosen)) != len(chosen):
            raise forms.ValidationError(_("A player can take only one seat."))
        if cleaned.get("dealer") and cleaned["dealer"] not in chosen:
            self.add_error("dealer", _("The dealer must sit at this table."))
        return cleaned


def share(players: int, most: int) -> int:
    """How many of ``players`` sit at the next table when tables seat at most ``most`` and
    are as even as they can be (8 at tables of 3: 3, then 3, then 2; 8 at tables of 4: 4, 4)."""
    if players <= 0:
        return 0
    tables = -(-players // most)
    return -(-players // tables)
