from django.contrib import admin
from django.db.models import Count
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from .cache import InvalidatesLeaguePages
from .models import Evening, EveningPlayer, Player, PrizeShare, RoundScore


@admin.register(Player)
class PlayerAdmin(InvalidatesLeaguePages, SimpleHistoryAdmin):
    list_display = ["name", "full_name", "active", "evening_count"]
    list_filter = ["active"]
    search_fields = ["name", "full_name"]
    prepopulated_fields = {"slug": ["name"]}
    # Names are normalised and checked against the other players' keys by Player.clean().
    readonly_fields = ["name_key"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(evening_count=Count("evenings"))

    @admin.display(description=_("evenings"), ordering="evening_count")
    def evening_count(self, obj):
        return obj.evening_count


class ResultsReadOnly:
    """Results are browsed here but changed only through the scorekeeping pages.

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
class EveningAdmin(ResultsReadOnly, SimpleHistoryAdmin):
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
    search_fields = ["location", "notes", "players__player__name"]
    date_hierarchy = "date"
    inlines = [EveningPlayerInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(player_count=Count("players"))

    @admin.display(description=_("players"), ordering="player_count")
    def player_count(self, obj):
        return obj.player_count


@admin.register(EveningPlayer)
class EveningPlayerAdmin(ResultsReadOnly, SimpleHistoryAdmin):
    list_display = ["evening", "player", "place", "total", "prize"]
    list_filter = ["evening__variant"]
    search_fields = ["player__name"]
    list_select_related = ["evening", "player"]
    autocomplete_fields = ["player"]


@admin.register(RoundScore)
class RoundScoreAdmin(ResultsReadOnly, SimpleHistoryAdmin):
    list_display = ["evening_player", "round_number", "points", "table"]
    search_fields = ["evening_player__player__name"]
    list_select_related = ["evening_player__evening", "evening_player__player"]


@admin.register(PrizeShare)
class PrizeShareAdmin(InvalidatesLeaguePages, admin.ModelAdmin):
    list_display = ["place", "weight"]
