"""The calculator's form: a rule set and up to four players with three rows each."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ofcleague.rules.presenters import error_message, rule_set_choices
from ofcleague.scoring import (
    DEFAULT_RULES,
    MAX_PLAYERS,
    ROW_SIZES,
    ROWS,
    ScoreResult,
    ScoringError,
    get_rule_set,
    score_rows,
)
from ofcleague.scoring.rules import SURRENDER_KINDS

ROW_PLACEHOLDERS = {"front": "Ah Kd 7c", "middle": "Qs Qh 5d 4c 3s", "back": "10h 9h 8h 7h 2h"}


class CalculatorForm(forms.Form):
    """Rule set and its options, plus ``p0_name``, ``p0_front``... ``p3_surrender`` and
    ``p3_quiet_natural``; empty seats are skipped."""

    rules = forms.ChoiceField(label=gettext_lazy("Rules"), choices=(), initial=DEFAULT_RULES)
    surrender_on = forms.BooleanField(
        label=gettext_lazy("Surrender switched on (the unit count has none otherwise)"),
        required=False,
    )

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
            self.fields[f"p{seat}_surrender"] = forms.ChoiceField(
                label=_("Surrender"),
                required=False,
                choices=[("", _("No surrender"))]
                + [(kind.value, _(label)) for kind, (label, _text) in SURRENDER_KINDS.items()],
            )
            self.fields[f"p{seat}_quiet_natural"] = forms.BooleanField(
                label=_("Natural not announced: play the rows"), required=False
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
                "quiet_natural": self[f"p{seat}_quiet_natural"],
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
            surrender = cleaned.get(f"p{seat}_surrender") or False
            if not any(rows.values()) and not surrender:
                continue
            name = cleaned.get(f"p{seat}_name", "").strip() or self.default_name(seat)
            seats.append(seat)
            quiet = cleaned.get(f"p{seat}_quiet_natural", False)
            hands.append(
                {
                    "name": name,
                    **rows,
                    "surrender": surrender,
                    "announce_natural": False if quiet else None,
                }
            )
        if len(hands) < 2:
            raise forms.ValidationError(_("Enter the rows of at least two players."))
        rule_set = get_rule_set(cleaned["rules"])
        try:
            # Unticked means "the rule set's default", so the box is a no-op where it is on.
            rule_set = rule_set.with_options(surrender=True if cleaned["surrender_on"] else None)
        except ScoringError as error:
            self.add_error("surrender_on", error_message(error))
            return cleaned
        try:
            self.result = score_rows(rule_set, hands)
        except ScoringError as error:
            message = error_message(error)
            if error.player is None:
                raise forms.ValidationError(message) from None
            # The form never announces a natural explicitly, so no error names that field.
            self.add_error(f"p{seats[error.player]}_{error.field or 'name'}", message)
        return cleaned
