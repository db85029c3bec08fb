from django.apps import AppConfig
from django.utils.autoreload import file_changed
from django.utils.translation import gettext_lazy as _


class WebConfig(AppConfig):
    """What every app shares: page cache, paths, middleware, template tags, tables, JSON."""

    name = "ofcleague.web"
    verbose_name = _("Web")

    def ready(self):
        from ofcleague.web.cache import new_release_after_an_edit

        file_changed.connect(new_release_after_an_edit, dispatch_uid="ofcleague.web.release")
