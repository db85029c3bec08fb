"""The write side of the league: every change to evenings, seats and points goes through here.

Each public function runs in one transaction, checks the rules that span rows (the database
checks the rest), recomputes the derived data (totals, places, prizes) in the same transaction
and bumps ``Evening.version``. A caller passes the version it read; when someone else saved the
evening meanwhile, the conditional ``UPDATE ... WHERE version = read_version`` touches no row and
the write is refused with :class:`EveningChanged`, so nobody silently overwrites anybody.

Pure helpers (``grid_problems``, ``finishing_order_problems``, ``default_payouts``,
``split_prizes``) hold the rules themselves; the forms use them to put messages next to the
fields, and the services use them again before writing.
"""

from __future__ import annotations

import datetime
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, F, Q
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ofcleague.league import ratings
from ofcleague.league.cache import invalidate_league_pages
from ofcleague.league.invariants import league_problems
from ofcleague.league.limits import MONEY, ROUND_POINTS
from ofcleague.league.models import (
    Evening,
    EveningPlayer,
    PlacesSource,
    Player,
    PrizeShare,
    RoundScore,
    Status,
)
from ofcleague.league.names import name_key, normalise_name
from ofcleague.league.standings import places_from_totals, tied_groups

CENT = Decimal("0.01")
# Marks the history rows written when an evening is deleted, so a restore brings back exactly
# the seats and scores that went with it (not those removed earlier by a correction).
DELETED_WITH_EVENING = "deleted with evening"
RESTORED = "restored"

Points = Mapping[int, Mapping[int, int | None]]


class EveningChanged(ValidationError):
    """Someone else saved the evening after the caller read it; nothing was written."""

    def __init__(self):
        super().__init__(
            _(
                "Someone else changed this evening meanwhile. Your input is still here; "
                "check the evening page for the current values, then save again to overwrite "
                "them or leave this page to keep them."
            ),
            code="changed_meanwhile",
        )


def _claim(evening: Evening, read_version: int) -> Evening:
    """Bump the evening's version if it is still the one the caller read, else refuse.

    Returns the evening as stored now: the services work on fresh rows, never on the caller's
    object (which may carry prefetched seats that are gone, and must not change when a write
    is refused).
    """
    updated = Evening.objects.filter(pk=evening.pk, version=read_version).update(
        version=F("version") + 1
    )
    if updated == 0:
        raise EveningChanged()
    # Every change to an evening claims it first: its pages go stale once this commits.
    invalidate_league_pages()
    return Evening.objects.get(pk=evening.pk)


def _seats(evening: Evening) -> list[EveningPlayer]:
    """The evening's seats, read fresh."""
    return list(
        EveningPlayer.objects.filter(evening=evening).select_related("player").order_by("pk")
    )


def _checked(instance):
    """The instance after its field validation (the limits): every write runs it first.

    Uniqueness and check constraints are left to the database here: validating them in
    Python costs a query per row and constraint.
    """
    instance.full_clean(validate_unique=False, validate_constraints=False)
    return instance


def _and_join(items: Sequence[str]) -> str:
    """ "1, 2 and 3" in the current language."""
    if len(items) < 2:
        return "".join(items)
    return _("%(rest)s and %(last)s") % {"rest": ", ".join(items[:-1]), "last": items[-1]}


# Players ------------------------------------------------------------------------------------


def split_names(text: str) -> list[str]:
    """Names from a comma- or line-separated text, each normalised, blank pieces dropped.

    Raises ``ValidationError`` with a message for every piece that cannot be a name.
    """
    names, problems = [], []
    # Normalised first, so a fullwidth comma separates names like a plain one.
    for piece in unicodedata.normalize("NFKC", text).replace("\n", ",").split(","):
        if not piece.strip():
            continue
        try:
            names.append(normalise_name(piece))
        except ValidationError as error:
            problems.extend(error.error_list)
    if problems:
        raise ValidationError(problems)
    return names


def _unique_slug(name: str, taken: set[str]) -> str:
    base = slugify(name)[:40] or "player"
    slug, number = base, 2
    while slug in taken:
        slug = f"{base}-{number}"
        number += 1
    taken.add(slug)
    return slug


# Enough for a slug taken by a concurrent insert a few times over; more means a bug.
_SLUG_ATTEMPTS = 5


