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
from ofcleague.league.current import current_league_pk
from ofcleague.league.models import ENTER_RESULTS, Evening, EveningPlayer, RoundScore, Status
from ofcleague.league.rule_set import evening_rule_set
from ofcleague.league.services.starting import seating_rule
from ofcleague.league.services.version import evening_of_form
from ofcleague.results.forms import ConfirmForm, EveningForm, FinishingOrderForm, PrizesForm
from ofcleague.results.grid import PointsGridForm
from ofcleague.results.merge import merge_saved
from ofcleague.table import evening as table_evening
from ofcleague.table import queries as table_queries
from ofcleague.web.form_errors import add_service_errors
from ofcleague.web.stale import merged_form, read_before

PERMISSION = ENTER_RESULTS
# The fields a new evening takes from its league's defaults (the league's settings page).
LEAGUE_DEFAULTS = ("buy_in", "rounds", "hands_per_round", "variant", "start_time", "rule_set")


def _evening(pk):
    seats = EveningPlayer.objects.select_related("player").order_by("player__name")
    return get_object_or_404(
        Evening.objects.prefetch_related(Prefetch("seats", queryset=seats)), pk=pk
    )


def _changed_meanwhile(request, evening, make_form, error):
    """The points grid again after someone else saved the evening: with the current version,
    so saving again is a deliberate decision (the grid merges its cells with what is saved,
    ``merge.py``, and says what it did). The other forms merge field by field
    (``web/stale.py``, :func:`_form_page`)."""
    data = request.POST.copy()
    current = Evening.objects.filter(pk=evening.pk).values_list("version", flat=True)
    data["version"] = current.first() or data.get("version", "")
    form = make_form(data)
    form.is_valid()
    merge_message = getattr(form, "merge_message", None)
    form.add_error(None, merge_message() if merge_message else error)
    return form


def _save(form, call, again):
    """Run a service call; on failure return the form to show again with the user's input
    (``again()``: the form after someone else saved the evening meanwhile)."""
    try:
        call()
    except services.EveningChanged:
        return again()
    except ValidationError as error:
        add_service_errors(form, error)
        return form
    return None


def _form_page(request, evening, make_form, write, template, saved, then=None):
    """A scorekeeper's form for one evening: a valid POST is written by ``write(form)`` (one
    service call); then the page says ``saved``, runs ``then()`` if given and goes back to
    the evening. Otherwise, or when the write is refused, the form shows again."""
    form = make_form(request.POST if request.method == "POST" else None)
    again = partial(merged_form, request.POST, make_form)
    if read_before(request, evening.version):
        # A page from before someone else's save: merge first, whatever else is wrong.
        form = again()
    elif request.method == "POST" and form.is_valid():
        failed = _save(form, partial(write, form), again)
        if failed is None:
            messages.success(request, saved)
            if then is not None:
                then()
            return redirect(evening)
        form = failed
    return render(request, template, {"form": form, "evening": evening})


def _initial_from_league(league):
    initial = {"date": timezone.localdate()}
    if league is not None:
        initial.update({name: getattr(league, name) for name in LEAGUE_DEFAULTS})
    return initial


def sent_again(request, evening):
    """The same "new evening" or "announce" form sent twice: the evening its first send made."""
    messages.info(request, _("This form was sent already: here is the evening it made."))
    if evening.status == Status.IN_PROGRESS:
        return redirect("results:evening_points", pk=evening.pk)
    return redirect(evening)


@login_required
@permission_required(PERMISSION, raise_exception=True)
def evening_new(request):
    """A new evening in one form, prefilled with the league's defaults."""
    if request.method == "POST":
        form = EveningForm(request.POST)
        if form.is_valid():
            key = form.cleaned_data["submit_key"]
            earlier = evening_of_form(current_league_pk(), key)
            if earlier is not None:
                return sent_again(request, earlier)
            try:
                evening = services.create_evening(
                    players=list(form.cleaned_data["players"]),
                    new_names=form.cleaned_data["new_players"],
                    submit_key=key,
                    **form.details(),
                )
            except ValidationError as error:
                add_service_errors(form, error)
            else:
                messages.success(request, _("Evening created. Enter the points as you play."))
                return redirect("results:evening_points", pk=evening.pk)
    else:
        form = EveningForm(initial=_initial_from_league(getattr(request, "league", None)))
    return render(request, "results/evening_form.html", {"form": form, "evening": None})


@login_required
@permission_required(PERMISSION, raise_exception=True)
def evening_edit(request, pk):
    """Correct an evening's details and players."""
    evening = _evening(pk)

    def make_form(data):
        # Read again at every call: after someone else's save it shows what is stored now.
        stored = _evening(pk)
        seats = list(stored.seats.all())
        initial = {"players": [seat.player for seat in seats], "version": stored.version}
        return EveningForm(data, instance=stored, with_version=True, initial=initial)

    return _form_page(
        request,
        evening,
        make_form,
        lambda form: table_evening.update_evening(
            evening,
            form.cleaned_data["version"],
            players=list(form.cleaned_data["players"]),
            new_names=form.cleaned_data["new_players"],
            **form.details(),
        ),
        "results/evening_form.html",
        _("Evening saved."),
        then=partial(_tell_what_the_correction_undid, request, evening),
    )


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


def _scores(evening) -> dict:
    return {
        (score.evening_player_id, score.round_number): score
        for score in RoundScore.objects.filter(evening_player__evening=evening)
    }


