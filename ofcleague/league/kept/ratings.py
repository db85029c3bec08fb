"""The kept ratings and standings: the write side that keeps them equal to a rebuild.

Every service calls :func:`recompute_from` once, in its transaction, after its writes: the
ratings are replayed from the earliest position the write can have changed (an evening's
position is its date, start time and id; for a moved evening the earlier of where it was and
where it is now, read from its history), and the counters of the players, years and variants
it touched are recomputed from their seats (``standings_store.py``). :func:`rebuild` does all
of it from scratch (``manage.py rebuild_standings``, ``load_history``). The arithmetic is in
``rating_math.py``.
"""

from __future__ import annotations

from django.db import connection, transaction
from django.db.models import OuterRef, Q, Subquery

from ofcleague.league.kept import counters as standings_store
from ofcleague.league.kept.rating_math import Rating, replay
from ofcleague.league.models import Evening, EveningPlayer, Player, Standing, Status

# Rows per executemany call when writing ratings back.
BATCH = 2000
RATING_FIELDS = ("mu_before", "sigma_before", "mu_after", "sigma_after")
# PostgreSQL advisory lock held by every recompute until its transaction ends: two writers
# each replaying ratings from what the other has not committed yet would leave stale values.
# (SQLite's IMMEDIATE transactions already let one writer at a time.)
LOCK_KEY = 0x0FC1E46E


def _one_writer_at_a_time() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK_KEY])


def _at_or_after(cut) -> Q:
    """Seats of evenings at or after ``cut`` = (date, start_time, evening id)."""
    date, start_time, evening_id = cut
    return (
        Q(evening__date__gt=date)
        | Q(evening__date=date, evening__start_time__gt=start_time)
        | Q(evening__date=date, evening__start_time=start_time, evening_id__gte=evening_id)
    )


RATED = Q(place__isnull=False, evening__status=Status.FINISHED)


def _rated_seats(where: Q):
    return (
        EveningPlayer.objects.filter(RATED, where)
        .order_by("evening__date", "evening__start_time", "evening_id")
        .values_list(
            "pk",
            "evening_id",
            "player_id",
            "place",
            "evening__date",
            "evening__start_time",
            "evening__variant",
            *RATING_FIELDS,
        )
    )


def ratings_before(players, cut=None) -> dict[int, Rating]:
    """Each player's rating after their last rated evening before ``cut`` (all evenings
    without one); players without any are left out. One query."""
    latest = EveningPlayer.objects.filter(player=OuterRef("pk"), mu_after__isnull=False)
    if cut is not None:
        latest = latest.exclude(_at_or_after(cut))
    latest = latest.order_by("-evening__date", "-evening__start_time", "-evening_id")
    rows = (
        Player.objects.filter(pk__in=players)
        .annotate(
            mu=Subquery(latest.values("mu_after")[:1]),
            sigma=Subquery(latest.values("sigma_after")[:1]),
        )
        .values_list("pk", "mu", "sigma")
    )
    return {pk: Rating(mu, sigma) for pk, mu, sigma in rows if mu is not None}


def _write(updates) -> None:
    """Store (mu_before, sigma_before, mu_after, sigma_after, seat id) rows in batches."""
    if not updates:
        return
    quote = connection.ops.quote_name
    sets = ", ".join(f"{quote(name)} = %s" for name in RATING_FIELDS)
    sql = f"UPDATE {quote(EveningPlayer._meta.db_table)} SET {sets} WHERE id = %s"
    with connection.cursor() as cursor:
        for start in range(0, len(updates), BATCH):
            cursor.executemany(sql, updates[start : start + BATCH])