def _insert_player(name: str, key: str, taken: set[str]) -> Player:
    """Insert a new player, or return the one a concurrent request inserted meanwhile.

    The savepoint keeps the surrounding transaction usable after a refused insert. On
    PostgreSQL the second of two inserts of one key waits for the first to commit and is then
    refused; reading the key again finds the player the other request created.
    """
    attempts = 0
    while True:
        try:
            with transaction.atomic():
                slug = _unique_slug(name, taken)
                return Player.objects.create(name=name, name_key=key, slug=slug)
        except IntegrityError:
            existing = Player.objects.filter(name_key=key).first()
            if existing is not None:
                return existing
            attempts += 1
            if attempts == _SLUG_ATTEMPTS:
                raise
            # The slug was taken meanwhile (a different name with the same slug): take stock.
            taken.update(Player.objects.values_list("slug", flat=True))


@transaction.atomic
def create_players(names: Iterable[str]) -> list[Player]:
    """Return the players of these names, creating those the league does not know yet.

    Names are normalised first (``ofcleague.league.names``); a name that cannot be a player's
    raises ``ValidationError``. A name with the key of a known player (the same up to case,
    invisible characters, width, or Cyrillic and Greek look-alike letters) is that player.
    Whether a new name is suspiciously close to a known one is the caller's question to ask
    (the evening form does). Two requests creating the same name at once get the same player.
    New players get a unique slug. The result keeps the order of ``names`` without duplicates.
    """
    known = {player.name_key: player for player in Player.objects.all()}
    taken = set(Player.objects.values_list("slug", flat=True))
    result: list[Player] = []
    for raw in names:
        if not raw.strip():
            continue
        name = normalise_name(raw)
        key = name_key(name)
        player = known.get(key)
        if player is None:
            player = known[key] = _insert_player(name, key, taken)
            invalidate_league_pages()
        if player not in result:
            result.append(player)
    return result


def players_by_frequency(also: Iterable[int] = ()):
    """The league's active players (and the players ``also`` named), most evenings first."""
    return (
        Player.objects.filter(Q(active=True) | Q(pk__in=list(also)))
        .annotate(played=Count("evenings"))
        .order_by("-played", "name")
    )


# Evenings -----------------------------------------------------------------------------------

# The evening's own fields a scorekeeper sets (the rest is derived or bookkeeping).
EVENING_FIELDS = (
    "date",
    "start_time",
    "buy_in",
    "rounds",
    "hands_per_round",
    "variant",
    "rule_set",
    "location",
    "notes",
)


def _check_field_size(players: Sequence[Player]) -> None:
    if len(players) < 2:
        raise ValidationError(
            {"players": _("An evening needs at least 2 players.")}, code="too_few_players"
        )


@transaction.atomic
def create_evening(
    *, players: Sequence[Player] = (), new_names: Iterable[str] = (), **details
) -> Evening:
    """Create an evening in progress with its players (known ones and new names).

    ``details`` are the evening's own fields (date, start_time, buy_in, rounds, ...).
    """
    everyone = _merge_players(players, new_names)
    _check_field_size(everyone)
    evening = Evening(status=Status.IN_PROGRESS, places_source=PlacesSource.POINTS, **details)
    evening.full_clean()
    evening.save()
    for player in everyone:
        _checked(EveningPlayer(evening=evening, player=player)).save()
    invalidate_league_pages()
    ratings.recompute_from(evening)
    return evening


def _merge_players(players: Sequence[Player], new_names: Iterable[str]) -> list[Player]:
    everyone = list(dict.fromkeys(players))
    for player in create_players(new_names):
        if player not in everyone:
            everyone.append(player)
    return everyone


