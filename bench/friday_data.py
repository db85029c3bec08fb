"""The Friday-night load test's data (bench/friday.py): code run by ``manage.py shell`` inside the
cluster, with the values named in capitals put in by ``friday.shell``.

SETUP makes LEAGUES leagues, each with an evening in progress at two OFC tables of four and an
evening announced for tomorrow (three seats) whose eight players have an address and a link;
one scorekeeper of every league, with a session per phone (the phones skip the login form:
behind the one proxy every client of this machine is one address, and the login is limited
per address). VERIFY compares what the server acknowledged with what is stored: every hand
once, every mail recorded as sent once (``ReminderSent``).
"""

SETUP = """
import datetime, json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone
from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league import services
from ofcleague.league.models import Player
from ofcleague.rsvp.models import PlayerLink
from ofcleague.rsvp.services.answers import announce_evening, make_links
from ofcleague.table import services as table
keeper = User.objects.create_user("friday-keeper", password="unused-" + "x" * 20)
leagues = []
for number in range(LEAGUES):
    league = League.objects.create(name=f"Freitag {number}", slug=f"freitag-{number}")
    Membership.objects.create(league=league, user=keeper, role=Role.OWNER)
    with using_league(league):
        players = services.create_players("ABCDEFGH")
        for player in players:
            Player.objects.filter(pk=player.pk).update(
                email=f"{player.name.lower()}.{number}@friday.example.org")
        evening = services.create_evening(players=players, date=datetime.date.today(),
            start_time=datetime.time(19), rounds=3, hands_per_round=100, variant="ofc")
        seats = list(evening.seats.order_by("player__name").values_list("pk", flat=True))
        table.seat_table(evening, 1, 1, seats[:4]); table.seat_table(evening, 1, 2, seats[4:])
        tomorrow = announce_evening(league, keeper,
            date=timezone.localdate() + datetime.timedelta(days=1),
            start_time=datetime.time(19, 30), location="", notes="", buy_in=10,
            variant="ofc", rule_set="", most_seats=3)
        make_links(league, keeper)
        links = dict(PlayerLink.objects.filter(player__league=league, revoked_at=None)
            .values_list("player__name", "token"))
    leagues.append({"slug": league.slug, "evening": evening.pk, "tomorrow": tomorrow.pk,
        "links": [links[name] for name in "ABCD"]})
sessions = []
for phone in range(2 * LEAGUES):
    session = SessionStore()
    session[SESSION_KEY] = str(keeper.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = keeper.get_session_auth_hash()
    session.create()
    sessions.append(session.session_key)
print(json.dumps({"leagues": leagues, "sessions": sessions}))
"""

VERIFY = """
import json
from collections import Counter
from ofcleague.rsvp.models import ReminderSent
from ofcleague.table.models import Hand
acked = set(json.loads(open(ACKS).read()))
stored = Counter(str(i) for i in Hand.objects.values_list("client_id", flat=True))
numbers = Counter(Hand.objects.values_list("round_table", "number"))
print(json.dumps({"acked": len(acked), "lost": len(acked - set(stored)),
    "doubled": sum(n - 1 for n in numbers.values() if n > 1)
        + sum(n - 1 for n in stored.values() if n > 1),
    "hands": sum(stored.values()), "mails_recorded": ReminderSent.objects.count()}))
"""
