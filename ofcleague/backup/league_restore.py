"""``manage.py restore --league FILE``: one league's backup loaded into this site as a new league.

The site may hold other leagues: every id of the backup (its rows', its history records' and
the ids its history names of rows deleted since) is given a new one above every id this site
holds, in the same order (an evening's place in the rating order is its date, start time and
id), so no id of the backup can meet a row of another league. The league goes in under its
slug, as a new league or into an empty league of that slug; a league of that slug with players
or evenings is refused. Every row is checked as a whole restore checks it (its values, its
players' names, the league's invariants over its evenings), the accounts its memberships and
history name are matched to this site's by username, else by e-mail address, and the league's
kept standings and ratings are rebuilt. All or nothing: any problem restores nothing.
"""

from __future__ import annotations

import uuid
from pathlib import Path

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.db import OperationalError
from django.db.models import Max
from django.utils import translation

from ofcleague.backup.league_backup import (
    ACCOUNT_FIELDS,
    LEAGUE_FORMAT,
    LEAGUE_FORMAT_VERSION,
    league_models,
    original,
)
from ofcleague.backup.loading import (
    counted,
    first_line,
    load_checked,
    one_restore_at_a_time,
    refuse,
)
from ofcleague.backup.management.commands._backup_file import (
    checked_objects,
    field_problems,
    players_named_as_typed,
    read_json,
    upgrade_old_rows,
)
from ofcleague.league import hooks
from ofcleague.league.invariants import member_rules
from ofcleague.league.invites import new_token
from ofcleague.league.leagues import League, Membership
from ofcleague.league.models import Evening, Player, PrizeShare
from ofcleague.standings import kept
from ofcleague.standings.counted.models import CountedRow
from ofcleague.standings.counted.rules import backup_problems
from ofcleague.standings.kept.models import KeptCounters, Rivalry, Season
from ofcleague.web.league_writes import league_write

#: The kept rows: derived from the evenings, rebuilt for the restored league, never loaded.
KEPT_LABELS = {
    model._meta.label_lower
    for model in league_models()
    if issubclass(model, KeptCounters) or model in (Rivalry, Season, CountedRow)
}


def read_league_backup(path: Path) -> tuple[str, list[dict], list[dict]]:
    """The league backup's slug, accounts and rows (kept rows left out), checked in shape."""
    data = read_json(path)
    if isinstance(data, list):
        raise CommandError(
            f"{path} is a backup of a whole site, not of one league: restore it without --league."
        )
    if not isinstance(data, dict) or data.get("format") != LEAGUE_FORMAT:
        raise CommandError(f"{path} is not a backup of one league.")
    if data.get("version") != LEAGUE_FORMAT_VERSION:
        raise CommandError(
            f"{path} is a league backup of format version {data.get('version')!r}; "
            f"this site reads version {LEAGUE_FORMAT_VERSION}."
        )
    accounts = data.get("accounts")
    if not isinstance(accounts, list) or not all(
        isinstance(account, dict)
        and isinstance(account.get("username"), str)
        and isinstance(account.get("email", ""), str)
        for account in accounts
    ):
        raise CommandError(f"{path} is not a backup of one league: its accounts are broken.")
    objects = checked_objects(path, data.get("rows"), league_models())
    leagues = [item for item in objects if item["model"].lower() == "league.league"]
    if len(leagues) != 1:
        raise CommandError(
            f"{path} is not a backup of one league: it holds {len(leagues)} leagues."
        )
    slug = leagues[0]["fields"].get("slug")
    objects = [item for item in objects if item["model"].lower() not in KEPT_LABELS]
    return slug, accounts, objects


def _models() -> dict:
    return {model._meta.label_lower: model for model in league_models()}


def _links(model):
    """(field name, model of rows it links to) of each link of ``model`` to a league's row."""
    return [
        (field.name, field.related_model)
        for field in model._meta.concrete_fields
        if field.is_relation and field.related_model in ROW_MODELS
    ]


ROW_MODELS = [model for model in league_models() if original(model) is None]


def foreign_links(objects: list[dict]) -> list[str]:
    """A line for every row that links to a row the backup does not hold (of another league,
    or of none): only the history may name rows deleted since."""
    models = _models()
    held = {model: set() for model in ROW_MODELS}
    for item in objects:
        model = models[item["model"].lower()]
        if original(model) is None:
            held[model].add(item["pk"])
    problems = []
    for item in objects:
        model = models[item["model"].lower()]
        if original(model) is not None:
            continue
        for name, target in _links(model):
            value = item["fields"].get(name)
            if value is not None and value not in held[target]:
                problems.append(
                    f"{model._meta.verbose_name} {item['pk']}: its {name} {value} is not in "
                    "the backup (a row of another league?)."
                )
    return problems


