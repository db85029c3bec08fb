from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MembersConfig(AppConfig):
    """The league's members: invites, the claims that link accounts to players, former
    addresses, and the pages of accounts, members, settings and imports.

    Its tables that came from the league app keep their names (``league_invite``,
    ``league_playerclaim``, ``league_formeraddress``): the models moved without copying a row."""

    name = "ofcleague.members"
    verbose_name = _("Leagues and members")

    def ready(self):
        from ofcleague.members.receivers import connect

        # The core calls the members through its hooks (ofcleague/league/hooks.py).
        connect()
