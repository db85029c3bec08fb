"""Finishing an evening as a step one sees: a page that says what finishing does and what is
still missing, one button; and the undo while nobody has changed the evening since."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ofcleague.league import services
from ofcleague.league.models import ENTER_RESULTS, Evening, Status
from ofcleague.results.forms import ConfirmForm


def _version(request, evening) -> int:
    posted = request.POST.get("version", "")
    ok = posted.isascii() and posted.isdigit() and len(posted) <= 18
    return int(posted) if ok else evening.version


@login_required
@permission_required(ENTER_RESULTS, raise_exception=True)
def evening_finish(request, pk):
    """GET: what finishing does and what is missing; POST: finish the evening."""
    evening = get_object_or_404(Evening, pk=pk)
    if request.method == "POST":
        try:
            services.finish_evening(evening, _version(request, evening))
        except ValidationError as error:
            for message in error.messages:
                messages.error(request, message)
            return redirect("results:evening_finish", pk=pk)
        messages.success(
            request,
            _(
                "The evening is finished. Made a mistake? “Undo finishing” on this page puts "
                "it back, as long as nobody changes anything."
            ),
        )
        return redirect(evening)
    if evening.status == Status.FINISHED:
        return redirect(evening)
    context = {
        "evening": evening,
        "problems": services.finish_problems(evening),
        "form": ConfirmForm(initial={"version": evening.version}),
    }
    return render(request, "results/finish.html", context)


@require_POST
@login_required
@permission_required(ENTER_RESULTS, raise_exception=True)
def evening_finish_undo(request, pk):
    """Put the evening back as it was before its finish (in progress)."""
    evening = get_object_or_404(Evening, pk=pk)
    try:
        services.undo_finish(evening, _version(request, evening))
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(
            request, _("The finish is undone: the evening is in progress again, as before.")
        )
    return redirect(evening)