@transaction.atomic
def update_evening(
    evening: Evening,
    read_version: int,
    *,
    players: Sequence[Player],
    new_names: Iterable[str] = (),
    **details,
) -> Evening:
    """Change an evening's details and its players.

    A player with points other than zero cannot be taken off (their points are half of other
    players' results); one without loses their seat (it stays in the history) and the places
    are recomputed. The number of rounds cannot drop below a round that already has points.
    When the field changes, prizes set earlier no longer fit the pot and are cleared; a
    finished evening whose result became incomplete (a player or a round added) is in
    progress again until it is completed.
    """
    evening = _claim(evening, read_version)
    everyone = _merge_players(players, new_names)
    _check_field_size(everyone)
    scores = list(RoundScore.objects.filter(evening_player__evening=evening))
    highest = max((score.round_number for score in scores), default=0)
    if highest > details.get("rounds", evening.rounds):
        raise ValidationError(
            {
                "rounds": _("Round %(round)s already has points: delete them first.")
                % {"round": highest}
            }
        )
    seats = {seat.player_id: seat for seat in _seats(evening)}
    wanted = {player.pk for player in everyone}
    leaving = [seat for player_id, seat in seats.items() if player_id not in wanted]
    joining = [player for player in everyone if player.pk not in seats]
    _refuse_leaving_with_points(leaving, scores)
    for name, value in details.items():
        setattr(evening, name, value)
    staying = [seat for seat in seats.values() if seat not in leaving]
    if evening.status == Status.FINISHED and not _complete_after_change(
        evening, staying, joining, scores
    ):
        evening.status = Status.IN_PROGRESS
    if leaving or joining:
        evening.pot = None
    evening.full_clean()
    evening.save()

    for seat in leaving:
        for score in seat.scores.all():
            score.delete()
        seat.delete()
    for player in joining:
        _checked(EveningPlayer(evening=evening, player=player)).save()
    if leaving or joining:
        for seat in staying:
            if seat.prize is not None:
                seat.prize = None
                seat.save(update_fields=["prize"])
    if evening.places_source == PlacesSource.POINTS:
        _recompute(evening)
    elif leaving:
        _close_finishing_order(evening)
    ratings.recompute_from(evening)
    return evening


def _refuse_leaving_with_points(leaving: Sequence[EveningPlayer], scores) -> None:
    """Refuse to take off players who have points other than zero, naming their rounds."""
    messages = []
    for seat in leaving:
        rounds = sorted(
            score.round_number
            for score in scores
            # A round at tables (played hand by hand) holds the player's hands even at 0.
            if score.evening_player_id == seat.pk and (score.points or score.table is not None)
        )
        if rounds:
            messages.append(
                ngettext(
                    "%(name)s has points in round %(rounds)s: clear them on the points page first.",
                    "%(name)s has points in rounds %(rounds)s: clear them on the points page "
                    "first.",
                    len(rounds),
                )
                % {"name": seat.player.name, "rounds": _and_join([str(n) for n in rounds])}
            )
    if messages:
        raise ValidationError({"players": messages}, code="player_has_points")


def _complete_after_change(evening, staying, joining, scores) -> bool:
    """Whether the evening's result stays complete with these players and rounds."""
    if joining:
        return False
    if evening.places_source == PlacesSource.ENTERED:
        return True
    entered = {(score.evening_player_id, score.round_number) for score in scores}
    return all(
        (seat.pk, number) in entered for seat in staying for number in range(1, evening.rounds + 1)
    )


def _close_finishing_order(evening: Evening) -> None:
    """Close the gaps a player taken off leaves in an entered finishing order: each player
    keeps their order, ties stay ties (1, 2, 4 of three players becomes 1, 2, 3)."""
    seats = [seat for seat in _seats(evening) if seat.place is not None]
    places = {seat.pk: 1 + sum(other.place < seat.place for other in seats) for seat in seats}
    for seat in seats:
        if seat.place != places[seat.pk]:
            seat.place = places[seat.pk]
            seat.save(update_fields=["place"])


# Points ---------------------------------------------------------------------------------------


@dataclass
class GridProblems:
    """What is wrong with a points grid: per cell, per round, and overall."""

    cells: dict[tuple[int, int], str] = field(default_factory=dict)
    rounds: dict[int, list[str]] = field(default_factory=dict)
    general: list[str] = field(default_factory=list)

    def __bool__(self):
        return bool(self.cells or self.rounds or self.general)

    def messages(self) -> list[str]:
        """Every problem as one sentence, rounds in order."""
        result = list(self.general)
        for number in sorted(self.rounds):
            result.extend(self.rounds[number])
        return result

    def add_round(self, number: int, message: str) -> None:
        self.rounds.setdefault(number, []).append(message)


def _off_by(total: int) -> str:
    return f"{total:+d}"


