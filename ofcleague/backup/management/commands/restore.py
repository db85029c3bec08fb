"""``manage.py restore FILE``: load a backup of ``manage.py backup`` into an empty database.

All or nothing. The file is read and every value checked against its field's type and limits
first, and every player's name normalised as a typed one would be; then one transaction loads
the rows, gives rows without history a starting record, and checks the league's invariants
over everything restored. Any problem refuses the whole backup with one line naming what is
wrong, and the transaction rolls back. Before loading it says which accounts it brings; with
``--without-users`` it brings none and keeps the site's own accounts, groups and permissions.
The command speaks English, as Django's own management commands do.
"""

from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import OperationalError
from django.utils import translation

from ofcleague.backup.loading import (
    counted,
    first_line,
    load_checked,
    one_restore_at_a_time,
    refuse,
)
from ofcleague.backup.management.commands._backup_file import (
    RowLabels,
    field_problems,
    players_named_as_typed,
    read_backup,
    upgrade_old_rows,
    without_old_kept_rows,
)
from ofcleague.backup.writing import FRAMEWORK_MODELS, backup_models
from ofcleague.league.current import across_leagues
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.standings import kept
from ofcleague.standings.counted.rules import backup_problems
from ofcleague.web.league_writes import league_write

# Rows that the migrations themselves create (the default prize split, the Scorekeepers group):
# a freshly migrated database has them, so they do not count as data; the backup's rows
# replace them.
SEEDED_BY_MIGRATIONS = ["league.league", "league.prizeshare", "auth.group"]
# The site's accounts, their groups, their roles in the leagues and the admin's change log:
# what --without-users keeps. The claims that link accounts to players belong to accounts
# too: without the backup's accounts they are left out (the accounts claim their players again).
ACCOUNT_MODELS = set(FRAMEWORK_MODELS) | {"league.membership", "members.playerclaim"}


def models_with_data(without_users=False):
    """Return the names of backed-up models that hold rows a restore would collide with."""
    seeded = {apps.get_model(label) for label in SEEDED_BY_MIGRATIONS}
    kept = {apps.get_model(label) for label in ACCOUNT_MODELS} if without_users else set()
    return [
        model._meta.label
        for model in backup_models()
        if model not in seeded | kept and model._base_manager.exists()
    ]


def _accounts(users: list[dict]) -> str:
    """``users`` (account fields) in a few words: how many, and the superusers by name."""
    superusers = sorted(
        str(user.get("username")) + ("" if user.get("is_active", True) else " (inactive)")
        for user in users
        if user.get("is_superuser")
    )
    named = f"superusers: {', '.join(superusers)}" if superusers else "no superuser"
    return f"{counted(len(users), 'account')}, {named}"


def _backup_accounts(objects: list[dict]) -> dict:
    """The backup's accounts: their fields by id."""
    return {item["pk"]: item["fields"] for item in objects if item["model"].lower() == "auth.user"}


def _account_links(objects: list[dict]):
    """Each (row, field name) of the league's rows that links to an account: the history's
    ``history_user``, which names the account that made the change."""
    user_model = get_user_model()
    links = {
        model._meta.label_lower: [
            field.name
            for field in model._meta.concrete_fields
            if field.is_relation and field.related_model is user_model
        ]
        for model in backup_models()
        if model._meta.label_lower not in ACCOUNT_MODELS
    }
    for item in objects:
        for name in links.get(item["model"].lower(), ()):
            if item["fields"].get(name) is not None:
                yield item, name


def _username(link, accounts: dict):
    """The username a link names: by natural key (as backups write it) or by the account's id."""
    if isinstance(link, list):
        return link[0] if len(link) == 1 else None
    return accounts.get(link, {}).get("username")


def _missing_accounts(objects: list[dict], accounts: dict) -> list[str]:
    """A line for every history record that names an account the backup does not hold."""
    usernames = {fields.get("username") for fields in accounts.values()}
    labels = RowLabels(objects)
    models_by_label = {model._meta.label_lower: model for model in backup_models()}
    problems = []
    for item, name in _account_links(objects):
        link = item["fields"][name]
        username = _username(link, accounts)
        if username not in usernames:
            shown = repr(username) if username is not None else f"no. {link}"
            problems.append(
                f"{labels.of(models_by_label[item['model'].lower()], item)}: its {name} names "
                f"the account {shown}, which the backup does not hold."
            )
    return problems


def _link_to_the_sites_accounts(objects: list[dict], accounts: dict, report) -> None:
    """Point the history's account links at this site's account of the same username, or at
    none where the site has no such account (the record keeps its change, not its author)."""
    present = set(get_user_model()._base_manager.values_list("username", flat=True))
    lacking = set()
    unlinked = 0
    for item, name in _account_links(objects):
        username = _username(item["fields"][name], accounts)
        if username in present:
            item["fields"][name] = [username]
        else:
            item["fields"][name] = None
            lacking.add(str(username))
            unlinked += 1
    if unlinked:
        verb = "names" if unlinked == 1 else "name"
        report(
            f"{counted(unlinked, 'history record')} {verb} an account this site lacks "
            f"({', '.join(sorted(lacking))}): restored without the account."
        )


