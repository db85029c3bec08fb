"""The table of one evening: places, points per round, total and prize."""

from django.utils.translation import gettext_lazy as _

from ofcleague.web.tables import Column, LeagueTable, MoneyColumn, NumberColumn


class EveningTable(LeagueTable):
    """An evening's result for export: place, player, points per round, total, prize."""

    place = NumberColumn(verbose_name=_("Place"))
    player = Column(verbose_name=_("Player"))
    total = NumberColumn(verbose_name=_("Total"))
    prize = MoneyColumn(verbose_name=_("Prize"))

    def __init__(self, rows, rounds, **kwargs):
        columns = [
            (f"round_{number}", NumberColumn(verbose_name=_("R%(number)s") % {"number": number}))
            for number in rounds
        ]
        sequence = ("place", "player", *(name for name, _column in columns), "...")
        super().__init__(rows, extra_columns=columns, sequence=sequence, **kwargs)


def evening_rows(grid):
    """Rows for ``EveningTable`` from (seat, round points) pairs."""
    rows = []
    for seat, points in grid:
        row = {
            "place": seat.place,
            "player": seat.player.name,
            "total": seat.total,
            "prize": seat.prize,
        }
        row.update({f"round_{number}": value for number, value in enumerate(points, 1)})
        rows.append(row)
    return rows
