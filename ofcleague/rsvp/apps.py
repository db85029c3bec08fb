from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RsvpConfig(AppConfig):
    """Before the evening: personal links, answers and the waitlist, reminders, calendar feeds.

    Its tables keep their names from the league app (``league_playerlink``, ``league_rsvp``,
    ``league_remindersent``, ``league_calendarfeed``): the models moved without copying a row."""

    name = "ofcleague.rsvp"
    verbose_name = _("Answers")

    def ready(self):
        from ofcleague.rsvp.receivers import connect

        # The core calls the answers through its hooks (ofcleague/league/hooks.py).
        connect()
