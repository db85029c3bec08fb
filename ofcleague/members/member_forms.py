"""The forms of a league's members page: a new invite, and reading the ids a button posts."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ofcleague.league.leagues import Role
from ofcleague.league.models import Player
from ofcleague.members.services.members import MAX_DAYS, MAX_USES
from ofcleague.web.form_errors import ErrorSummaryMixin


class InviteForm(ErrorSummaryMixin, forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Role.choices, initial=Role.MEMBER)
    days = forms.IntegerField(
        label=_("Valid for days"),
        min_value=1,
        max_value=MAX_DAYS,
        required=False,
        initial=14,
        help_text=_("Empty: until you withdraw it."),
    )
    max_uses = forms.IntegerField(
        label=_("Uses"),
        min_value=1,
        max_value=MAX_USES,
        required=False,
        help_text=_("How many people can join with it. Empty: any number."),
    )
    player = forms.ModelChoiceField(
        label=_("For the player"),
        queryset=Player.objects.none(),
        required=False,
        empty_label=_("nobody in particular"),
        help_text=_("Joining links the account to this player."),
    )

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = players


def posted_id(data, name) -> int | None:
    """The whole number posted as ``name``, or None for anything else."""
    value = str(data.get(name) or "")
    return int(value) if value.isdigit() and len(value) <= 12 else None
