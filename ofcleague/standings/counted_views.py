"""The pages of the league's own seasons (issue 42): the owner's settings of its points
systems and season windows, and a window's table for everybody (or its CSV).

The settings pages write only on POST, through the services of ``counted/services.py``; a
refusal shows by its field with the input kept. A window's table is a cached page like the
other standings pages: its kept rows change inside league writes, which renew the version.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from ofcleague.league.roles import owner_only
from ofcleague.standings.counted import reads, services
from ofcleague.standings.counted.models import PointsSystem, SeasonWindow
from ofcleague.standings.counted_forms import PointsSystemForm, SeasonWindowForm
from ofcleague.web.cache import cached_page
from ofcleague.web.export import CSV, EXPORT, csv_response, wants_csv
from ofcleague.web.form_errors import add_service_errors

SYSTEM = "system"
SETTINGS = "standings:counted_settings"
#: The prefixes of the settings page's two add forms (one page, two forms).
SYSTEM_PREFIX, WINDOW_PREFIX = "system", "window"
#: What each kind of thing is: its model, form, save and delete services and templates' words.
KINDS = {
    "system": (PointsSystem, PointsSystemForm, services.save_points_system,
               services.delete_points_system),
    "window": (SeasonWindow, SeasonWindowForm, services.save_season_window,
               services.delete_season_window),
}  # fmt: skip


def _saved(request, kind: str, form, pk=None) -> bool:
    """Save the valid ``form`` through the kind's service; a refusal lands on the form."""
    _model, _form, save, _delete = KINDS[kind]
    try:
        thing = save(request.user, request.league, pk=pk, **form.service_fields())
    except ValidationError as error:
        add_service_errors(form, error)
        return False
    messages.success(request, _("“%(name)s” is saved.") % {"name": thing.name})
    return True


@owner_only
def counted_settings(request):
    """The owner's page: the league's points systems and seasons, and a form to add each."""
    system_form = PointsSystemForm(prefix=SYSTEM_PREFIX, initial={"share_ties": True})
    window_form = SeasonWindowForm(prefix=WINDOW_PREFIX)
    if request.method == "POST":
        # Each form says which it is (a hidden field): Enter in a field sends its own form.
        kind = request.POST.get("form")
        kind = kind if kind in KINDS else SYSTEM_PREFIX
        form_class = KINDS[kind][1]
        posted = form_class(request.POST, prefix=kind)
        if posted.is_valid() and _saved(request, kind, posted):
            return redirect(SETTINGS)
        if kind == SYSTEM_PREFIX:
            system_form = posted
        else:
            window_form = posted
    context = {
        "systems": reads.systems(),
        "windows": reads.windows(),
        "system_form": system_form,
        "window_form": window_form,
        "today": timezone.localdate(),
    }
    return render(request, "standings/counted_settings.html", context)


def _one(kind: str, pk: int):
    """The league's system or window ``pk`` (404 when the league has none of that id)."""
    return get_object_or_404(KINDS[kind][0], pk=pk)


@owner_only
def counted_edit(request, kind: str, pk: int):
    """Change one points system or season window."""
    thing = _one(kind, pk)
    form_class = KINDS[kind][1]
    form = form_class(request.POST or None, initial=form_class.initial_of(thing))  # type: ignore[attr-defined]
    if request.method == "POST" and form.is_valid():
        try:
            if _saved(request, kind, form, pk=thing.pk):
                return redirect(SETTINGS)
        except ObjectDoesNotExist as gone:  # deleted meanwhile
            raise Http404(_("It was deleted meanwhile.")) from gone
    return render(
        request, "standings/counted_edit.html", {"form": form, "thing": thing, "kind": kind}
    )


@owner_only
def counted_delete(request, kind: str, pk: int):
    """Ask before deleting a points system or season window (GET), delete it (POST)."""
    thing = _one(kind, pk)
    if request.method == "POST":
        try:
            KINDS[kind][3](request.user, request.league, thing.pk)
        except ValidationError as error:
            for message in error.messages:
                messages.error(request, message)
        except ObjectDoesNotExist:
            pass  # somebody deleted it first: it is gone either way
        else:
            messages.success(request, _("“%(name)s” is deleted.") % {"name": thing.name})
        return redirect(SETTINGS)
    return render(request, "standings/counted_delete.html", {"thing": thing, "kind": kind})


def _other_system(values, _view_kwargs):
    """The ``system`` parameter: the id of one of the league's systems other than the main
    one (the page without it shows the main table); anything else is the main table."""
    value = values[-1]
    if not (value.isascii() and value.isdigit() and len(value) <= 18):
        return None
    return value if PointsSystem.objects.filter(pk=int(value), main=False).exists() else None


class WindowCsv:
    """A window's table as ``csv_response`` writes it (headings in the CSV's language)."""

    def __init__(self, lines):
        self.lines = lines

    def as_values(self):
        yield [_("Place"), _("Player"), _("Points"), _("Evenings counted"),
               _("Evenings played"), pgettext("a column: yes or no", "Ranked")]  # fmt: skip
        for line in self.lines:
            ranked = _("yes") if line.ranked else _("no")
            yield [line.place, line.player_name, line.points, line.counted, line.played, ranked]


# A season turns final after its last day: the league's date is part of the page's identity.
@cached_page(params={SYSTEM: _other_system, EXPORT: CSV}, by_day=True)
def window_page(request, window: int):
    """A season window's table under the main points system or another (or as CSV): the
    ranked players with shared places, then those short of the minimum below a line."""
    found = SeasonWindow.objects.filter(pk=window).first()
    if found is None:
        raise Http404(_("No such season."))
    all_systems = reads.systems()
    asked = request.GET.get(SYSTEM)
    system = next((s for s in all_systems if str(s.pk) == asked), None) or next(
        iter(all_systems), None
    )
    lines = reads.window_table(found, system) if system else []
    if wants_csv(request):
        name = slugify(found.name) or str(found.pk)
        return csv_response(WindowCsv(lines), f"season-{name}", request.league.language)
    context = {
        "window": found,
        "system": system,
        "systems": all_systems,
        "ranked": [line for line in lines if line.ranked],
        "unranked": [line for line in lines if not line.ranked],
        "closed": reads.is_closed(found, timezone.localdate()),
    }
    return render(request, "standings/counted_window.html", context)
