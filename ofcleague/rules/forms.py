"""The calculator's form: a rule set and up to four players with three rows each."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ofcleague.scoring import (
    DEFAULT_RULES,
    MAX_PLAYERS,
    ROW_SIZES,
    ROWS,
    ScoreResult,
    ScoringError,
    score_rows,
)

from .presenters import error_message, rule_set_choices

ROW_PLACEHOLDERS = {"front": "Ah Kd 7c", "middle": "Qs Qh 5d 4c 3s", "back": "10h 9h 8h 7h 2h"}


class CalculatorForm(forms.Form):
    """Rule set plus ``p0_name``, ``p0_front``... ``p3_surrender``; empty seats are skipped."""

    rules = forms.ChoiceField(label=gettext_lazy("Rules"), choices=(), initial=DEFAULT_RULES)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rules"].choices = rule_set_choices()
        self.result: ScoreResult | None = None
        for seat in range(MAX_PLAYERS):
            self.fields[f"p{seat}_name"] = forms.CharField(
                label=_("Name"),
                max_length=40,
                required=False,
                widget=forms.TextInput(attrs={"placeholder": self.default_name(seat)}),
            )
            for row in ROWS:
                self.fields[f"p{seat}_{row}"] = forms.CharField(
                    label=_("%(row)s (%(size)s cards)")
                    % {"row": _(row.capitalize()), "size": ROW_SIZES[row]},
                    max_length=80,
                    required=False,
                    widget=forms.TextInput(
                        attrs={
                            "placeholder": ROW_PLACEHOLDERS[row],
                            "autocomplete": "off",
                            "autocapitalize": "off",
                            "spellcheck": "false",
                            "class": "cards-input",
                            "data-row": row,
                            "data-size": ROW_SIZES[row],
                        }
                    ),
                )
            self.fields[f"p{seat}_surrender"] = forms.BooleanField(
                label=_("Surrenders"), required=False
            )

    @staticmethod
    def default_name(seat: int) -> str:
        """The name a seat gets when none is typed in."""
        return _("Player %(number)s") % {"number": seat + 1}

    def seats(self) -> list[dict]:
        """The four seats with their bound fields, for the template."""
        return [
            {
                "number": seat + 1,
                "name": self[f"p{seat}_name"],
                "rows": [self[f"p{seat}_{row}"] for row in ROWS],
                "surrender": self[f"p{seat}_surrender"],
            }
            for seat in range(MAX_PLAYERS)
        ]

    def clean(self):
        """Score the filled seats; put engine errors next to the field they concern."""
        cleaned = super().clean()
        if self.errors:
            return cleaned
        seats = []
        hands = []
        for seat in range(MAX_PLAYERS):
            rows = {row: cleaned.get(f"p{seat}_{row}", "").strip() for row in ROWS}
            surrender = cleaned.get(f"p{seat}_surrender", False)
            if not any(rows.values()) and not surrender:
                continue
            name = cleaned.get(f"p{seat}_name", "").strip() or self.default_name(seat)
            seats.append(seat)
            hands.append({"name": name, **rows, "surrender": surrender})
        if len(hands) < 2:
            raise forms.ValidationError(_("Enter the rows of at least two players."))
        try:
            self.result = score_rows(cleaned["rules"], hands)
        except ScoringError as error:
            message = error_message(error)
            if error.player is not None and error.row:
                self.add_error(f"p{seats[error.player]}_{error.row}", message)
            elif error.player is not None and "name" not in error.params:
                self.add_error(f"p{seats[error.player]}_surrender", message)
            elif error.player is not None:
                self.add_error(f"p{seats[error.player]}_name", message)
            else:
                raise forms.ValidationError(message) from None
        return cleaned
