from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RecordsConfig(AppConfig):
    """The league's records, yearly awards and the players' badges, read from the evenings
    and the hands. Reads only, no models."""

    name = "ofcleague.records"
    verbose_name = _("Records")