def grid_problems(
    seat_ids: Sequence[int],
    rounds: int,
    points: Points,
    tables: Points | None = None,
    *,
    finish: bool = False,
) -> GridProblems:
    """Check a points grid: ``points[seat][round]`` (``None`` where nothing was entered).

    A round is played once any value in it is entered; then every player needs a value, and
    the round adds up to zero (per table, where tables are given). Rounds beyond the evening's
    number of rounds are refused. To finish the evening, every round must be played.
    """
    problems = GridProblems()
    tables = tables or {}
    given_rounds = {number for seat in seat_ids for number in points.get(seat, {})}
    given_rounds |= {number for seat in seat_ids for number in tables.get(seat, {})}
    for number in sorted(given_rounds):
        if not 1 <= number <= rounds:
            problems.general.append(
                _("Round %(round)s is beyond this evening's %(rounds)s rounds.")
                % {"round": number, "rounds": rounds}
            )
    for number in range(1, rounds + 1):
        values = {seat: points.get(seat, {}).get(number) for seat in seat_ids}
        seat_tables = {seat: tables.get(seat, {}).get(number) for seat in seat_ids}
        entered = {seat: value for seat, value in values.items() if value is not None}
        if not entered:
            if any(table is not None for table in seat_tables.values()):
                problems.add_round(
                    number, _("Round %(round)s has tables but no points.") % {"round": number}
                )
            elif finish:
                problems.add_round(
                    number,
                    _(
                        "Round %(round)s is still empty: enter its points before finishing, "
                        "or lower the evening's number of rounds."
                    )
                    % {"round": number},
                )
            continue
        for seat, value in entered.items():
            if value not in ROUND_POINTS:
                problems.cells[(seat, number)] = _(
                    "Points of a round lie between %(low)s and %(high)s."
                ) % {"low": ROUND_POINTS.low, "high": ROUND_POINTS.high}
                problems.add_round(
                    number,
                    _("Round %(round)s has points beyond %(low)s to %(high)s.")
                    % {"round": number, "low": ROUND_POINTS.low, "high": ROUND_POINTS.high},
                )
        if number in problems.rounds:
            continue
        missing = [seat for seat in seat_ids if values[seat] is None]
        for seat in missing:
            problems.cells[(seat, number)] = _("Missing: every player needs a value.")
        if missing:
            problems.add_round(
                number,
                ngettext(
                    "Round %(round)s: %(count)s player has no points yet.",
                    "Round %(round)s: %(count)s players have no points yet.",
                    len(missing),
                )
                % {"round": number, "count": len(missing)},
            )
            continue
        with_table = [seat for seat in seat_ids if seat_tables[seat] is not None]
        if with_table and len(with_table) < len(seat_ids):
            problems.add_round(
                number,
                _("Round %(round)s: give a table for every player or for none.")
                % {"round": number},
            )
            continue
        if with_table:
            sums: dict[int, int] = {}
            for seat in seat_ids:
                sums[seat_tables[seat]] = sums.get(seat_tables[seat], 0) + values[seat]
            for table, total in sorted(sums.items()):
                if total:
                    problems.add_round(
                        number,
                        _(
                            "Round %(round)s, table %(table)s does not add up to zero: "
                            "off by %(diff)s."
                        )
                        % {"round": number, "table": table, "diff": _off_by(total)},
                    )
        else:
            total = sum(values.values())
            if total:
                problems.add_round(
                    number,
                    _("Round %(round)s does not add up to zero: off by %(diff)s.")
                    % {"round": number, "diff": _off_by(total)},
                )
    return problems


def grid_totals(seat_ids: Sequence[int], points: Points) -> dict[int, int]:
    """Each seat's total from a points grid (empty cells add nothing); empty while nothing
    is entered, because then there are no totals to rank."""
    values = {
        seat: [v for v in points.get(seat, {}).values() if v is not None] for seat in seat_ids
    }
    if not any(values.values()):
        return {}
    return {seat: sum(entered) for seat, entered in values.items()}


