"""The question before a second evening on the same day: the new-evening and announce forms
ask "There is already an evening on … Create another?" when the day has an evening (not
cancelled) that shares a player with the new one, or has no players yet to compare (an
announced one). A tick, sent back with the day it confirms, creates it anyway.
"""

from __future__ import annotations

from django import forms
from django.utils import formats
from django.utils.translation import gettext as _

from ofcleague.league.models import Evening, Status
from ofcleague.league.names import name_key
from ofcleague.web.form_mixin import FormMixin


def evenings_like(date, player_keys: set[str] | None = None) -> list[Evening]:
    """The league's evenings (not cancelled) on ``date`` that look like the new one: any of
    them when the new one has no players (``None``), else those sharing a player or without
    players of their own yet."""
    evenings = list(
        Evening.objects.filter(date=date)
        .exclude(status=Status.CANCELLED)
        .prefetch_related("seats__player")
        .order_by("start_time", "pk")
    )
    if player_keys is None:
        return evenings
    return [
        evening
        for evening in evenings
        if not evening.seats.all()
        or player_keys & {seat.player.name_key for seat in evening.seats.all()}
    ]


class SameDayQuestion(FormMixin):
    """Mixed into a form that creates an evening: call :meth:`ask_about_same_day` from
    ``clean()`` with the new evening's date (and its players' name keys, if it has any)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["confirm_same_day"] = forms.CharField(required=False, widget=forms.HiddenInput)
        # The evenings the day has already; the page then shows the tick.
        self.same_day: list[Evening] = []
        self.same_day_date = None

    def ask_about_same_day(self, date, player_keys: set[str] | None = None) -> None:
        if date is None:
            return
        # The evening this very form made (sent twice) is not another one: the view answers
        # the second send with it.
        key = self.cleaned_data.get("submit_key")
        self.same_day = [
            evening
            for evening in evenings_like(date, player_keys)
            if key is None or evening.submit_key != key
        ]
        self.same_day_date = date
        if not self.same_day or self.cleaned_data.get("confirm_same_day") == date.isoformat():
            return
        day = formats.date_format(date, "DATE_FORMAT")
        self.add_error(
            "date",
            _(
                "There is already an evening on %(day)s (%(evenings)s). Create another one "
                "on the same day? Tick the box below to do so, or change the date."
            )
            % {"day": day, "evenings": "; ".join(_described(evening) for evening in self.same_day)},
        )

    def same_day_value(self) -> str:
        """The tick's value: the day it confirms (a tick never confirms a day typed later)."""
        return self.same_day_date.isoformat() if self.same_day_date else ""


def _described(evening: Evening) -> str:
    names = [seat.player.name for seat in evening.seats.all()]
    status = evening.get_status_display()
    if not names:
        return status
    return _("%(status)s, with %(names)s") % {"status": status, "names": ", ".join(names)}


def player_keys(players, new_names) -> set[str]:
    """The name keys of an evening's chosen players and typed new names."""
    return {player.name_key for player in players} | {name_key(name) for name in new_names}
