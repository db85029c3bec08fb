"""Pages of the scorekeeper: parse the form, call one service, render or redirect.

Every page needs a login (anonymous users go to the login page) and the "enter results"
permission (everyone else gets 403). Changes happen only on POST.
"""

from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import ValidationError
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ofcleague.league import services
from ofcleague.league.models import Evening, EveningPlayer, RoundScore, Status
from ofcleague.table import queries as table_queries

from .forms import ConfirmForm, EveningForm, FinishingOrderForm, PointsGridForm, PrizesForm

PERMISSION = "league.enter_results"
# The fields a new evening copies from the last one.
CARRIED_OVER = ("buy_in", "rounds", "hands_per_round", "variant", "start_time")


def _evening(pk):
    seats = EveningPlayer.objects.select_related("player").order_by("player__name")
    return get_object_or_404(
        Evening.objects.prefetch_related(Prefetch("players", queryset=seats)), pk=pk
    )


def _add_error(form, error: ValidationError) -> None:
    """Put a service's ValidationError next to the form field it names, else above the form."""
    if hasattr(error, "error_dict"):
        for name, errors in error.error_dict.items():
            form.add_error(name if name in form.fields else None, errors)
    else:
        form.add_error(None, error)


def _save(request, evening, form, make_form, call):
    """Run a service call; on failure return the form to show again with the user's input.

    When someone else saved the evening meanwhile, the form comes back with the current
    version, so saving again is a deliberate decision to overwrite.
    """
    try:
        call()
    except services.EveningChanged as error:
        data = request.POST.copy()
        current = Evening.objects.filter(pk=evening.pk).values_list("version", flat=True)
        data["version"] = current.first() or data.get("version", "")
        form = make_form(data)
        form.is_valid()
        form.add_error(None, error)
        return form
    except ValidationError as error:
        _add_error(form, error)
        return form
    return None


def _initial_from_last_evening():
    last = Evening.objects.first()
    initial = {"date": timezone.localdate()}
    if last is not None:
        initial.update({name: getattr(last, name) for name in CARRIED_OVER})
    return initial


@login_required
@permission_required(PERMISSION, raise_exception=True)
def evening_new(request):
    """A new evening in one form, prefilled from the last evening."""
    if request.method == "POST":
        form = EveningForm(request.POST)
        if form.is_valid():
            try:
                evening = services.create_evening(
                    players=list(form.cleaned_data["players"]),
                    new_names=form.cleaned_data["new_players"],
                    **form.details(),
                )
            except ValidationError as error:
                _add_error(form, error)
            else:
                messages.success(request, _("Evening created. Enter the points as you play."))
                return redirect("scorekeeping:evening_points", pk=evening.pk)
    else:
        form = EveningForm(initial=_initial_from_last_evening())
    return render(request, "scorekeeping/evening_form.html", {"form": form, "evening": None})


