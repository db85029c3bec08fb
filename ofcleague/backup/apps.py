from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BackupConfig(AppConfig):
    """The league's data in and out: the starting history, backup and restore (commands)."""

    name = "ofcleague.backup"
    verbose_name = _("Backup")
