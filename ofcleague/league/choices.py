"""The evening's choices: its variant, its status, where its places come from.

Apart from the models so that the kept rows' models (``kept/models.py``) can name them without
importing the league's models, which import theirs. ``ofcleague.league.models`` exports them too.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Variant(models.TextChoices):
    OFC = "ofc", _("OFC")
    PINEAPPLE = "pineapple", _("Pineapple")
    CLASSIC = "classic", _("Chinese Poker")


class Status(models.TextChoices):
    PLANNED = "planned", _("planned")
    IN_PROGRESS = "in_progress", _("in progress")
    FINISHED = "finished", _("finished")
    CANCELLED = "cancelled", _("cancelled")


class PlacesSource(models.TextChoices):
    """Where an evening's places come from."""

    POINTS = "points", _("computed from points")
    ENTERED = "entered", _("entered as finishing order")