@login_required
@permission_required(PERMISSION, raise_exception=True)
def evening_edit(request, pk):
    """Correct an evening's details and players."""
    evening = _evening(pk)
    seats = list(evening.players.all())

    make_form = partial(
        EveningForm,
        instance=evening,
        with_version=True,
        initial={"players": [seat.player for seat in seats], "version": evening.version},
    )

    form = make_form(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        failed = _save(
            request,
            evening,
            form,
            make_form,
            lambda: services.update_evening(
                evening,
                form.cleaned_data["version"],
                players=list(form.cleaned_data["players"]),
                new_names=form.cleaned_data["new_players"],
                **form.details(),
            ),
        )
        if failed is None:
            messages.success(request, _("Evening saved."))
            _tell_what_the_correction_undid(request, evening)
            return redirect(evening)
        form = failed
    return render(request, "scorekeeping/evening_form.html", {"form": form, "evening": evening})


def _tell_what_the_correction_undid(request, before) -> None:
    """Say so when a changed field took the evening out of the tables or cleared its prizes."""
    after = Evening.objects.get(pk=before.pk)
    if before.status == Status.FINISHED and after.status != Status.FINISHED:
        messages.warning(
            request,
            _(
                "The result is incomplete now, so the evening is in progress again: complete it "
                "on the points page to bring it back into the tables."
            ),
        )
    if before.pot is not None and after.pot is None:
        messages.warning(
            request, _("The players changed, so the prize money was cleared: set it again.")
        )


def _tell_shared_places(request, evening) -> None:
    """Name the players who share a place, so the scorekeeper can record a decision from
    the table (the points page shows its control once the tie is saved)."""
    for place, names in services.shared_places(evening):
        messages.info(
            request,
            _(
                "%(names)s share place %(place)s. If the table decided the order, record it "
                "under “Decided at the table” on the points page."
            )
            % {"names": ", ".join(names), "place": place},
        )


@login_required
@permission_required(PERMISSION, raise_exception=True)
def evening_points(request, pk):
    """The points grid: players down, rounds across; save a round at a time or finish."""
    evening = _evening(pk)
    seats = list(evening.players.all())
    scores = {
        (score.evening_player_id, score.round_number): score
        for score in RoundScore.objects.filter(evening_player__evening=evening)
    }

    make_form = partial(
        PointsGridForm,
        evening=evening,
        seats=seats,
        scores=scores,
        hand_rounds=table_queries.hand_rounds(evening),
    )

    form = make_form(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        finishing = form.finishing
        failed = _save(
            request,
            evening,
            form,
            make_form,
            lambda: services.save_points_grid(
                evening,
                form.cleaned_data["version"],
                form.points(),
                form.tables(),
                finish=finishing,
                tie_breaks=form.tie_breaks(),
            ),
        )
        if failed is None:
            _tell_shared_places(request, evening)
            if finishing:
                messages.success(request, _("Evening finished. Check the prize money."))
                return redirect("scorekeeping:evening_prizes", pk=pk)
            messages.success(request, _("Points saved."))
            return redirect(evening)
        form = failed
    return render(request, "scorekeeping/points.html", {"form": form, "evening": evening})


@login_required
@permission_required(PERMISSION, raise_exception=True)
def evening_order(request, pk):
    """Enter or correct an evening as a plain finishing order (nobody kept points)."""
    evening = _evening(pk)
    seats = list(evening.players.all())

    make_form = partial(FinishingOrderForm, evening=evening, seats=seats)

    form = make_form(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        failed = _save(
            request,
            evening,
            form,
            make_form,
            lambda: services.save_finishing_order(
                evening, form.cleaned_data["version"], form.places()
            ),
        )
        if failed is None:
            messages.success(request, _("Finishing order saved."))
            return redirect(evening)
        form = failed
    return render(request, "scorekeeping/order.html", {"form": form, "evening": evening})


@login_required
@permission_required(PERMISSION, raise_exception=True)
def evening_prizes(request, pk):
    """The pot and the payout per place, prefilled from the league's default split."""
    evening = _evening(pk)
    seats = list(evening.players.all())
    if any(seat.place is None for seat in seats):
        messages.error(request, _("Prize money needs a place for every player first."))
        return redirect(evening)

    make_form = partial(PrizesForm, evening=evening, seats=seats)

    form = make_form(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        failed = _save(
            request,
            evening,
            form,
            make_form,
            lambda: services.set_prizes(
                evening, form.cleaned_data["version"], form.cleaned_data["pot"], form.payouts()
            ),
        )
        if failed is None:
            messages.success(request, _("Prize money saved."))
            return redirect(evening)
        form = failed
    return render(request, "scorekeeping/prizes.html", {"form": form, "evening": evening})


@login_required
@permission_required(PERMISSION, raise_exception=True)
def evening_delete(request, pk):
    """Ask before deleting an evening (GET), delete it (POST); it can be restored."""
    evening = _evening(pk)
    form = ConfirmForm(request.POST or None, initial={"version": evening.version})
    if request.method == "POST" and form.is_valid():
        try:
            services.delete_evening(evening, form.cleaned_data["version"])
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Evening deleted. You can restore it from this list."))
            return redirect("scorekeeping:deleted")
    return render(request, "scorekeeping/delete.html", {"form": form, "evening": evening})


@login_required
@permission_required(PERMISSION, raise_exception=True)
def deleted_list(request):
    """Deleted evenings, newest first, each with a button to restore it."""
    return render(request, "scorekeeping/deleted.html", {"deleted": services.deleted_evenings()})


@require_POST
@login_required
@permission_required(PERMISSION, raise_exception=True)
def evening_restore(request, pk):
    """Bring a deleted evening back with its players and points."""
    try:
        evening = services.restore_evening(pk)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return redirect("scorekeeping:deleted")
    messages.success(request, _("Evening restored."))
    return redirect(evening)
