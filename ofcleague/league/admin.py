from django.contrib import admin
from django.db.models import Count
from django.http import HttpResponseNotAllowed
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from ofcleague.league.models import Evening, EveningPlayer, Player, PrizeShare, RoundScore
from ofcleague.web.cache import InvalidatesLeaguePages


class ReadOnlyHistoryAdmin(SimpleHistoryAdmin):
    """A model's historical versions can be looked at here, never reverted.

    django-simple-history's version page saves any valid form posted to it, for anyone who
    may view the model, without asking ``has_change_permission``: it would write results the
    admin keeps read-only (a round's points, an evening's version) around the services that
    keep totals, places, ratings and the page cache in step. ``SIMPLE_HISTORY_REVERT_DISABLED``
    only hides the button, so the page answers a POST with 405 and shows no button. Every
    admin of a model with ``HistoricalRecords`` uses this class (tests/league/test_admin_history.py
    checks the registry); a model without history gets a plain ``ModelAdmin``, whose history
    page lists the admin's own log.
    """

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        if request.method not in ("GET", "HEAD"):
            return HttpResponseNotAllowed(["GET", "HEAD"])
        return super().history_form_view(request, object_id, version_id, extra_context)

    def revert_disabled(self, request, obj=None):
        return True


class NamesItsLeague:
    """A row added here names its league (the admin lists every league's rows, so no league
    is the current one and none is taken by default); it stays in that league afterwards."""

    def get_readonly_fields(self, request, obj=None):
        fields = super().get_readonly_fields(request, obj)
        return fields if obj is not None else [name for name in fields if name != "league"]

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        if obj is not None:
            return form
        model = self.model

        class AddForm(form):
            def __init__(self, *args, instance=None, **options):
                # league=None: a new row takes no league until the form names one.
                super().__init__(*args, instance=instance or model(league=None), **options)

        return AddForm


@admin.register(Player)
class PlayerAdmin(NamesItsLeague, InvalidatesLeaguePages, admin.ModelAdmin):
    list_display = ["name", "full_name", "league", "active", "evening_count"]
    list_filter = ["league", "active"]
    search_fields = ["name", "full_name"]
    prepopulated_fields = {"slug": ["name"]}
    # Names are normalised and checked against the other players' keys by Player.clean().
    # Player has no HistoricalRecords: the history page is the admin's log of its changes.
    # A player with seats cannot be deleted: EveningPlayer.player is PROTECT.
    # A player stays in the league they were made in (a new one names it: NamesItsLeague).
    readonly_fields = ["league", "name_key"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(evening_count=Count("seats"))

    @admin.display(description=_("evenings"), ordering="evening_count")
    def evening_count(self, obj):
        return obj.evening_count


class ResultsReadOnly:
    """Results are browsed here but changed only through the scorekeeper's pages (``results``).

    Those pages go through the services, which recompute totals and places in the same
    transaction, check the evening's version and keep the rules that span rows; an admin edit
    of a point, place or round would bypass all of that and leave derived data stale.
    """

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class EveningPlayerInline(ResultsReadOnly, admin.TabularInline):
    model = EveningPlayer
    fields = ["player", "place", "total", "tie_break", "prize"]
    autocomplete_fields = ["player"]
    extra = 0


@admin.register(Evening)
class EveningAdmin(ResultsReadOnly, ReadOnlyHistoryAdmin):
    list_display = [
        "date",
        "start_time",
        "variant",
        "rounds",
        "hands_per_round",
        "status",
        "player_count",
        "location",
    ]
    list_filter = ["variant", "status", "places_source"]
    search_fields = ["location", "notes", "seats__player__name"]
    date_hierarchy = "date"
    inlines = [EveningPlayerInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(player_count=Count("seats"))

    @admin.display(description=_("players"), ordering="player_count")
    def player_count(self, obj):
        return obj.player_count


@admin.register(EveningPlayer)
class EveningPlayerAdmin(ResultsReadOnly, ReadOnlyHistoryAdmin):
    list_display = ["evening", "player", "place", "total", "prize"]
    list_filter = ["evening__variant"]
    search_fields = ["player__name"]
    list_select_related = ["evening", "player"]
    autocomplete_fields = ["player"]


@admin.register(RoundScore)
class RoundScoreAdmin(ResultsReadOnly, ReadOnlyHistoryAdmin):
    list_display = ["evening_player", "round_number", "points", "table"]
    search_fields = ["evening_player__player__name"]
    list_select_related = ["evening_player__evening", "evening_player__player"]


@admin.register(PrizeShare)
class PrizeShareAdmin(NamesItsLeague, InvalidatesLeaguePages, admin.ModelAdmin):
    list_display = ["place", "weight", "league"]
    list_filter = ["league"]
    readonly_fields = ["league"]
