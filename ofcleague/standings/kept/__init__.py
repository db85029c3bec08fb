"""The kept numbers: every seat's rating, and every player's counters per year and variant,
per year, and over all of them, kept equal to a rebuild from the evenings.

The league's services tell every write to an evening through the core's hook
``EVENING_CHANGED`` (``ofcleague/league/hooks.py``), once, in their transaction; its receiver
here, :func:`evening_changed` (registered in ``standings/apps.py``, after the money's), calls
:func:`refresh_after` or :func:`refresh_after_many`: the ratings are replayed from the
earliest position the write can have changed (an evening's position in the rating order is
its date, start time and id; for a moved evening the earlier of where it was and where it is
now, read from its history), the standings of the players, years and variants it touched are
folded again from their seats, and those players' season and player totals merged again.
:func:`rebuild` recomputes all of it (``manage.py rebuild_standings``, ``load_history``);
:func:`kept_matches_rebuild` compares the kept values with a rebuild (the stateful tests, the
restore); :func:`rebuild_league` recomputes one league's (the restore of one league).

- ``record.py`` (pure): ``Counters``, one player's counters over some evenings, with the one
  fold from a seat (``add``) and the merge of two (``merge``, by each field's rule);
  ``PlayerRecord``, a row of the tables: the counters and the player. The players' pages
  (``player_records``) and the kept rows come from the same fold.
- ``models.py``: the kept rows, one column per counter under the counter's name (the abstract
  ``KeptCounters``): ``Standing`` (player, year, variant), ``SeasonTotal`` (player, year) and
  ``PlayerTotal`` (player), so that the all-time and a season's table read one row per player.
  Place counts and opponents beaten are JSON objects of whole numbers (``{"1": 3, "2": 1}``);
  the rating is mu and sigma after the row's last evening, whose date, start time and id
  order the rows. ``Rivalry`` (player, opponent): the head-to-head of the player pages.
- ``rivals.py``: the rivalries refreshed for the players of a changed evening (one aggregate
  query), or all rebuilt.
- ``counters.py``: the seats read and folded, the rows refreshed and rolled up, and read for
  the tables; ``rows.py`` stores and reads rows by field name (plain SQL, the same on SQLite
  and PostgreSQL).
- ``ratings.py``: the seats' ratings replayed; ``rating_math.py``: their arithmetic (pure).
- ``seasons.py``: a :class:`Season` per calendar year, its count of finished evenings (the
  years of the written evening's dates counted again), for the seasons list. Like every kept
  row it is checked against a rebuild (``kept_matches_rebuild``), not by the league's
  invariants: a restore checks those before it rebuilds what a backup's kept rows lack.

Adding a counter touches three places: its field on ``Counters`` with its merge rule
(``record.py``), its line in ``Counters.add``, and its column on ``KeptCounters``
(``models.py``, then ``makemigrations``). Storing, reading, merging and comparing with a
rebuild go by field name. Showing it is the pages' business (a property, a table column).
"""

from __future__ import annotations

from django.db import connection, transaction
from django.db.models import Q

from ofcleague.league import hooks
from ofcleague.league.current import active_league, every_league, using_league
from ofcleague.league.models import Evening, EveningPlayer, League, Status
from ofcleague.league.services.version import history_of
from ofcleague.standings.counted import refresh as counted
from ofcleague.standings.kept import counters, ratings, rivals, seasons
from ofcleague.standings.kept.models import PlayerTotal, Rivalry, Season, SeasonTotal, Standing
from ofcleague.standings.kept.rating_math import NEWCOMER
from ofcleague.standings.kept.record import RULES
from ofcleague.standings.kept.rows import key_fields
from ofcleague.web.league_writes import league_write

# PostgreSQL advisory lock held by every refresh until its transaction ends: two writers
# each replaying ratings from what the other has not committed yet would leave stale values.
# (SQLite's IMMEDIATE transactions already let one writer at a time.)
LOCK_KEY = 0x0FC1E46E


def _one_writer_at_a_time() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK_KEY])


def _players_of(evening: Evening) -> set[int]:
    """The evening's players now and in its history (a player taken off counts too)."""
    players = set(
        EveningPlayer.objects.filter(evening_id=evening.pk).values_list("player_id", flat=True)
    )
    players |= set(
        EveningPlayer.history.filter(evening_id=evening.pk).values_list("player_id", flat=True)
    )
    return players


def refresh_after(evening: Evening, *, deleting: bool = False, money_only: bool = False) -> None:
    """Bring the kept ratings and counters up to date after a write to ``evening``, in the
    caller's transaction (its money followed already: ``ofcleague.league.hooks``).
    ``deleting``: the evening is about to be deleted, count it out. ``money_only``: the write
    changed prize money only, which moves no rating. The evening's league is active
    meanwhile: its ratings and seasons are its own."""
    active = active_league()
    if active is not None and active.pk == evening.league_id:
        _refresh_after(evening, deleting=deleting, money_only=money_only)
        return
    # The kept code reads only the active league's key: no query for the rest of its row.
    with using_league(League(pk=evening.league_id)):
        _refresh_after(evening, deleting=deleting, money_only=money_only)


