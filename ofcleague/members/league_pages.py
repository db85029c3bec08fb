"""The pages of running a league in the site: starting one, its settings, its players,
downloading its backup, deleting it. Starting a league is a page of the site
(``/leagues/new/``); the others live under the league (``/<league>/settings/``,
``/<league>/players/manage/``, ``/<league>/backup/``, ``/<league>/delete/``) and only its
owner (or a superuser) reaches them.
"""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import include, path
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_safe

from ofcleague.backup.backup_tasks import KEEP, latest_backup, ready_backup, request_backup
from ofcleague.league.leagues import League
from ofcleague.league.models import Player
from ofcleague.league.roles import owner_only
from ofcleague.league.services import leagues as services
from ofcleague.league.services.adding import add_players, asked_names, set_address
from ofcleague.members.accounts import may_start_league
from ofcleague.members.league_forms import (
    AddPlayersForm,
    AddressForm,
    DeleteLeagueForm,
    LeagueForm,
    MergeForm,
    RenameForm,
)
from ofcleague.web.form_errors import add_service_errors
from ofcleague.web.stale import merged_form, shown_is_stored

app_name = "leagueadmin"


@login_required
def league_new(request):
    """Start a league: its name and address first, its defaults below."""
    if not may_start_league(request.user):
        messages.error(request, _("Confirm your e-mail address first: we sent you a link."))
        return redirect("account_email")
    # A founder who never touches the language gets the one this page speaks to them.
    form = LeagueForm(request.POST or None, initial={"language": request.LANGUAGE_CODE[:2]})
    if request.method == "POST" and form.is_valid():
        values = form.settings()
        try:
            league = services.start_league(request.user, values.pop("name"), **values)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(
                request,
                _("The league %(name)s is started. Enter its first evening when you play.")
                % {"name": league.name},
            )
            return redirect(f"/{league.slug}/")
    return render(request, "members/league_new.html", {"form": form})


def _settings_form(pk, data) -> LeagueForm:
    """The settings form of league ``pk`` as stored now, bound to ``data`` if given."""
    league = League.objects.get(pk=pk)
    return LeagueForm.for_league(league, services.prize_split(league), data)


@owner_only
def league_settings(request):
    league = request.league
    make_form = partial(_settings_form, league.pk)
    form = make_form(request.POST or None)
    if request.method == "POST" and not shown_is_stored(form, make_form(None)):
        # Another owner saved the settings after this page was read: merge, say so.
        form = merged_form(request.POST, make_form)
    elif request.method == "POST" and form.is_valid():
        try:
            league = services.change_league(request.user, league, **form.settings())
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("The league's settings are saved."))
            return redirect(f"/{league.slug}/settings/")
    return render(request, "members/league_settings.html", {"form": form, "league": league})


def _players():
    return Player.objects.order_by("name")


