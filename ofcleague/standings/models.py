"""The standings' models: the kept numbers, defined with the code that keeps them (``kept/``)
and imported here so that Django registers them in this app."""

from ofcleague.standings.counted.models import CountedRow, PointsSystem, SeasonWindow  # noqa: F401
from ofcleague.standings.kept.models import (  # noqa: F401
    PlayerTotal,
    Rivalry,
    Season,
    SeasonTotal,
    Standing,
)