def tie_break_problems(
    totals: Mapping[int, int], tie_breaks: Mapping[int, int | None]
) -> dict[int, str]:
    """Check the order decided at the table for every group of equal totals.

    Within a group of k tied players, either nobody has a tie-break (they share the place) or
    they have the positions 1 to k, each once. Returns a message per seat of a group that
    breaks this. Tie-breaks of players who are not tied are no problem: saving clears them.
    """
    problems: dict[int, str] = {}
    for group in tied_groups(totals):
        given = [tie_breaks.get(seat) for seat in group]
        if all(order is None for order in given):
            continue
        if None not in given and sorted(given) == list(range(1, len(group) + 1)):
            continue
        message = _(
            "Give each of the %(count)s tied players a different position from 1 to %(count)s, "
            "or leave them all on “shared place”."
        ) % {"count": len(group)}
        for seat in group:
            problems[seat] = message
    return problems


def _tie_breaks_that_apply(seats, totals: Mapping[int, int], given) -> dict[int, int]:
    """The tie-break to keep per seat: the given ones (else the recorded ones) of tied groups
    that are fully ordered. Everyone else gets none, so a tie-break recorded for an earlier
    tie never reorders a later one.

    Kept tie-breaks are renumbered 1 to k in their order: when a player leaves a tied group
    (taken off the evening), the others keep their order and the form can show it as is.
    """
    chosen = {seat.pk: seat.tie_break if given is None else given.get(seat.pk) for seat in seats}
    kept = {}
    for group in tied_groups(totals):
        orders = [chosen[seat] for seat in group]
        if None not in orders and len(set(orders)) == len(orders):
            for position, seat in enumerate(sorted(group, key=chosen.__getitem__), 1):
                kept[seat] = position
    return kept


def _recompute(evening: Evening, tie_breaks: Mapping[int, int | None] | None = None) -> None:
    """Recompute totals, tie-breaks and places from the round points (only seats that change
    are saved). ``tie_breaks`` replaces the recorded ones; without it they are kept where
    their group is still tied alike."""
    seats = _seats(evening)
    totals: dict[int, int] = {}
    for score in RoundScore.objects.filter(evening_player__evening=evening):
        totals[score.evening_player_id] = totals.get(score.evening_player_id, 0) + score.points
    if totals:
        for seat in seats:
            totals.setdefault(seat.pk, 0)
        kept = _tie_breaks_that_apply(seats, totals, tie_breaks)
        places = places_from_totals(totals, kept)
    else:
        kept, places = {}, {}
    _apply_places(seats, places, totals, kept)


def _payouts_behind(seats: Sequence[EveningPlayer]) -> dict[int, Decimal]:
    """The payout per place behind the recorded prizes.

    Exact where every place is distinct; where tied players shared money, how it was split
    between their places is lost, so the league's default split of the same pot is used.
    """
    places = [seat.place for seat in seats]
    if None not in places and len(set(places)) == len(places):
        return {seat.place: seat.prize or Decimal(0) for seat in seats}
    pot = sum((seat.prize or Decimal(0) for seat in seats), Decimal(0))
    return default_payouts(pot, len(seats))


def _apply_places(
    seats,
    places: Mapping[int, int],
    totals: Mapping[int, int] | None = None,
    tie_breaks: Mapping[int, int] | None = None,
):
    """Save new places (and totals and tie-breaks, where given; a seat missing from them gets
    none); when places move, the prize money moves with them."""
    fields = ["place"]
    if totals is not None:
        fields.append("total")
    if tie_breaks is not None:
        fields.append("tie_break")
    prizes = {}
    moved = any(seat.place != places.get(seat.pk) for seat in seats)
    paid = any(seat.prize is not None for seat in seats)
    if moved and paid and len(places) == len(seats):
        prizes = split_prizes(places, _payouts_behind(seats))
        fields.append("prize")
    for seat in seats:
        new = {"place": places.get(seat.pk), "prize": prizes.get(seat.pk, seat.prize)}
        if totals is not None:
            new["total"] = totals.get(seat.pk)
        if tie_breaks is not None:
            new["tie_break"] = tie_breaks.get(seat.pk)
        if any(getattr(seat, name) != value for name, value in new.items()):
            for name, value in new.items():
                setattr(seat, name, value)
            seat.save(update_fields=fields)