def _checked(path: Path):
    """The backup's slug, accounts and rows, every value checked; refuse it on any problem."""
    slug, accounts, objects = read_league_backup(path)
    renamed, problems = players_named_as_typed(objects)
    problems += field_problems(objects)
    if not problems:
        problems += foreign_links(objects) + backup_problems(objects)
    if problems:
        raise refuse(problems)
    upgrade_old_rows(objects)
    return slug, accounts, objects, renamed


def _top_id(model) -> int:
    """The highest id of ``model`` this site holds or names: its rows', its history's, and the
    ids any history record links to (a row deleted since)."""
    tops = [model._base_manager.aggregate(top=Max("pk"))["top"] or 0]
    history = getattr(model, "history", None)
    if history is not None:
        tops.append(history.aggregate(top=Max("id"))["top"] or 0)
    for recorder in league_models():
        if original(recorder) is None:
            continue
        for name, target in _links(recorder):
            if target is model:
                tops.append(recorder._base_manager.aggregate(top=Max(f"{name}_id"))["top"] or 0)
    return max(tops)


def new_ids(objects: list[dict], league_pk: int | None) -> dict:
    """For each model, the backup's ids and the new ids they get: above every id this site
    holds or names, in the same order. The league keeps ``league_pk`` where it is given."""
    models = _models()
    seen: dict = {model: set() for model in models.values()}
    for item in objects:
        model = models[item["model"].lower()]
        seen[model].add(item["pk"])
        recorded = original(model)
        if recorded is not None:
            seen[recorded].add(item["fields"].get("id"))
        for name, target in _links(model):
            seen[target].add(item["fields"].get(name))
    maps = {}
    for model, ids in seen.items():
        ids.discard(None)
        top = _top_id(model)
        maps[model] = {old: top + rank for rank, old in enumerate(sorted(ids), 1)}
    if league_pk is not None:
        maps[League] = dict.fromkeys(maps[League], league_pk)
    return maps


def remap(objects: list[dict], maps: dict) -> None:
    """Give every row, history record and link its new id, in place; and a value unique
    across the site that this site has already (the league restored beside itself) a new one:
    a hand's entry id (the phone's id of the hand, the same for the hand and its history
    records) and a player's personal link."""
    models = _models()
    fresh = _fresh_where_taken(objects)
    for item in objects:
        label = item["model"].lower()
        for name, taken in fresh.get(label, {}).items():
            if item["fields"].get(name) in taken:
                item["fields"][name] = taken[item["fields"][name]]
        model = models[label]
        item["pk"] = maps[model][item["pk"]]
        fields = item["fields"]
        if original(model) is not None and fields.get("id") is not None:
            fields["id"] = maps[original(model)][fields["id"]]
        for name, target in _links(model):
            if fields.get(name) is not None:
                fields[name] = maps[target][fields[name]]


#: The values unique across the site: (models holding them, field, where the site keeps them,
#: how a new one is made). A hand's entry id counts in the history too (an undone hand keeps it).
SITE_UNIQUE = [
    (("table.hand", "table.historicalhand"), "client_id", ("table", "Hand", "history"), uuid.uuid4),
    (("rsvp.playerlink",), "token", ("rsvp", "PlayerLink", "objects"), new_token),
    (("members.invite",), "token", ("members", "Invite", "objects"), new_token),
    (("rsvp.calendarfeed",), "token", ("rsvp", "CalendarFeed", "objects"), new_token),
    (
        ("league.evening", "league.historicalevening"),
        "submit_key",
        ("league", "Evening", "_base_manager"),
        uuid.uuid4,
    ),
]


def _fresh_where_taken(objects: list[dict]) -> dict:
    """{model label: {field: {value the site has: its new value}}} for the backup's rows."""
    fresh: dict = {}
    for labels, name, (app, model, manager), make in SITE_UNIQUE:
        given = {
            item["fields"][name]
            for item in objects
            if item["model"].lower() in labels and item["fields"].get(name)
        }
        rows = getattr(apps.get_model(app, model), manager)  # by name: floors above this one
        taken = rows.filter(**{f"{name}__in": given}).values_list(name, flat=True)
        new = {str(value): str(make()) for value in set(taken)}
        for label in labels:
            fresh.setdefault(label, {})[name] = new
    return fresh