def _checked_rows(path: Path) -> tuple[list[dict], list[str]]:
    """The backup's rows, read, checked and upgraded, and the players renamed on the way;
    refuse the backup on any problem."""
    objects = without_old_kept_rows(read_backup(path))
    renamed, problems = players_named_as_typed(objects)
    problems += field_problems(objects)
    if not problems:
        problems += backup_problems(objects)
    if problems:
        raise refuse(problems)
    upgrade_old_rows(objects)
    return objects, renamed


def _make_room(without_users: bool) -> None:
    """Refuse a database that holds data; clear the rows its migrations seeded."""
    one_restore_at_a_time()
    occupied = models_with_data(without_users)
    if occupied:
        raise CommandError(
            "Restore only into an empty database: this one already holds "
            f"{', '.join(occupied)}. Point DATABASE_URL or DATA_DIR at a new database, "
            "run `manage.py migrate`, then restore"
            + ("." if without_users else " (or keep its accounts with --without-users).")
        )
    for label in SEEDED_BY_MIGRATIONS:
        if without_users and label in ACCOUNT_MODELS:
            continue  # the site's own groups stay
        apps.get_model(label)._base_manager.all().delete()


def _load(objects: list[dict]) -> None:
    load_checked(objects)
    # The backup's ratings and standings are loaded as they are, checked against a rebuild,
    # and rebuilt where they differ (a backup taken before they existed).
    kept.verify_or_rebuild()


def restore_backup(path, *, without_users=False, report=None):
    """Load the backup at ``path`` into an empty database, all or nothing.

    Raises ``CommandError`` with one line if the file is no backup, a value or a rule of
    the league is broken in it, or the database already holds league data or users (or
    only league data, ``without_users``: then the backup's accounts, groups and admin log
    are left out, and the history's links to accounts point at this site's accounts of the
    same name or at none). ``report`` receives what the restore brings, line by line.
    """
    say = report or (lambda line: None)
    path = Path(path)
    with translation.override("en"):
        objects, renamed = _checked_rows(path)
        accounts = _backup_accounts(objects)
        if without_users:
            objects = [item for item in objects if item["model"].lower() not in ACCOUNT_MODELS]
        else:
            problems = _missing_accounts(objects, accounts)
            if problems:
                raise refuse(problems)
        try:
            with league_write():
                _make_room(without_users)
                _say_what_comes(say, accounts, renamed, without_users)
                if without_users:
                    _link_to_the_sites_accounts(objects, accounts, say)
                single_league = not any(
                    item["model"].lower() == "league.league" for item in objects
                )
                if single_league:
                    _first_league()
                _load(objects)
                if single_league and not without_users:
                    _scorekeepers_to_roles()
        except OperationalError as error:
            raise CommandError(
                f"The database is busy (another restore?): {first_line(error)} "
                "Nothing was restored."
            ) from None


def _first_league():
    """A backup of the site's single-league days holds no league: its rows go to the first."""
    League.objects.create(pk=1, name=settings.LEAGUE_NAME, slug=settings.LEAGUE_SLUG)


def _scorekeepers_to_roles():
    """The Scorekeepers group of the single-league days gave its members their role."""
    league = League.objects.get(pk=1)
    for user in get_user_model()._base_manager.filter(groups__name="Scorekeepers"):
        Membership.objects.get_or_create(
            league=league, user=user, defaults={"role": Role.SCOREKEEPER}
        )


def _say_what_comes(say, accounts: dict, renamed: list[str], without_users: bool) -> None:
    users = list(accounts.values())
    if without_users:
        site = get_user_model()._base_manager.values("username", "is_superuser", "is_active")
        say(
            f"Leaving out the backup's {_accounts(users)}; "
            f"keeping this site's {_accounts(list(site))}."
        )
    elif not any(user.get("is_superuser") for user in users):
        say(
            f"Restoring {_accounts(users)}: create one with `manage.py createsuperuser` "
            "to reach the admin."
        )
    else:
        say(f"Restoring {_accounts(users)}.")
    for line in renamed:
        say(line)


class Command(BaseCommand):
    help = "Load a backup written by `manage.py backup` into an empty, migrated database."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a backup written by `manage.py backup`")
        parser.add_argument(
            "--without-users",
            action="store_true",
            help="restore the league but not the backup's accounts, groups and admin log: "
            "keep this site's own",
        )

        parser.add_argument(
            "--league",
            action="store_true",
            help="FILE is the backup of one league (`backup --league`): load it as a new "
            "league of this site, whatever other leagues it holds",
        )

    @across_leagues  # a command reads every league's rows (each league's work names it)
    def handle(self, *args, **options):
        report = self.stdout.write if options["verbosity"] >= 1 else None
        if options["league"]:
            if options["without_users"]:
                raise CommandError("--league restores no accounts: leave out --without-users.")
            from ofcleague.backup.league_restore import restore_league

            league = restore_league(options["file"], report=report)
            self.stdout.write(
                self.style.SUCCESS(f"Restored the league {league.slug} from {options['file']}.")
            )
            return
        restore_backup(options["file"], without_users=options["without_users"], report=report)
        self.stdout.write(self.style.SUCCESS(f"Restored {options['file']}."))