@transaction.atomic
def save_points_grid(
    evening: Evening,
    read_version: int,
    points: Points,
    tables: Points | None = None,
    *,
    finish: bool = False,
    tie_breaks: Mapping[int, int | None] | None = None,
) -> Evening:
    """Store the whole points grid of an evening and recompute totals and places.

    ``points[seat_id][round]`` is a value or ``None`` (clears that cell). With ``finish`` the
    evening is closed; a finished evening keeps being checked as complete on corrections.
    ``tie_breaks[seat_id]`` is the order the table decided among tied players (1 goes first,
    ``None`` for a shared place; see :func:`tie_break_problems`); without it the recorded
    tie-breaks stay where their group is still tied. Tie-breaks of players no longer tied
    are cleared. Raises ValidationError (nothing written) when the grid breaks a rule.
    """
    evening = _claim(evening, read_version)
    tables = tables or {}
    seat_ids = [seat.pk for seat in _seats(evening)]
    unknown = (set(points) | set(tables)) - set(seat_ids)
    if unknown:
        raise ValidationError(_("A player in the grid does not play this evening."))
    finish = finish or evening.status == Status.FINISHED
    problems = grid_problems(seat_ids, evening.rounds, points, tables, finish=finish)
    if problems:
        raise ValidationError(problems.messages())
    if tie_breaks is not None:
        tie_problems = tie_break_problems(grid_totals(seat_ids, points), tie_breaks)
        if tie_problems:
            raise ValidationError(sorted(set(tie_problems.values())))

    existing = {
        (score.evening_player_id, score.round_number): score
        for score in RoundScore.objects.filter(evening_player__evening=evening)
    }
    for seat in seat_ids:
        for number in range(1, evening.rounds + 1):
            value = points.get(seat, {}).get(number)
            table = tables.get(seat, {}).get(number)
            score = existing.get((seat, number))
            if value is None:
                if score is not None:
                    score.delete()
            elif score is None:
                _checked(
                    RoundScore(
                        evening_player_id=seat, round_number=number, points=value, table=table
                    )
                ).save()
            elif (score.points, score.table) != (value, table):
                score.points, score.table = value, table
                _checked(score).save(update_fields=["points", "table"])

    evening.places_source = PlacesSource.POINTS
    if finish:
        evening.status = Status.FINISHED
    elif any(value is not None for row in points.values() for value in row.values()):
        evening.status = Status.IN_PROGRESS
    evening.full_clean()
    evening.save(update_fields=["places_source", "status"])
    _recompute(evening, tie_breaks)
    ratings.recompute_from(evening)
    return evening


def shared_places(evening: Evening) -> list[tuple[int, list[str]]]:
    """The places that tied players share at this evening, with their names, best first."""
    seats = EveningPlayer.objects.filter(evening=evening, place__isnull=False).values_list(
        "place", "player__name"
    )
    names: dict[int, list[str]] = {}
    for place, name in seats.order_by("place", "player__name"):
        names.setdefault(place, []).append(name)
    return [(place, group) for place, group in names.items() if len(group) > 1]


# Finishing order ------------------------------------------------------------------------------


def finishing_order_problems(places: Mapping[int, int | None]) -> dict[int, str]:
    """Check a plain finishing order (``places[seat]``): places 1..n, ties only as shared places.

    Players tied for a place share it and the places they cover are skipped (1, 2, 2, 4), as
    the standings count it. Returns a message per seat whose place is wrong.
    """
    size = len(places)
    problems: dict[int, str] = {}
    for seat, place in places.items():
        if place is None:
            problems[seat] = _("Give every player a place.")
        elif not 1 <= place <= size:
            problems[seat] = _("Places go from 1 to %(size)s.") % {"size": size}
    if problems:
        return problems
    counts: dict[int, int] = {}
    for place in places.values():
        counts[place] = counts.get(place, 0) + 1
    expected = 1
    for place in sorted(counts):
        if place != expected:
            for seat, value in places.items():
                if value == place:
                    problems[seat] = _(
                        "Place %(place)s cannot follow: the next place is %(expected)s "
                        "(tied players share a place, the places after them are skipped)."
                    ) % {"place": place, "expected": expected}
            break
        expected += counts[place]
    return problems


@transaction.atomic
def save_finishing_order(evening: Evening, read_version: int, places: Mapping[int, int]) -> Evening:
    """Store an evening's result as a plain finishing order (no points needed) and finish it."""
    evening = _claim(evening, read_version)
    seats = _seats(evening)
    if set(places) != {seat.pk for seat in seats}:
        raise ValidationError(_("Give a place to every player of this evening, and only to them."))
    problems = finishing_order_problems(places)
    if problems:
        raise ValidationError(sorted(set(problems.values())))
    evening.places_source = PlacesSource.ENTERED
    evening.status = Status.FINISHED
    evening.full_clean()
    _apply_places(seats, places)
    evening.save(update_fields=["places_source", "status"])
    ratings.recompute_from(evening)
    return evening