def site_usernames(accounts: list[dict]) -> dict:
    """Each username of the backup's accounts and this site's account it means: the one of the
    same username, else the only one of the same e-mail address, else ``None``."""
    users = list(get_user_model()._base_manager.values_list("username", "email"))
    by_name = {username for username, _email in users}
    by_email: dict = {}
    for username, email in users:
        if email:
            by_email.setdefault(email.casefold(), []).append(username)
    matched = {}
    for account in accounts:
        name, email = account["username"], (account.get("email") or "").casefold()
        if name in by_name:
            matched[name] = name
        else:
            same = by_email.get(email, []) if email else []
            matched[name] = same[0] if len(same) == 1 else None
    return matched


#: The rows that are an account's (a membership, a claim, a private calendar link), each with
#: the field naming it: without that account, left out.
ACCOUNTS_OWN = {
    "league.membership": "user",
    "members.playerclaim": "user",
    "rsvp.calendarfeed": "created_by",
}


def link_accounts(objects: list[dict], accounts: list[dict], members_now, say) -> list[dict]:
    """The rows with their accounts pointing at this site's: a membership or claim without
    such an account (or a membership of an account already a member) is left out; any other
    row keeps its change without the account (a history record's author, who imported, who
    marked a transfer paid)."""
    matched = site_usernames(accounts)
    kept_rows, left_out, unlinked, members = [], set(), 0, set(members_now)
    for item in objects:
        label, fields = item["model"].lower(), item["fields"]
        own = ACCOUNTS_OWN.get(label)
        if own:
            link = fields.get(own)
            username = matched.get(link[0]) if isinstance(link, list) and link else None
            if username is None or (label == "league.membership" and username in members):
                left_out.add(str(link[0] if isinstance(link, list) and link else link))
                continue
            if label == "league.membership":
                members.add(username)
            fields[own] = [username]
        for name in ACCOUNT_FIELDS:
            if name != own and isinstance(fields.get(name), list):
                username = matched.get(fields[name][0])
                unlinked += username is None and name == "history_user"
                fields[name] = None if username is None else [username]
        kept_rows.append(item)
    if left_out:
        say(
            f"Left out the memberships and claims of {', '.join(sorted(left_out))}: this site "
            "has no such account, or it is a member already."
        )
    if unlinked:
        say(f"{counted(unlinked, 'history record')} restored without its account.")
    return kept_rows


def _target(slug) -> League | None:
    """The empty league of ``slug`` the backup goes into, or ``None`` for a new one; refuse
    a league of that slug that holds players or evenings."""
    league = League.objects.filter(slug=slug).first()
    if league is None:
        return None
    if (
        Player._base_manager.filter(league=league).exists()
        or Evening._base_manager.filter(league=league).exists()
        or Evening.history.filter(league_id=league.pk).exists()
    ):
        raise CommandError(
            f"This site already has a league at the address {slug!r} with players or "
            "evenings: restore only into a new league or an empty one. Nothing was restored."
        )
    PrizeShare._base_manager.filter(league=league).delete()  # the backup brings its split
    return league


def _load(objects: list[dict], league_pk: int) -> None:
    evenings = [item["pk"] for item in objects if item["model"].lower() == "league.evening"]
    load_checked(objects, evenings)
    # The league's invites and calendar links came too: the rules of members and links.
    problems = [f"The members: {rule}" for rule in member_rules()]
    problems += [f"{label}: {rule}" for rules in hooks.SITE_RULES for label, rule in rules()]
    if problems:
        raise refuse(problems)
    kept.rebuild_league(League.objects.get(pk=league_pk))


def restore_league(path, *, report=None) -> League:
    """Load the league backup at ``path`` into this site as a new league (or into the empty
    league of its slug), all or nothing; return the league. Raises ``CommandError`` with one
    line for a file that is no league backup, a broken value or rule, or a slug taken."""
    say = report or (lambda line: None)
    path = Path(path)
    with translation.override("en"):
        slug, accounts, objects, renamed = _checked(path)
        try:
            with league_write():
                one_restore_at_a_time()
                target = _target(slug)
                evenings = sum(item["model"].lower() == "league.evening" for item in objects)
                say(
                    f"Restoring the league {slug} ({counted(evenings, 'evening')}) "
                    + ("into its empty league here." if target else "as a new league.")
                )
                members = (
                    Membership.objects.filter(league=target).values_list(
                        "user__username", flat=True
                    )
                    if target
                    else []
                )
                objects = link_accounts(objects, accounts, members, say)
                maps = new_ids(objects, target.pk if target else None)
                remap(objects, maps)
                league_pk = next(iter(maps[League].values()))
                for line in renamed:
                    say(line)
                _load(objects, league_pk)
                return League.objects.get(pk=league_pk)
        except OperationalError as error:
            raise CommandError(
                f"The database is busy (another restore?): {first_line(error)} "
                "Nothing was restored."
            ) from None
