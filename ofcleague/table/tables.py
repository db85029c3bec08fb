"""The "OFC statistics" table: sortable in the page, exportable as CSV."""

from django.utils.translation import gettext_lazy as _
from django_tables2 import Column

from ofcleague.league.tables import LeagueTable, NumberColumn, player_url


class HandStatisticsTable(LeagueTable):
    """One row per player with statistics from the recorded hands."""

    player = Column(verbose_name=_("Player"), accessor="name", linkify=player_url)
    hands = NumberColumn(verbose_name=_("Hands"))
    points = NumberColumn(verbose_name=_("Points"))
    points_per_hand = NumberColumn(verbose_name=_("Points/hand"))
    biggest_win = NumberColumn(verbose_name=_("Biggest win"))
    biggest_loss = NumberColumn(verbose_name=_("Biggest loss"))
    board_hands = NumberColumn(verbose_name=_("With boards"))
    foul_rate = NumberColumn(verbose_name=_("Foul rate"))
    scoop_rate = NumberColumn(verbose_name=_("Scoop rate"))
    fantasyland_entries = NumberColumn(verbose_name=_("Fantasyland"))
    fantasyland_stays = NumberColumn(verbose_name=_("Stays"))
    royalties_per_hand = NumberColumn(verbose_name=_("Royalties/hand"))

    class Meta:
        attrs = {"class": "data alltime hand-statistics"}
        empty_text = _("No hands recorded yet.")