# Prizes ---------------------------------------------------------------------------------------


def _split_evenly(amount: Decimal, parts: int) -> list[Decimal]:
    """Split an amount into parts in whole cents that add up exactly (first parts get more)."""
    share = (amount / parts).quantize(CENT, rounding=ROUND_DOWN)
    rest = int((amount - share * parts) / CENT)
    return [share + CENT if index < rest else share for index in range(parts)]


def default_payouts(pot: Decimal, field_size: int) -> dict[int, Decimal]:
    """The pot split by the league's default weights (PrizeShare), for places that exist.

    Cents that do not divide evenly go to the best place, so the payouts add up to the pot.
    """
    weights = {
        share.place: share.weight for share in PrizeShare.objects.filter(place__lte=field_size)
    }
    if not weights:
        weights = {1: 1}
    total_weight = sum(weights.values())
    payouts = {
        place: (pot * weight / total_weight).quantize(CENT, rounding=ROUND_DOWN)
        for place, weight in sorted(weights.items())
    }
    payouts[min(payouts)] += pot - sum(payouts.values())
    return payouts


def split_prizes(places: Mapping[int, int], payouts: Mapping[int, Decimal]) -> dict[int, Decimal]:
    """Each player's prize: players tied for a place share the payouts of the places they cover.

    ``places[key]`` is a player's place (shared places skip the following ones), ``payouts``
    maps a place to its money. Two players tied for 1st split the payouts of places 1 and 2
    equally, in whole cents, and the prizes always add up to the payouts of the places taken.
    """
    groups: dict[int, list] = {}
    for key, place in places.items():
        groups.setdefault(place, []).append(key)
    prizes = {}
    for place, keys in groups.items():
        amount = sum(
            (payouts.get(covered, Decimal(0)) for covered in range(place, place + len(keys))),
            Decimal(0),
        )
        for key, share in zip(sorted(keys), _split_evenly(amount, len(keys)), strict=True):
            prizes[key] = share
    return prizes


def payout_difference(pot: Decimal, payouts: Mapping[int, Decimal]) -> Decimal:
    """How much the payouts exceed the pot (negative: how much of the pot is left over)."""
    return sum(payouts.values(), Decimal(0)) - pot


@transaction.atomic
def set_prizes(
    evening: Evening, read_version: int, pot: Decimal, payouts: Mapping[int, Decimal]
) -> Evening:
    """Give every player their prize from the payouts per place (they must add up to the pot)."""
    evening = _claim(evening, read_version)
    seats = _seats(evening)
    if any(seat.place is None for seat in seats):
        raise ValidationError(_("Prizes need a place for every player first."))
    if pot not in MONEY or any(amount not in MONEY for amount in payouts.values()):
        raise ValidationError(
            _("The pot and every payout lie between %(low)s and %(high)s €.")
            % {"low": MONEY.low, "high": MONEY.high}
        )
    if any(place > len(seats) for place, amount in payouts.items() if amount):
        raise ValidationError(_("Only places that exist this evening can be paid."))
    difference = payout_difference(pot, payouts)
    if difference:
        raise ValidationError(
            _("The payouts differ from the pot by %(diff)s €.") % {"diff": f"{difference:+.2f}"}
        )
    prizes = split_prizes({seat.pk: seat.place for seat in seats}, payouts)
    for seat in seats:
        if seat.prize != prizes[seat.pk]:
            seat.prize = prizes[seat.pk]
            _checked(seat).save(update_fields=["prize"])
    evening.pot = pot
    evening.full_clean()
    evening.save(update_fields=["pot"])
    ratings.recompute_from(evening)
    return evening


