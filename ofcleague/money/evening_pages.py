"""The evening's money: "who pays whom" on its page, settling it, its stakes per point.

The section on the evening's page (``evening_money_part``) is for the league's members only,
so the page's public cached copy never holds it; it reads a fixed number of queries (who
looks, the evening's seats, points and pair stakes, its transfers).
"""

from __future__ import annotations

from functools import partial

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from ofcleague.league.current import current_league
from ofcleague.league.models import ENTER_RESULTS, Evening, EveningPlayer, Status
from ofcleague.league.services.version import EveningChanged
from ofcleague.money.cash_book import apply_transfers, evening_money, transfers_of
from ofcleague.money.cash_pages import balance_rows, transfer_rows, viewer
from ofcleague.money.models import PairStake
from ofcleague.money.services import settling as money_services
from ofcleague.results.forms import ErrorSummaryMixin, VersionField
from ofcleague.web.money import money
from ofcleague.web.stale import ReadAtMixin, merged_form, read_before


def evening_money_part(evening: Evening, user, path: str) -> dict:
    """What the evening page's "who pays whom" shows to ``user`` (nothing to non-members)."""
    who = viewer(user, current_league())
    if not who.sees:
        return {"shown": False}
    book = evening_money(evening)
    transfers = transfers_of(evening=evening)
    uncovered = book.problem is None and any(apply_transfers(book.balances, transfers).values())
    moves = book.problem is None and any(book.balances.values())
    finished = evening.status == Status.FINISHED
    return {
        # A member sees the section where there is money to pay; a scorekeeper always.
        "shown": (finished and (moves or transfers)) or who.settles,
        "evening": evening,
        "who": who,
        "problem": book.problem,
        "stake": money(evening.stake_per_point, exact=True) if evening.stake_per_point else "",
        "by_pairs": book.by_pairs,
        "from_hands": book.from_hands,
        "balances": balance_rows(book.balances, book.names) if moves else [],
        "transfers": transfer_rows(transfers, who),
        "may_settle": who.settles and finished and uncovered,
        "next": path,
    }


@login_required
@permission_required(ENTER_RESULTS, raise_exception=True)
@require_POST
def evening_settle(request, pk):
    """Propose and store the fewest transfers for the evening."""
    evening = get_object_or_404(Evening, pk=pk)
    try:
        money_services.settle_evening(evening, request.user)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Settled: see who pays whom."))
    return redirect(f"{evening.get_absolute_url()}#money-title")


class StakesForm(ReadAtMixin, ErrorSummaryMixin, forms.Form):
    """The evening's stake per point, and a stake of their own for any pair of its players."""

    stake = forms.CharField(
        label=gettext_lazy("Stake per point (€)"),
        required=False,
        max_length=20,
        help_text=gettext_lazy("Empty: points are not played for money."),
    )

    def __init__(self, *args, evening, seats, stakes, **kwargs):
        super().__init__(*args, **kwargs)
        if evening.stake_per_point is not None:
            self.initial["stake"] = number_format(evening.stake_per_point, 2)
        self.fields["version"] = VersionField(initial=evening.version)
        self.pairs = []
        players = sorted((seat.player for seat in seats), key=lambda player: player.name)
        for index, first in enumerate(players):
            for second in players[index + 1 :]:
                name = f"pair_{min(first.pk, second.pk)}_{max(first.pk, second.pk)}"
                self.fields[name] = forms.CharField(
                    label=_("%(a)s and %(b)s") % {"a": first.name, "b": second.name},
                    required=False,
                    max_length=20,
                )
                value = stakes.get((min(first.pk, second.pk), max(first.pk, second.pk)))
                if value is not None:
                    self.initial[name] = number_format(value, 2)
                self.pairs.append((name, first.pk, second.pk))
        self.read_at = ("stake", *(name for name, _a, _b in self.pairs))
        self.add_read_at()

    def pair_stakes(self):
        return {(a, b): self.cleaned_data.get(name, "") for name, a, b in self.pairs}


def _stakes_form(pk, data) -> StakesForm:
    """The stakes form of evening ``pk`` as stored now, bound to ``data`` if given."""
    evening = Evening.objects.get(pk=pk)
    seats = list(EveningPlayer.objects.filter(evening=evening).select_related("player"))
    stakes = {
        (row.player_a_id, row.player_b_id): row.stake
        for row in PairStake.objects.filter(evening=evening)
    }
    return StakesForm(data, evening=evening, seats=seats, stakes=stakes)


@login_required
@permission_required(ENTER_RESULTS, raise_exception=True)
def evening_stakes(request, pk):
    """What a point is worth this evening, and for pairs with a stake of their own."""
    evening = get_object_or_404(Evening, pk=pk)
    make_form = partial(_stakes_form, pk)
    form = make_form(request.POST or None)
    if read_before(request, evening.version):
        # A page from before someone else's save: merge first, whatever else is wrong.
        form = merged_form(request.POST, make_form)
    elif request.method == "POST" and form.is_valid():
        try:
            money_services.set_stakes(
                evening,
                request.user,
                form.cleaned_data["stake"],
                form.pair_stakes(),
                read_version=form.cleaned_data["version"],
            )
        except EveningChanged:
            form = merged_form(request.POST, make_form)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Stakes saved."))
            return redirect(f"{evening.get_absolute_url()}#money-title")
    pair_fields = [form[name] for name, _a, _b in form.pairs]
    return render(
        request,
        "money/stakes.html",
        {"form": form, "evening": evening, "pair_fields": pair_fields},
    )
