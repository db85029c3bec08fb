"""Bringing a league's history in, and taking it out: the import (a file or pasted text, the
columns where they are not recognised, the preview, the confirmed import and its undo) and
the export of the whole history as CSV or Excel, in the form the import reads.

Until the import is confirmed nothing is written: what was given is kept in the session
(per league), and every step reads it again from there.
"""

from __future__ import annotations

import base64
import uuid

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods, require_POST

from ofcleague.imports.bounds import EVENINGS_PER_PAGE, ROWS_IN_REQUEST
from ofcleague.imports.export import export_csv, export_xlsx
from ofcleague.imports.steps import needs_mapping
from ofcleague.imports.table_file import guess_columns, unrecognised
from ofcleague.league.batches import ImportBatch
from ofcleague.league.choices import Variant
from ofcleague.league.roles import owner_only
from ofcleague.league.services.importing import import_batches, import_evenings
from ofcleague.members.import_forms import BoundedUploadHandler, ColumnsForm, SourceForm
from ofcleague.members.import_tasks import checked_input, start_import, start_undo
from ofcleague.members.league_history import league_history
from ofcleague.members.models import ImportJob
from ofcleague.web import converters  # noqa: F401 (registers <id:...>)

#: How many problems the preview lists at its top (each evening shows its own).
PROBLEMS_SHOWN = 50


def _key(request) -> str:
    return f"import-{request.league.pk}"


def _state(request) -> dict | None:
    state = request.session.get(_key(request))
    if not isinstance(state, dict) or "source" not in state:
        return None
    return state if isinstance(state.get("text"), str) or "data" in state else None


def _save(request, state: dict) -> None:
    request.session[_key(request)] = state


def _file(state) -> tuple[bytes, str]:
    return base64.b64decode(state.get("data") or ""), state.get("source") or ""


def _start_page(request, form, status=200):
    context = {"league": request.league, "form": form, "batches": import_batches(request.league)}
    return render(request, "members/import_start.html", context, status=status)


@csrf_exempt  # checked below, once the upload handler is in place (Django's way to set one)
def import_start(request):
    request.upload_handlers = [BoundedUploadHandler(request)]
    return _import_start(request)


@csrf_protect
@owner_only
@require_http_methods(["GET", "POST"])
def _import_start(request):
    if request.method == "GET":
        state = _state(request) or {}
        return _start_page(request, SourceForm(initial={"text": state.get("text", "")}))
    form = SourceForm(request.POST, request.FILES)
    if not form.is_valid():
        return _start_page(request, form)
    data = form.cleaned_data
    if data.get("content") is not None:
        content, name = data["content"], data["filename"]
        state = {"source": name, "data": base64.b64encode(content).decode("ascii")}
        state.update(mapping=None, names={}, token=uuid.uuid4().hex)
        _save(request, state)
        if needs_mapping(content, name, None):
            return redirect("leagueadmin:import_columns")
    else:
        state = {"source": _("pasted text"), "text": data["text"], "names": {}}
        _save(request, {**state, "token": uuid.uuid4().hex})
    return redirect("leagueadmin:import_preview")


@owner_only
@require_http_methods(["GET", "POST"])
def import_columns(request):
    state = _state(request)
    if state is None or "data" not in state:
        return redirect("leagueadmin:import")
    data, name = _file(state)
    guess = guess_columns(data, name, state.get("mapping"))
    unknown = unrecognised(guess_columns(data, name))
    form = ColumnsForm(
        request.POST or None, headers=guess.headers, fields=guess.fields, unrecognised=unknown
    )
    if request.method == "POST" and form.is_valid():
        state["mapping"] = form.mapping()
        _save(request, state)
        return redirect("leagueadmin:import_preview")
    context = {"league": request.league, "form": form, "source": name, "unrecognised": unknown}
    return render(request, "members/import_columns.html", context)


def _names_from(request, checked) -> dict[str, str]:
    """The "did you mean" answers posted: a known player's name, or "" (a new player)."""
    answers = {}
    for index, (name, near) in enumerate(checked.near):
        answer = request.POST.get(f"name_{index}", "")
        answers[name] = answer if answer in near else ""
    return answers