def _rerate(cut=None, exclude=None) -> dict[tuple, str]:
    """Replay the ratings from ``cut`` (from the start without one), leaving out the evening
    ``exclude``; write the seats whose values changed. Returns the new rating string of each
    (player, year, variant) whose latest seat changed."""
    where = Q() if cut is None else _at_or_after(cut)
    rows = list(_rated_seats(where).exclude(evening_id=exclude))
    current = {} if cut is None else ratings_before({row[2] for row in rows}, cut)
    evenings: list[list] = []
    last_evening = None
    for row in rows:
        if row[1] != last_evening:
            evenings.append([])
            last_evening = row[1]
        evenings[-1].append((row[0], row[2], row[3]))
    new = replay(evenings, current)
    updates, latest = [], {}
    for pk, evening_id, player_id, _place, date, start_time, variant, *stored in rows:
        before, after = new[pk]
        values = (before.mu, before.sigma, after.mu, after.sigma)
        changed = tuple(stored) != values
        if changed:
            updates.append((*values, pk))
        latest[(player_id, date.year, variant)] = (changed, date, start_time, evening_id, after)
    _write(updates)
    return {
        key: standings_store.rating_text(standings_store.position(*place), after)
        for key, (changed, *place, after) in latest.items()
        if changed
    }


def _unrate(where: Q) -> None:
    """Clear the ratings of seats that are not rated (no place, or the evening not finished)."""
    stale = EveningPlayer.objects.filter(where, mu_after__isnull=False).exclude(RATED)
    EveningPlayer.objects.filter(pk__in=list(stale.values_list("pk", flat=True))).update(
        **dict.fromkeys(RATING_FIELDS)
    )


def recompute_from(evening: Evening, *, without: bool = False, rerate: bool = True) -> None:
    """Bring ratings and counters up to date after a write to ``evening``, in the caller's
    transaction. ``without``: the evening is about to be deleted, count it out. ``rerate``
    false: the write cannot move a rating (prize money only), so only counters are refreshed."""
    _one_writer_at_a_time()
    states = [evening, *Evening.history.filter(id=evening.pk).order_by("-history_id")[:2]]
    if not any(state.status == Status.FINISHED for state in states):
        # Neither before nor after this write did the evening count: nothing kept changes.
        return
    exclude = evening.pk if without else None
    changed = {}
    if rerate:
        cut = min((state.date, state.start_time, evening.pk) for state in states)
        _unrate(Q(evening_id=evening.pk))
        changed = _rerate(cut, exclude)
    players = set(
        EveningPlayer.objects.filter(evening_id=evening.pk).values_list("player_id", flat=True)
    )
    players |= set(
        EveningPlayer.history.filter(evening_id=evening.pk).values_list("player_id", flat=True)
    )
    years = {state.date.year for state in states}
    variants = {state.variant for state in states}
    standings_store.refresh(players, years, variants, exclude=exclude)
    standings_store.set_ratings(
        {
            key: text
            for key, text in changed.items()
            if not (key[0] in players and key[1] in years and key[2] in variants)
        }
    )
    standings_store.refresh_totals(players | {player for player, _year, _variant in changed})


@transaction.atomic
def rebuild() -> None:
    """Recompute every rating and every counter from the evenings, in one transaction."""
    _one_writer_at_a_time()
    _unrate(Q())
    _rerate()
    standings_store.rebuild()


def _kept():
    """Every kept value, for comparing with a rebuild: seat ratings and standings rows."""
    seats = sorted(EveningPlayer.objects.values_list("pk", *RATING_FIELDS))
    fields = [f.attname for f in Standing._meta.concrete_fields if f.attname != "id"]
    standings = sorted(tuple(row) for row in Standing.objects.values_list(*fields))
    return seats, standings


@transaction.atomic
def kept_matches_rebuild() -> bool:
    """Whether the kept ratings and standings equal a rebuild from the evenings; nothing is
    changed (the rebuild runs in a savepoint that is rolled back). For tests and restores."""
    kept = _kept()
    savepoint = transaction.savepoint()
    rebuild()
    matches = _kept() == kept
    transaction.savepoint_rollback(savepoint)
    return matches


@transaction.atomic
def verify_or_rebuild() -> bool:
    """Keep the kept data as it is (same rows) when it equals a rebuild, else rebuild it (a
    backup from before the ratings existed, say). Returns whether it matched."""
    if kept_matches_rebuild():
        return True
    rebuild()
    return False
