"""The all-time table's filters: plain GET parameters, validated by a form."""

from django import forms
from django.utils.translation import gettext_lazy as _

from ofcleague.league.models import Variant

FIRST_YEAR, LAST_YEAR = 2000, 2100


def _year_field(label) -> forms.IntegerField:
    # A text input keeps whatever was typed visible next to its message (a number input
    # would show a bad value as empty).
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=FIRST_YEAR,
        max_value=LAST_YEAR,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "size": 6}),
    )


class AlltimeFilterForm(forms.Form):
    """Year range and variant. Invalid input is reported and the filter left out."""

    year_from = _year_field(_("From year"))
    year_to = _year_field(_("To year"))
    variant = forms.ChoiceField(
        label=_("Variant"), required=False, choices=[("", _("All variants")), *Variant.choices]
    )

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("year_from"), cleaned.get("year_to")
        if start is not None and end is not None and start > end:
            raise forms.ValidationError(_("The first year must not come after the last year."))
        return cleaned

    def filters(self):
        """Keyword arguments for ``queries.alltime_records``; none at all when input is invalid."""
        if not self.is_valid():
            return {}
        return {key: value for key, value in self.cleaned_data.items() if value not in (None, "")}