def _refresh_after(evening: Evening, *, deleting: bool, money_only: bool) -> None:
    _one_writer_at_a_time()
    states = [evening, *history_of(Evening).filter(id=evening.pk).order_by("-history_id")[:2]]
    if not any(state.status == Status.FINISHED for state in states):
        # Neither before nor after this write did the evening count: nothing kept changes.
        return
    exclude = evening.pk if deleting else None
    rerated = {}
    if not money_only:
        cut = min((state.date, state.start_time, evening.pk) for state in states)
        ratings.unrate(Q(evening_id=evening.pk))
        rerated = ratings.rerate(cut, exclude)
    players = _players_of(evening)
    years = {state.date.year for state in states}
    variants = {state.variant for state in states}
    counters.refresh(players, years, variants, exclude=exclude)
    if not money_only:  # the head-to-head counts places and points, never money
        rivals.refresh(players, exclude=exclude)
    seasons.refresh(years, exclude=exclude)
    _fold_rerated(rerated, players, years, variants)


def _fold_rerated(rerated: dict, players: set, years: set, variants: set) -> None:
    """After a replay: the later evenings of the standings not folded again moved only their
    latest rating; then the totals of every player and year touched."""
    counters.set_ratings(
        {
            key: rating
            for key, rating in rerated.items()
            if not (key[0] in players and key[1] in years and key[2] in variants)
        }
    )
    counters.refresh_totals(
        players | {player for player, _year, _variant in rerated},
        years | {year for _player, year, _variant in rerated},
    )


def refresh_after_many(evenings: list[Evening], *, seasons_too: bool = False) -> None:
    """Bring the kept data up to date after one write that changed the seats of several
    evenings of one league at once (two players merged into one), in the caller's
    transaction: the ratings replayed once from the earliest of them, the counters of their
    players, years and variants folded again; ``seasons_too``: and the count of finished
    evenings of their years (evenings added or deleted)."""
    if not evenings:
        return
    with using_league(League.objects.get(pk=evenings[0].league_id)):
        _one_writer_at_a_time()
        cut = min((evening.date, evening.start_time, evening.pk) for evening in evenings)
        ratings.unrate(Q(evening_id__in=[evening.pk for evening in evenings]))
        rerated = ratings.rerate(cut)
        players = set().union(*(_players_of(evening) for evening in evenings))
        years = {evening.date.year for evening in evenings}
        variants = {evening.variant for evening in evenings}
        counters.refresh(players, years, variants)
        rivals.refresh(players)
        if seasons_too:
            seasons.refresh(years)
        _fold_rerated(rerated, players, years, variants)


@league_write
def rebuild() -> None:
    """Recompute every rating and every counter from the evenings, in one transaction: every
    league's, each with its league active."""
    _one_writer_at_a_time()
    ratings.unrate(Q())
    with every_league():
        Season.objects.all().delete()
    for model in (Standing, SeasonTotal, PlayerTotal, Rivalry):
        model.objects.all().delete()
    for league in League.objects.order_by("pk"):
        with using_league(league):
            ratings.rerate()
            seasons.rebuild()
            counters.rebuild()
            rivals.rebuild()
    counted.rebuild()


@league_write
def rebuild_league(league: League) -> None:
    """Recompute the ratings and counters of ``league`` alone from its evenings, in one
    transaction, with the league active; no other league's row is read or written (a league
    restored into a site that holds others)."""
    with using_league(league):
        _one_writer_at_a_time()
        ratings.unrate(Q(evening__league_id=league.pk))
        ratings.rerate()
        seasons.rebuild()
        counters.rebuild()
        rivals.rebuild()
    counted.rebuild_league(league)


def kept_values() -> tuple:
    """Every kept value, for comparing with a rebuild: seat ratings, then the rows of every
    kept model, each row key first and in key order (ids left out), then the seasons' counts."""
    seats = sorted(EveningPlayer.objects.values_list("pk", *ratings.RATING_FIELDS))
    kept = [
        sorted(model.objects.values_list("league_id", *key_fields(model), *RULES))
        for model in (Standing, SeasonTotal, PlayerTotal)
    ]
    return (
        seats,
        *kept,
        rivals.kept_values(),
        sorted(Season.objects.values_list("year", "evenings")),
        counted.kept_values(),
    )


@transaction.atomic
def kept_matches_rebuild() -> bool:
    """Whether the kept ratings and counters equal a rebuild from the evenings; nothing is
    changed (the rebuild runs in a savepoint that is rolled back). For tests and restores."""
    kept = kept_values()
    savepoint = transaction.savepoint()
    rebuild()
    matches = kept_values() == kept
    transaction.savepoint_rollback(savepoint)
    return matches


@league_write
def verify_or_rebuild() -> bool:
    """Keep the kept data as it is (same rows) when it equals a rebuild, else rebuild it (a
    backup from before the ratings existed, say). Returns whether it matched."""
    if kept_matches_rebuild():
        return True
    rebuild()
    return False


def evening_changed(change: hooks.EveningChange) -> None:
    """The receiver of the core's ``EVENING_CHANGED``: the kept numbers follow the write."""
    if change.together:
        refresh_after_many(list(change.evenings), seasons_too=change.seasons_too)
    else:
        refresh_after(change.evenings[0], deleting=change.deleting, money_only=change.money_only)


def player_strengths(players: list[int]) -> dict[int, float]:
    """The receiver of the core's ``PLAYER_STRENGTH``: each player's shown rating (a
    newcomer's where they have none), for tables balanced by strength."""
    known = ratings.ratings_before(players)
    return {player: known.get(player, NEWCOMER).display for player in players}
