from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MembersConfig(AppConfig):
    name = "ofcleague.members"
    verbose_name = _("Leagues and members")
