"""The pages of running a league in the site: starting one, its settings, its players,
deleting it. Starting a league is a page of the site (``/leagues/new/``); the others live
under the league (``/<league>/settings/``, ``/<league>/players/manage/``,
``/<league>/delete/``) and only its owner (or a superuser) reaches them.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, path, reverse
from django.utils.translation import gettext as _

from ofcleague.league.leagues import Membership
from ofcleague.league.models import Player
from ofcleague.league.roles import runs
from ofcleague.league.services import leagues as services
from ofcleague.league.services.money import link_account
from ofcleague.members.league_forms import (
    AccountPlayerForm,
    DeleteLeagueForm,
    LeagueForm,
    MergeForm,
    RenameForm,
    add_service_errors,
)
from ofcleague.web.export import EXPORT

app_name = "leagueadmin"

#: Names of a per-league backup page, should the site have one: the delete page links it.
BACKUP_PAGES = ("backup:league", "backup:download", "members:backup")


def owner_only(view):
    """Only the league's owner (or a superuser); anybody else logged in gets a 403."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if request.league is None or not runs(request.user, request.league):
            raise PermissionDenied(_("Only the league's owner may do this."))
        return view(request, *args, **kwargs)

    return wrapper


@login_required
def league_new(request):
    """Start a league: its name and address first, its defaults below."""
    form = LeagueForm(request.POST or None)
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


@owner_only
def league_settings(request):
    league = request.league
    form = LeagueForm.for_league(league, services.prize_split(league), request.POST or None)
    if request.method == "POST" and form.is_valid():
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


def _memberships(league):
    return (
        Membership.objects.filter(league=league)
        .select_related("user", "player")
        .order_by("user__username")
    )


def _account(request, league):
    form = AccountPlayerForm(
        request.POST, memberships=_memberships(league), players=_players(), prefix="account"
    )
    if form.is_valid():
        try:
            link_account(
                request.user, league, form.cleaned_data["membership"], form.cleaned_data["player"]
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("The account's player is saved."))
            return None
    return form


@owner_only
def players_manage(request):
    league = request.league
    rename = RenameForm(players=_players(), prefix="rename")
    merge = MergeForm(players=_players(), prefix="merge")
    account = AccountPlayerForm(
        memberships=_memberships(league), players=_players(), prefix="account"
    )
    preview = None
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "rename":
            rename = _rename(request, league)
        elif action == "merge":
            merge, preview = _merge(request, league)
        elif action == "account":
            account = _account(request, league)
        if rename is None or (action == "merge" and merge is None) or account is None:
            return redirect("leagueadmin:players")
        if action not in ("rename", "merge", "account"):
            messages.error(request, _("Choose what to do: rename or merge."))
    context = {
        "league": league,
        "players": _players(),
        "rename": rename,
        "merge": merge,
        "preview": preview,
        "account": account,
        "accounts": _memberships(league),
    }
    return render(request, "members/players_manage.html", context)


def _backup_link():
    """The league's backup download if the site has one, else its all-time table as CSV."""
    for name in BACKUP_PAGES:
        try:
            return reverse(name), True
        except NoReverseMatch:
            continue
    return f"{reverse('standings:alltime')}?{EXPORT}=csv", False


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
    backup, is_backup = _backup_link()
    context = {
        "league": league,
        "form": form,
        "counts": services.league_counts(league),
        "backup": backup,
        "is_backup": is_backup,
    }
    return render(request, "members/league_delete.html", context)


urlpatterns = [
    path("settings/", league_settings, name="settings"),
    path("players/manage/", players_manage, name="players"),
    path("delete/", league_delete, name="delete"),
]