def _merged_points_form(pk, data):
    """The points form after "changed meanwhile": the posted grid merged with what is saved."""
    evening = _evening(pk)
    seats, scores = list(evening.seats.all()), _scores(evening)
    hand_rounds = table_queries.hand_rounds(evening)
    merged, merge = merge_saved(data, seats, evening.rounds, scores, hand_rounds)
    return PointsGridForm(
        merged,
        evening=evening,
        seats=seats,
        scores=scores,
        merge=merge,
        hand_rounds=hand_rounds,
    )


def _round_saved(form) -> str:
    """The short confirmation after saving rounds of an evening still being played."""
    rounds = form.rounds()
    done = [entry.number for entry in rounds if entry.complete]
    waiting = [entry.number for entry in rounds if not entry.complete]
    if done and waiting:
        return _("Round %(round)s saved. On to round %(next)s.") % {
            "round": max(done),
            "next": waiting[0],
        }
    return _("Points saved.")


@login_required
@permission_required(PERMISSION, raise_exception=True)
def evening_points(request, pk):
    """The points grid, a round at a time: saving stays here until the evening is finished.

    The main button finishes the evening once every round is in (prize money by the
    league's default split); "finish_prizes" finishes it and leads to the prize page.
    """
    evening = _evening(pk)
    seats = list(evening.seats.all())
    form = PointsGridForm(
        request.POST if request.method == "POST" else None,
        evening=evening,
        seats=seats,
        scores=_scores(evening),
        hand_rounds=table_queries.hand_rounds(evening),
    )
    merged = partial(_merged_points_form, pk)
    if read_before(request, evening.version):
        # A page from before someone else's save: merge first, whatever else is wrong.
        form = _changed_meanwhile(request, evening, merged, services.EveningChanged())
    elif request.method == "POST" and form.is_valid():
        finishing, default_prizes = form.finishing, form.default_prizes
        arguments = (evening, form.cleaned_data["version"], form.points(), form.tables())
        tie_breaks = form.tie_breaks()
        if default_prizes:
            call = partial(
                table_evening.finish_with_default_prizes, *arguments, tie_breaks=tie_breaks
            )
        else:
            call = partial(
                table_evening.save_points_grid, *arguments, finish=finishing, tie_breaks=tie_breaks
            )
        again = partial(_changed_meanwhile, request, evening, merged, services.EveningChanged())
        failed = _save(form, call, again)
        if failed is None:
            if form.complete():
                _tell_shared_places(request, evening)
            if default_prizes:
                messages.success(
                    request,
                    _(
                        "Evening finished. The prize money follows the league's usual split; "
                        "change it under “Prize money” if the table agreed otherwise."
                    ),
                )
                return redirect(evening)
            if finishing:
                messages.success(request, _("Evening finished. Check the prize money."))
                return redirect("results:evening_prizes", pk=pk)
            if evening.status == Status.FINISHED:
                messages.success(request, _("Points saved."))
                return redirect(evening)
            messages.success(request, _round_saved(form))
            return redirect("results:evening_points", pk=pk)
        form = failed
    # The rounds seated on the pad, with their hands: without any they can go back to totals.
    seated = table_queries.hands_by_round(evening)
    context = {"form": form, "evening": evening, "seated_rounds": seated}
    context["seating_rule"] = seating_rule(evening_rule_set(evening), len(seats))
    return render(request, "results/points.html", context)


@login_required
@permission_required(PERMISSION, raise_exception=True)
def evening_order(request, pk):
    """Enter or correct an evening as a plain finishing order (nobody kept points)."""
    evening = _evening(pk)

    def make_form(data):
        stored = _evening(pk)
        return FinishingOrderForm(data, evening=stored, seats=list(stored.seats.all()))

    return _form_page(
        request,
        evening,
        make_form,
        lambda form: services.save_finishing_order(
            evening, form.cleaned_data["version"], form.places()
        ),
        "results/order.html",
        _("Finishing order saved."),
    )


@login_required
@permission_required(PERMISSION, raise_exception=True)
def evening_prizes(request, pk):
    """The pot and the payout per place, prefilled from the league's default split."""
    evening = _evening(pk)
    seats = list(evening.seats.all())
    if any(seat.place is None for seat in seats):
        messages.error(request, _("Prize money needs a place for every player first."))
        return redirect(evening)

    def make_form(data):
        stored = _evening(pk)
        return PrizesForm(data, evening=stored, seats=list(stored.seats.all()))

    return _form_page(
        request,
        evening,
        make_form,
        lambda form: services.set_prizes(
            evening, form.cleaned_data["version"], form.cleaned_data["pot"], form.payouts()
        ),
        "results/prizes.html",
        _("Prize money saved."),
    )


@login_required
@permission_required(PERMISSION, raise_exception=True)
def evening_delete(request, pk):
    """Ask before deleting an evening (GET), delete it (POST); it can be restored."""
    evening = _evening(pk)
    form = ConfirmForm(request.POST or None, initial={"version": evening.version})
    if request.method == "POST" and form.is_valid():
        try:
            table_evening.delete_evening(evening, form.cleaned_data["version"])
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Evening deleted. You can restore it from this list."))
            return redirect("results:deleted")
    return render(request, "results/delete.html", {"form": form, "evening": evening})


@login_required
@permission_required(PERMISSION, raise_exception=True)
def deleted_list(request):
    """Deleted evenings, newest first, each with a button to restore it."""
    return render(request, "results/deleted.html", {"deleted": services.deleted_evenings()})


@require_POST
@login_required
@permission_required(PERMISSION, raise_exception=True)
def evening_restore(request, pk):
    """Bring a deleted evening back with its players and points."""
    try:
        evening = table_evening.restore_evening(pk)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return redirect("results:deleted")
    messages.success(request, _("Evening restored."))
    return redirect(evening)
