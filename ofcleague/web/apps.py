from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WebConfig(AppConfig):
    """What every app shares: page cache, paths, middleware, template tags, tables, JSON."""

    name = "ofcleague.web"
    verbose_name = _("Web")
