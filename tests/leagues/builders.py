"""A league with one of everything a league holds, for the tests of leagues side by side.

Players of the given names, finished evenings from points and by order, an OFC evening in
progress at a table with hands (one of them corrected, one undone), an evening whose notes
were corrected (the change log), and a deleted evening (the history only).
"""

import datetime
import uuid
from decimal import Decimal

from ofcleague.league.current import using_league
from ofcleague.league.models import EveningPlayer, Variant
from ofcleague.league.services.deleted import delete_evening
from ofcleague.table import services as table_services
from ofcleague.table.services import ResultInput
from tests.factories import EveningFactory, PlayerFactory
from tests.league.builders import evening_from_order, evening_from_points


def _points_hand(table, number, values):
    return table_services.record_hand(
        table,
        number=number,
        client_id=uuid.uuid4(),
        entry="points",
        results=[ResultInput(seat=seat, points=value) for seat, value in enumerate(values, 1)],
    )


def populate(league, names, *, year=2019, notes="Notizen"):
    """Fill ``league`` (active meanwhile) with players of ``names`` (at least 4) and their
    evenings; return the players."""
    with using_league(league):
        people = [PlayerFactory(name=name) for name in names]
        a, b, c, d = people[:4]
        evening_from_points(
            {a: [12, 3], b: [-4, 5], c: [-8, -8]},
            prizes={a: Decimal(20), b: Decimal(10), c: Decimal(0)},
            date=datetime.date(year, 3, 1),
            pot=Decimal(30),
        )
        evening_from_order([d, c, b, a], date=datetime.date(year, 3, 8))
        corrected = evening_from_order([b, a, d], date=datetime.date(year + 1, 1, 10), notes=notes)
        corrected.notes = f"{notes} (korrigiert)"
        corrected.save()
        gone = evening_from_order([c, d], date=datetime.date(year + 1, 1, 17))
        delete_evening(gone, gone.version)
        live = EveningFactory(
            status="in_progress", rounds=3, hands_per_round=5, variant=Variant.OFC,
            date=datetime.date(year + 1, 2, 1),
        )  # fmt: skip
        seats = [EveningPlayer.objects.create(evening=live, player=player).pk for player in people]
        table = table_services.seat_table(live, 1, 1, seats[:4])
        table_services.seat_table(live, 2, 1, seats[:4])  # round 2 seated, no hands yet
        _points_hand(table, 1, [6, -2, -2, -2])
        _points_hand(table, 2, [-3, 1, 1, 1])
        _points_hand(table, 3, [1, 1, -1, -1])
        table_services.undo_last_hand(table, 3)
        table_services.correct_hand(
            table,
            2,
            entry="points",
            results=[ResultInput(seat=s, points=v) for s, v in enumerate([-6, 2, 2, 2], 1)],
        )
    return people
