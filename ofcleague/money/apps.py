from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MoneyConfig(AppConfig):
    """The league's money: stakes per point, transfers and the settle-up, the cash pages.

    Its tables keep their names from the league app (``league_pairstake``,
    ``league_transfer``): the models moved without copying a row."""

    name = "ofcleague.money"
    verbose_name = _("Cash")

    def ready(self):
        from ofcleague.money.receivers import connect

        # The core calls the money through its hooks (ofcleague/league/hooks.py).
        connect()