@owner_only
@require_http_methods(["GET", "POST"])
def import_preview(request):
    state = _state(request)
    if state is None:
        return redirect("leagueadmin:import")
    checked = checked_input(state)
    if request.method == "POST":
        state["names"] = _names_from(request, checked)
        _save(request, state)
        checked = checked_input(state)
        if request.POST.get("action") == "confirm":
            return _confirm(request, state, checked) or _preview_page(request, state, checked)
    return _preview_page(request, state, checked)


def _confirm(request, state, checked):
    """Store the import (a long one by a task): the page to go to, or None (the messages
    say why not)."""
    if checked.rows > ROWS_IN_REQUEST and checked.preview.ok and checked.preview.evenings:
        job = start_import(request.league, request.user, state, checked)
        request.session.pop(_key(request), None)
        return redirect("leagueadmin:import_job", pk=job.pk)
    try:
        batch = import_evenings(
            request.league, checked.preview, request.user,
            source_name=state["source"], token=state.get("token", ""),
        )  # fmt: skip
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return None
    request.session.pop(_key(request), None)
    messages.success(request, _("The import is stored."))
    return redirect("leagueadmin:import_batch", pk=batch.pk)


def _preview_page(request, state, checked):
    """The summary, the first problems and one page of the evenings (``?page=N``)."""
    labels = dict(Variant.choices)
    page = Paginator(checked.evenings(), EVENINGS_PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "league": request.league,
        "checked": checked,
        "page": page,
        "evenings": [
            (evening, problems, labels.get(evening.variant, evening.variant))
            for evening, problems in page.object_list
        ],
        "problems": checked.preview.problems[:PROBLEMS_SHOWN],
        "more_problems": max(len(checked.preview.problems) - PROBLEMS_SHOWN, 0),
        "in_background": checked.rows > ROWS_IN_REQUEST,
        "source": state["source"],
        "is_file": "data" in state,
        "names": state.get("names") or {},
    }
    return render(request, "members/import_preview.html", context)


@owner_only
def import_batch(request, pk):
    batch = get_object_or_404(ImportBatch, pk=pk, league=request.league)
    evenings = batch.evenings.order_by("date", "start_time")
    context = {"league": request.league, "batch": batch, "evenings": evenings}
    return render(request, "members/import_batch.html", context)


@owner_only
@require_POST
def import_undo(request, pk):
    batch = get_object_or_404(ImportBatch, pk=pk, league=request.league)
    if batch.undone_at is not None:
        messages.error(request, _("This import was undone already."))
        return redirect("leagueadmin:import")
    job = start_undo(batch, request.user)
    return redirect("leagueadmin:import_job", pk=job.pk)


@owner_only
def import_job(request, pk):
    """How far a long import or an undo is; the result and where to go once it is done."""
    job = get_object_or_404(ImportJob.objects.select_related("batch"), pk=pk, league=request.league)
    context = {"league": request.league, "job": job, "steps": ImportJob.STEPS}
    return render(request, "members/import_job.html", context)


@owner_only
def export_page(request):
    kind = request.GET.get("format")
    if kind not in ("csv", "xlsx"):
        return render(request, "members/export.html", {"league": request.league})
    league = request.league
    evenings = league_history(league)
    stem = f"{slugify(league.slug)}-{timezone.localdate():%Y-%m-%d}"
    # In the league's language (headings, dates, decimals), whoever downloads it.
    if kind == "csv":
        response = HttpResponse(
            "\ufeff" + export_csv(evenings, league.language), content_type="text/csv; charset=utf-8"
        )
    else:
        response = HttpResponse(
            export_xlsx(evenings, league.language, title=league.name),
            content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        )
    response["Content-Disposition"] = f'attachment; filename="{stem}.{kind}"'
    return response


urlpatterns = [
    path("import/", import_start, name="import"),
    path("import/columns/", import_columns, name="import_columns"),
    path("import/preview/", import_preview, name="import_preview"),
    path("import/<id:pk>/", import_batch, name="import_batch"),
    path("import/<id:pk>/undo/", import_undo, name="import_undo"),
    path("import/job/<id:pk>/", import_job, name="import_job"),
    path("export/", export_page, name="export"),
]
