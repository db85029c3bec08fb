"""The leagues' backups written by the worker, for the site's admin: which failed (read only;
the file itself is for the league's owner, on the league's backup page)."""

from django.contrib import admin

from ofcleague.backup.models import LeagueBackupJob


@admin.register(LeagueBackupJob)
class LeagueBackupJobAdmin(admin.ModelAdmin):
    list_display = ["created_at", "league", "requested_by", "state", "finished_at", "rows", "size"]
    list_filter = ["state"]
    date_hierarchy = "created_at"
    exclude = ["data"]
    readonly_fields = [field.name for field in LeagueBackupJob._meta.fields if field.name != "data"]

    def get_queryset(self, request):
        return super().get_queryset(request).defer("data").select_related("league")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
