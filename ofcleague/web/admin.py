"""The site's outgoing mails in the admin: what waits, what was sent, what failed (read only;
the failed ones can be queued again once the mail server is back)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from ofcleague.web.mail_queue import queue_failed_again
from ofcleague.web.outbox import OutgoingMail


@admin.register(OutgoingMail)
class OutgoingMailAdmin(admin.ModelAdmin):
    list_display = ["created_at", "to", "subject", "state", "attempts", "next_try_at", "error"]
    list_filter = ["state"]
    search_fields = ["to", "subject", "key"]
    date_hierarchy = "created_at"
    readonly_fields = [field.name for field in OutgoingMail._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    actions = ["send_again"]

    @admin.action(description=_("Send the failed mails again"))
    def send_again(self, request, queryset):
        count = queue_failed_again(queryset.values_list("pk", flat=True))
        self.message_user(request, _("Mails queued again: %(count)s") % {"count": count})
