from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TableConfig(AppConfig):
    """The table: hands played at an evening, the score pad and following an evening live."""

    name = "ofcleague.table"
    label = "table"
    verbose_name = _("Table")