def _rename(request, league):
    form = RenameForm(request.POST, players=_players(), prefix="rename")
    if form.is_valid():
        data = form.cleaned_data
        old = data["player"].name
        asked = form.renamed_meanwhile(data["player"])
        if asked:
            # Asked, with the names as they are now: saving again is the decision.
            posted = request.POST.copy()
            posted[form.add_prefix("names_read")] = form.fields["names_read"].initial
            form = RenameForm(posted, players=_players(), prefix="rename")
            form.is_valid()
            form.add_error("name", asked)
            return form
        try:
            services.rename_player(
                league, data["player"], data["name"], confirm_similar=data["confirm_similar"]
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(
                request,
                _("%(old)s is now called %(new)s.") % {"old": old, "new": data["player"].name},
            )
            return None
    return form


def _merge(request, league):
    """The merge: first its preview (what moves, what forbids it), then, confirmed, done."""
    form = MergeForm(request.POST, players=_players(), prefix="merge")
    preview = None
    if form.is_valid():
        keep, merge = form.cleaned_data["keep"], form.cleaned_data["merge"]
        preview = services.merge_preview(league, keep, merge)
        if form.cleaned_data["confirmed"] == f"{merge.pk}:{keep.pk}" and preview.possible:
            try:
                services.merge_players(league, keep, merge, request.user)
            except ValidationError as error:
                add_service_errors(form, error)
            else:
                messages.success(
                    request,
                    _("%(merge)s is merged into %(keep)s.")
                    % {"merge": merge.name, "keep": keep.name},
                )
                return None, None
    return form, preview


def _add(request, league):
    """Add the pasted players; the form again with every bad line named, else ``None``."""
    form = AddPlayersForm(request.POST, prefix="add")
    if form.is_valid():
        try:
            added = add_players(
                league, request.user, form.cleaned_data["names"], confirmed=form.confirmed()
            )
        except ValidationError as error:
            for message in error.messages:
                form.add_error("names", message)
            asked = asked_names(error)
            # Asked again with exactly the names now in question; the tick starts unticked.
            form.data = form.data.copy()
            form.data["add-asked"] = "\n".join(asked)
            form.data.pop("add-confirm_near", None)
            form.asking = bool(asked)
        else:
            messages.success(request, _added_message(added))
            return None
    return form


def _address(request, league):
    """Set or remove a player's address; the form again with its problem, else ``None``."""
    form = AddressForm(request.POST, players=_players(), prefix="address")
    if form.is_valid():
        player, email = form.cleaned_data["player"], form.cleaned_data["email"]
        try:
            set_address(league, request.user, player, email)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            message = (
                _("%(name)s's mails go to %(email)s.") % {"name": player.name, "email": email}
                if player.email
                else _("%(name)s has no address any more.") % {"name": player.name}
            )
            messages.success(request, message)
            return None
    return form


def _added_message(added) -> str:
    names = ", ".join(player.name for player in added)
    return ngettext(
        "%(count)s player added: %(names)s. Their personal link is ready on “Personal links”.",
        "%(count)s players added: %(names)s. Their personal links are ready on “Personal links”.",
        len(added),
    ) % {"count": len(added), "names": names}


@owner_only
def players_manage(request):
    league = request.league
    add = AddPlayersForm(prefix="add")
    address = AddressForm(players=_players(), prefix="address")
    rename = RenameForm(players=_players(), prefix="rename")
    merge = MergeForm(players=_players(), prefix="merge")
    preview = None
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "add":
            add = _add(request, league)
        elif action == "address":
            address = _address(request, league)
        elif action == "rename":
            rename = _rename(request, league)
        elif action == "merge":
            merge, preview = _merge(request, league)
        done = add is None or address is None or rename is None
        if done or (action == "merge" and merge is None):
            return redirect("leagueadmin:players")
        if action not in ("add", "address", "rename", "merge"):
            messages.error(request, _("Choose what to do: add, rename or merge."))
    context = {
        "league": league,
        "players": _players(),
        "add": add,
        "address": address,
        "rename": rename,
        "merge": merge,
        "preview": preview,
    }
    return render(request, "members/players_manage.html", context)


@owner_only
@require_http_methods(["GET", "HEAD", "POST"])
def league_backup(request):
    """The league's backup, to keep or to restore into any site (``restore --league``): the
    same file as ``manage.py backup --league`` writes. The owner asks for it (POST), a worker
    writes it (``backup_tasks``), and this page offers it to download once it is ready."""
    league = request.league
    if request.method == "POST":
        request_backup(league, request.user)
        return redirect("leagueadmin:backup")
    context = {"league": league, "job": latest_backup(league), "keep_days": KEEP.days}
    return render(request, "members/league_backup.html", context)


@owner_only
@require_safe
def league_backup_download(request, pk):
    """A backup written by the worker, while it is kept, to the league's owner only."""
    job = ready_backup(request.league, pk)
    if job is None:
        raise Http404(_("This backup is gone: ask for a new one on the backup page."))
    response = HttpResponse(bytes(job.data), content_type="application/gzip")
    response["Content-Disposition"] = f'attachment; filename="{job.file_name}"'
    response["Cache-Control"] = "private, no-store"
    return response


@owner_only
def league_delete(request):
    league = request.league
    form = DeleteLeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.delete_league(request.user, league, form.cleaned_data["confirm_name"])
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("The league %(name)s is deleted.") % {"name": league.name})
            return redirect("/")
    context = {
        "league": league,
        "form": form,
        "counts": services.league_counts(league),
    }
    return render(request, "members/league_delete.html", context)


urlpatterns = [
    path("settings/", league_settings, name="settings"),
    path("players/manage/", players_manage, name="players"),
    path("delete/", league_delete, name="delete"),
    path("backup/", league_backup, name="backup"),
    path("backup/<id:pk>/", league_backup_download, name="backup_download"),
    # Importing and exporting the history (import_pages.py), in this namespace.
    path("", include("ofcleague.members.import_pages")),
]