@transaction.atomic
def finish_with_default_prizes(
    evening: Evening,
    read_version: int,
    points: Points,
    tables: Points | None = None,
    *,
    tie_breaks: Mapping[int, int | None] | None = None,
) -> Evening:
    """Store the complete points grid, finish the evening and, unless prizes are recorded
    already, pay the pot (buy-in times players) by the league's default split.

    One transaction: the evening is never finished without its prizes.
    """
    evening = save_points_grid(
        evening, read_version, points, tables, finish=True, tie_breaks=tie_breaks
    )
    if evening.pot is None:
        size = EveningPlayer.objects.filter(evening=evening).count()
        pot = evening.buy_in * size
        evening = set_prizes(evening, evening.version, pot, default_payouts(pot, size))
    return evening


# Deleting and restoring -------------------------------------------------------------------------


@transaction.atomic
def delete_evening(evening: Evening, read_version: int) -> None:
    """Delete an evening with its seats and scores; :func:`restore_evening` brings it back.

    Every row is deleted one by one so that each gets a history record marked as deleted
    with the evening.
    """
    evening = _claim(evening, read_version)
    ratings.recompute_from(evening, without=True)
    for seat in _seats(evening):
        for score in seat.scores.all():
            score._change_reason = DELETED_WITH_EVENING
            score.delete()
        seat._change_reason = DELETED_WITH_EVENING
        seat.delete()
    evening._change_reason = DELETED_WITH_EVENING
    evening.delete()


def deleted_evenings():
    """The last history record of every deleted evening that was not restored, newest first."""
    records = (
        Evening.history.filter(history_type="-")
        .exclude(id__in=Evening.objects.values("id"))
        .select_related("history_user")
        .order_by("-history_date")
    )
    seen, result = set(), []
    for record in records:
        if record.id not in seen:
            seen.add(record.id)
            result.append(record)
    return result


# An evening deleted elsewhere (the admin) takes its seats and scores along by cascade, unmarked:
# then the rows deleted within this moment before the evening count as deleted with it.
CASCADE_MOMENT = datetime.timedelta(seconds=2)


def _deleted_with_evening(records, evening_record) -> list:
    """The latest record per row, kept only where that record is the deletion with the evening."""
    latest = {}
    for record in records.order_by("history_date", "history_id"):
        latest[record.id] = record
    if evening_record.history_change_reason == DELETED_WITH_EVENING:
        return [
            record
            for record in latest.values()
            if record.history_type == "-" and record.history_change_reason == DELETED_WITH_EVENING
        ]
    return [
        record
        for record in latest.values()
        if record.history_type == "-"
        and evening_record.history_date - record.history_date <= CASCADE_MOMENT
    ]


@transaction.atomic
def restore_evening(evening_id: int) -> Evening:
    """Bring back a deleted evening with the seats and scores deleted along with it."""
    if Evening.objects.filter(pk=evening_id).exists():
        raise ValidationError(_("This evening was not deleted."))
    record = Evening.history.filter(id=evening_id, history_type="-").order_by("-history_date")
    record = record.first()
    if record is None:
        raise ValidationError(_("There is no deleted evening to restore."))
    seats = _deleted_with_evening(EveningPlayer.history.filter(evening_id=evening_id), record)
    scores = _deleted_with_evening(
        RoundScore.history.filter(evening_player_id__in=[seat.id for seat in seats]), record
    )
    missing = {seat.player_id for seat in seats} - set(
        Player.objects.filter(pk__in=[seat.player_id for seat in seats]).values_list(
            "pk", flat=True
        )
    )
    if missing:
        raise ValidationError(_("A player of this evening no longer exists."))

    evening = record.instance
    evening.version = record.version + 1
    evening._change_reason = RESTORED
    prizes = [seat.prize for seat in seats if seat.prize is not None]
    if evening.pot is None and prizes:
        # Deleted before evenings kept their pot: it was the sum of the prizes.
        evening.pot = sum(prizes, Decimal(0))
    try:
        # A second restore of the same evening at the same moment finds the rows taken.
        with transaction.atomic():
            evening.save(force_insert=True)
            for row in [*seats, *scores]:
                instance = row.instance
                instance._change_reason = RESTORED
                instance.save(force_insert=True)
    except IntegrityError:
        raise ValidationError(
            _("This evening was restored meanwhile."), code="restored_meanwhile"
        ) from None
    problems = league_problems([evening.pk])
    if problems:
        raise ValidationError(
            _("This evening cannot be restored: %(problem)s") % {"problem": problems[0].rule}
        )
    ratings.recompute_from(evening)
    invalidate_league_pages()
    return evening
