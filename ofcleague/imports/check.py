"""The preview of an import: rows grouped into evenings, with every problem per row."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from django.utils.translation import gettext as _

from ofcleague.imports.rows import (
    DEFAULT_VARIANT,
    ImportedEvening,
    ImportedPlace,
    ImportRow,
    Problem,
)
from ofcleague.league.names import mixes_scripts, name_key, similar_names
from ofcleague.league.places import places_from_totals


@dataclass(frozen=True)
class Preview:
    evenings: tuple[ImportedEvening, ...]
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        """Whether nothing blocks the import (a "did you mean" alone does not)."""
        return not any(problem.blocking for problem in self.problems)


def _p(row_or_line, field, code, message, blocking=True):
    line = row_or_line.line if isinstance(row_or_line, ImportRow) else row_or_line
    return Problem(line=line, field=field, message=message, code=code, blocking=blocking)


def _first(rows, attribute):
    return next((getattr(r, attribute) for r in rows if getattr(r, attribute) is not None), None)


def _disagreements(rows, problems):
    for attribute in ("buy_in", "rounds", "hands_per_round", "variant"):
        first = next((r for r in rows if getattr(r, attribute) is not None), None)
        for row in rows:
            value = getattr(row, attribute)
            if first is not None and value is not None and value != getattr(first, attribute):
                message = _("This differs from line %(line)d of the same evening.")
                problems.append(_p(row, attribute, "differs", message % {"line": first.line}))


def _duplicates(rows, problems):
    seen_players = {}
    for row in rows:
        key = name_key(row.player)
        if key in seen_players:
            message = _("“%(name)s” is in this evening twice (also line %(line)d).")
            params = {"name": row.player, "line": seen_players[key]}
            problems.append(_p(row, "player", "player_twice", message % params))
        seen_players.setdefault(key, row.line)
        if row.place is None:
            problems.append(_p(row, "place", "no_place", _("The place is missing.")))


def _place_order(rows, problems):
    """Places 1 to n as the league ranks them: players who tie share a place and the places
    they cover are skipped (1, 2, 2, 4); a better place never has fewer points."""
    given = {index: row.place for index, row in enumerate(rows) if row.place is not None}
    if len(given) == len(rows) and not _ranks_itself(given):
        message = _(
            "The places of this evening should run from 1 to %(n)d: players who tie share a "
            "place and the places after them are skipped (1, 2, 2, 4)."
        )
        problems.append(_p(rows[0], "place", "place_gaps", message % {"n": len(rows)}))
    scored = sorted(
        (row for row in rows if row.place is not None and row.score is not None),
        key=lambda row: row.place,
    )
    for better, worse in zip(scored, scored[1:], strict=False):
        if worse.score > better.score and worse.place > better.place:
            message = _(
                "%(points)d points but a worse place than line %(line)d with %(other)d points."
            )
            params = {"points": worse.score, "line": better.line, "other": better.score}
            problems.append(_p(worse, "place", "places_against_points", message % params))
    _shared_places(scored, problems)


def _ranks_itself(places: dict) -> bool:
    """Whether ``places`` is the ranking of itself (1, 2, 2, 4 is; 1, 2, 2, 3 is not)."""
    return places_from_totals({key: -place for key, place in places.items()}) == places


def _shared_places(scored, problems):
    """Players sharing a place have the same points; players tied on points either all share
    a place or each have their own (the order the table decided)."""
    by_place, by_score = defaultdict(list), defaultdict(list)
    for row in scored:
        by_place[row.place].append(row)
        by_score[row.score].append(row)
    for place, sharing in by_place.items():
        for row in sharing[1:]:
            if row.score != sharing[0].score:
                message = _(
                    "Shares place %(place)d with line %(line)d, but with other points: players "
                    "who share a place have the same points."
                )
                params = {"place": place, "line": sharing[0].line}
                problems.append(_p(row, "place", "shared_place_points", message % params))
    for tied in by_score.values():
        places = [row.place for row in tied]
        if len(set(places)) not in (1, len(places)):
            message = _(
                "Players tied on %(points)d points either share one place or each have their "
                "own (the order the table decided)."
            )
            problems.append(
                _p(tied[-1], "place", "tie_partly_shared", message % {"points": tied[0].score})
            )


def _points_and_pot(rows, problems):
    for row in rows:
        if row.total is not None and row.points and sum(row.points) != row.total:
            message = _("The rounds add up to %(sum)d, not to the total %(total)d.")
            params = {"sum": sum(row.points), "total": row.total}
            problems.append(_p(row, "total", "total_mismatch", message % params))
    buy_in = _first(rows, "buy_in")
    prizes = [row.prize for row in rows if row.prize is not None]
    if prizes and buy_in is not None and sum(prizes) != buy_in * len(rows):
        message = _(
            "The prizes add up to %(sum)s €, but the pot is %(pot)s € (%(n)d × %(buy_in)s €)."
        )
        params = {"sum": sum(prizes), "pot": buy_in * len(rows), "n": len(rows), "buy_in": buy_in}
        problems.append(_p(rows[0], "prize", "prizes_not_pot", message % params))


def _names(rows, known_names, problems):
    """The spelling each name key is stored with, and the near-name questions."""
    known = {name_key(name): name for name in known_names}
    spelling, asked = dict(known), set()
    for row in rows:
        key = name_key(row.player)
        spelling.setdefault(key, row.player)
        if key in known or key in asked:
            continue
        asked.add(key)
        if near := similar_names(row.player, known.values()):
            message = _("“%(name)s” is not a player yet. Did you mean “%(near)s”?")
            params = {"name": row.player, "near": "”, “".join(near)}
            problems.append(_p(row, "player", "near_name", message % params, blocking=False))
        if mixes_scripts(row.player):
            message = _("“%(name)s” mixes Latin letters with Cyrillic or Greek ones.")
            problems.append(_p(row, "player", "mixed_scripts", message % {"name": row.player}))
    return spelling


def _evening(rows, spelling) -> ImportedEvening:
    places = tuple(
        ImportedPlace(
            line=row.line, player=spelling[name_key(row.player)], place=row.place,
            points=row.points, total=row.score, prize=row.prize,
        )
        for row in sorted(rows, key=lambda row: (row.place is None, row.place or 0, row.line))
    )  # fmt: skip
    return ImportedEvening(
        date=rows[0].date,
        start_time=rows[0].start_time,
        buy_in=_first(rows, "buy_in"),
        rounds=_first(rows, "rounds"),
        hands_per_round=_first(rows, "hands_per_round"),
        variant=_first(rows, "variant") or DEFAULT_VARIANT,
        places=places,
    )


def preview(
    rows: Iterable[ImportRow],
    known_names: Iterable[str] = (),
    *,
    problems: Iterable[Problem] = (),
    today: date | None = None,
) -> Preview:
    """The evenings ``rows`` make and every problem with them (plus the reader's ``problems``).
    ``known_names`` are the league's players; ``today`` defaults to the date today."""
    today = today or date.today()
    found, groups = list(problems), defaultdict(list)
    for row in rows:
        if row.date is None:
            found.append(_p(row, "date", "no_date", _("The date is missing or not readable.")))
        elif row.date > today:
            found.append(_p(row, "date", "future", _("This date is in the future.")))
        else:
            groups[(row.date, row.start_time)].append(row)
    spelling = _names([r for group in groups.values() for r in group], known_names, found)
    evenings = []
    for key in sorted(groups, key=lambda k: (k[0], k[1] is not None, k[1])):
        evening_rows = groups[key]
        _disagreements(evening_rows, found)
        _duplicates(evening_rows, found)
        _place_order(evening_rows, found)
        _points_and_pot(evening_rows, found)
        evenings.append(_evening(evening_rows, spelling))
    found.sort(key=lambda problem: (problem.line is not None, problem.line or 0))
    return Preview(evenings=tuple(evenings), problems=tuple(found))
