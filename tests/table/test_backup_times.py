"""A backup keeps every time to the microsecond, so a restored league is the league saved."""

import datetime
import tempfile
from pathlib import Path

import pytest

from ofcleague.backup.management.commands.backup import write_backup
from ofcleague.backup.management.commands.restore import restore_backup
from ofcleague.league.models import Evening
from ofcleague.table.models import Hand
from tests.league.test_invariants_stateful import wipe
from tests.table.conftest import points_hand

pytestmark = pytest.mark.django_db


def test_times_come_back_to_the_microsecond(evening, table1):
    hand, _ = points_hand(table1, 1, [5, -2, -2, -1])
    moment = datetime.datetime(2026, 11, 27, 23, 59, 59, 123456, tzinfo=datetime.UTC)
    Hand.objects.filter(pk=hand.pk).update(created=moment)
    recorded = list(Evening.history.values_list("history_date", flat=True).order_by("pk"))
    assert any(time.microsecond % 1000 for time in recorded)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "league.json.gz"
        write_backup(path)
        wipe()
        restore_backup(path)
    assert Hand.objects.get(pk=hand.pk).created == moment
    assert list(Evening.history.values_list("history_date", flat=True).order_by("pk")) == recorded
