"""``manage.py backup --league SLUG FILE``: one league's rows, to be restored into any site.

The file is gzip JSON like a whole backup's, but an object: its format, the league's slug, the
accounts its rows name (username and e-mail address: a league backup holds no account, and
restore matches them to the accounts of the site it goes to) and its rows, in a loadable
order, serialized as the whole backup serializes them (accounts by username). The rows are the
league, its players, prize split, memberships, members' private calendar links, player
claims, invite links and imports, its evenings with their seats, round points, tables, hands
and results, stakes and transfers, every history record of those (the change log, deleted
evenings included), and its kept rows (which restore rebuilds). Every link a member holds
travels with the league (personal answer links and their feeds, private calendar links, open
invites), so after a restore they work at the site the league went to under the same path.
Not in it: the league's former addresses, which belong to the site they were made on.
"""

from __future__ import annotations

import json
from functools import reduce
from operator import or_
from pathlib import Path

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.management.base import CommandError
from django.db.models import Q

from ofcleague.backup.backup_json import FORMAT
from ofcleague.backup.writing import check_target, snapshot, write_backup_file
from ofcleague.league.leagues import League

#: What the file's "format" says: a restore of a whole site refuses it, and the other way round.
LEAGUE_FORMAT = "ofc-league-backup"
LEAGUE_FORMAT_VERSION = 1

#: The models of a league backup in a loadable order, each with how its rows belong to the
#: league: ``league`` (its own league field), or the field linking it to a model before it.
LEAGUE_MODELS = [
    ("league.league", "pk"),
    ("league.membership", "league"),
    ("rsvp.calendarfeed", "league"),
    ("league.importbatch", "league"),
    ("league.player", "league"),
    ("members.playerclaim", "league"),
    ("members.invite", "league"),
    ("league.prizeshare", "league"),
    ("league.historicalevening", "league"),
    ("league.evening", "league"),
    ("money.pairstake", "evening"),
    ("money.transfer", "league"),
    ("league.historicaleveningplayer", "evening"),
    ("league.eveningplayer", "evening"),
    ("league.historicalroundscore", "evening_player"),
    ("league.roundscore", "evening_player"),
    ("rsvp.playerlink", "player"),
    ("rsvp.rsvp", "evening"),
    ("rsvp.remindersent", "evening"),
    ("table.historicalroundtable", "evening"),
    ("table.roundtable", "evening"),
    ("table.historicaltableseat", "round_table"),
    ("table.tableseat", "round_table"),
    ("table.historicalhand", "round_table"),
    ("table.hand", "round_table"),
    ("table.historicalhandresult", "hand"),
    ("table.handresult", "hand"),
    ("standings.standing", "league"),
    ("standings.seasontotal", "league"),
    ("standings.playertotal", "league"),
    ("standings.rivalry", "league"),
    ("standings.season", "league"),
    ("standings.pointssystem", "league"),
    ("standings.seasonwindow", "league"),
    ("standings.countedrow", "league"),
]


#: The fields of a league's rows that name an account (by username).
ACCOUNT_FIELDS = ("user", "history_user", "created_by", "decided_by", "paid_by", "undone_by")


def league_models():
    """The model classes of a league backup, in a loadable order."""
    return [apps.get_model(label) for label, _link in LEAGUE_MODELS]


def original(model):
    """The model a history model records (``None`` for a model of rows)."""
    return getattr(model, "instance_type", None)


def league_querysets(league: League):
    """Each model's rows of ``league``: a row's league by its own field, or by the ids of the
    rows it links to (current and in the history: a deleted evening's records count too)."""
    ids: dict = {}  # model of rows -> subqueries of every id of the league's rows of it
    for label, link in LEAGUE_MODELS:
        model = apps.get_model(label)
        rows = model._base_manager.order_by("pk")
        if link == "pk":
            rows = rows.filter(pk=league.pk)
        elif link == "league":
            rows = rows.filter(league_id=league.pk)
        else:
            linked = ids[model._meta.get_field(link).related_model]
            rows = rows.filter(
                reduce(or_, (Q(**{f"{link}_id__in": subquery}) for subquery in linked))
            )
        column = "id" if original(model) else "pk"
        ids.setdefault(original(model) or model, []).append(rows.values(column))
        yield model, rows


def accounts_named(objects: list[dict]) -> list[dict]:
    """The username and e-mail address of every account the rows name (by username)."""
    usernames = set()
    for item in objects:
        for name in ACCOUNT_FIELDS:
            link = item["fields"].get(name)
            if isinstance(link, list) and link:
                usernames.add(link[0])
    users = get_user_model()._base_manager.filter(username__in=usernames).order_by("username")
    return [{"username": user.username, "email": user.email} for user in users]


def league_backup_data(slug: str) -> dict:
    """What a league backup of the league ``slug`` holds, read in one snapshot."""
    league = League.objects.filter(slug=slug).first()
    if league is None:
        known = ", ".join(League.objects.order_by("slug").values_list("slug", flat=True))
        raise CommandError(f"No league has the address {slug!r}. The leagues: {known or 'none'}.")
    objects: list[dict] = []
    with snapshot():
        for _model, rows in league_querysets(league):
            text = serializers.serialize(FORMAT, rows.iterator(), use_natural_foreign_keys=True)
            objects.extend(json.loads(text))
        accounts = accounts_named(objects)
    return {
        "format": LEAGUE_FORMAT,
        "version": LEAGUE_FORMAT_VERSION,
        "league": league.slug,
        "accounts": accounts,
        "rows": objects,
    }


def write_league_backup(slug: str, path) -> int:
    """Write the league ``slug``'s backup to ``path`` (gzip JSON); return its number of rows."""
    path = Path(path)
    check_target(path)
    data = league_backup_data(slug)
    write_backup_file(path, json.dumps(data, ensure_ascii=False))
    return len(data["rows"])
