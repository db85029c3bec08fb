"""A deterministic league for the golden answers: fixed clock, fixed names, fixed tokens,
built with the services (as the pages would build it), and the same keys on every database.

What is random in the code (``uuid.uuid4`` for a form's key and a hand's id,
``secrets.token_urlsafe`` for a link's token) is replaced by counters while the league is built
and its answers read; the clock stands at :data:`NOW`. The leagues' versions count on their own
counter: no answer shows them, and how many writes make a new one is no answer's business.
"""

import contextlib
import datetime
import itertools
import uuid
from decimal import Decimal
from unittest import mock

from django.apps import apps
from django.core.management.color import no_style
from django.db import connection

NOW = datetime.datetime(2026, 11, 27, 17, 0, tzinfo=datetime.UTC)
NAMES = ["Andreas", "Melanie", "Micha", "Swantje", "Michi"]


@contextlib.contextmanager
def fixed_world():
    """The clock stands still at :data:`NOW`; ids and tokens come from counters."""
    ids = itertools.count(1)
    tokens = itertools.count(1)
    versions = itertools.count(1)

    def next_uuid():
        return uuid.UUID(int=next(ids))

    def next_token(nbytes=None):
        return f"token-{next(tokens):04d}"

    with (
        mock.patch("django.utils.timezone.now", return_value=NOW),
        mock.patch("uuid.uuid4", next_uuid),
        mock.patch("secrets.token_urlsafe", next_token),
        mock.patch("ofcleague.web.cache._new_token", lambda: f"version-{next(versions):08d}"),
    ):
        yield


def keys_from_the_rows():
    """Each table's next key follows its rows (none: 1), whatever earlier tests inserted and
    rolled back: PostgreSQL's sequences and SQLite's counters both keep such keys."""
    models = list(apps.get_models(include_auto_created=True))
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            for model in models:
                table = connection.ops.quote_name(model._meta.db_table)
                cursor.execute(
                    f"UPDATE sqlite_sequence SET seq = (SELECT COALESCE(MAX(rowid), 0) "
                    f"FROM {table}) WHERE name = %s",
                    [model._meta.db_table],
                )
        else:
            for statement in connection.ops.sequence_reset_sql(no_style(), models):
                cursor.execute(statement)


def build_league():
    """The first league with an owner, five players, a finished evening played for money
    (stakes, a pair's own stake, transfers, one paid), an evening at the score pad, an
    announced evening with answers, personal links, a calendar link, and one reminder mail.
    Returns what the pages need: the owner, the evenings, the players."""
    from ofcleague.league import services
    from ofcleague.league.choices import Variant
    from ofcleague.league.leagues import League, Membership, Role
    from ofcleague.league.models import EveningPlayer
    from ofcleague.league.services import adding
    from ofcleague.money.services import settling as money
    from ofcleague.rsvp.services import answers as rsvp
    from ofcleague.rsvp.services import calendar_feeds, reminders
    from ofcleague.table import services as table
    from ofcleague.table.services import ResultInput
    from tests.factories import UserFactory

    league = League.objects.get(pk=1)
    owner = UserFactory(username="olga", email="olga@example.org")
    Membership.objects.create(league=league, user=owner, role=Role.OWNER)
    players = services.create_players(NAMES)
    for player in players[:3]:
        adding.set_address(league, owner, player, f"{player.slug}@example.org")

    finished = services.create_evening(
        players=players[:4],
        date=datetime.date(2026, 11, 20),
        start_time=datetime.time(19),
        buy_in=Decimal("10"),
        rounds=2,
    )
    seats = {seat.player_id: seat.pk for seat in EveningPlayer.objects.filter(evening=finished)}
    rounds = ((9, 3, -4, -8), (2, 5, -6, -1))
    points = {
        seats[player.pk]: {number: values[index] for number, values in enumerate(rounds, 1)}
        for index, player in enumerate(players[:4])
    }
    finished = services.finish_with_default_prizes(finished, finished.version, points)
    pair = (players[0].pk, players[1].pk)
    money.set_stakes(finished, owner, Decimal("0.50"), {pair: Decimal("1.00")})
    transfers = money.settle_evening(finished, owner)
    money.mark_paid(transfers[0], owner)

    at_pad = services.create_evening(
        players=players[1:],
        date=datetime.date(2026, 11, 27),
        start_time=datetime.time(19),
        buy_in=Decimal("5"),
        rounds=3,
        hands_per_round=5,
        variant=Variant.OFC,
    )
    seat_ids = list(at_pad.seats.order_by("player__name").values_list("pk", flat=True))
    round_table = table.seat_table(at_pad, 1, 1, seat_ids)
    for number, values in enumerate([(6, -2, -1, -3), (-4, 7, 0, -3)], 1):
        table.record_hand(
            round_table,
            number=number,
            client_id=uuid.uuid4(),
            entry="points",
            results=[ResultInput(seat=seat, points=value) for seat, value in enumerate(values, 1)],
        )

    announced = rsvp.announce_evening(
        league,
        owner,
        date=datetime.date(2026, 11, 28),
        start_time=datetime.time(19, 30),
        location="Bei Melanie",
        buy_in=Decimal("10.00"),
        most_seats=3,
        notes="Bring Snacks mit.",
    )
    rsvp.make_links(league, owner)
    for player, answer in zip(players, ["yes", "yes", "maybe", "no", "yes"], strict=True):
        rsvp.answer_evening(announced, player, answer)
    calendar_feeds.new_calendar_feed(owner, league)
    reminders.reminders_before(datetime.date(2026, 11, 27))
    return {
        "owner": owner,
        "players": players,
        "finished": finished,
        "at_pad": at_pad,
        "announced": announced,
        "round_table": round_table,
    }
