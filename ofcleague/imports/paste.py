"""Reading results pasted in the form the league printed them::

    Freitag, 24.07.2020, Start 19.00 Uhr
    Buyin 10 €, 3mal 15 Hände Pineapple
    1. Micha 2. Melanie
    3. Andreas 4. Michael

Lines before the first date line are a heading and everything after a line "Regeln" (or
"Rules") is the rules text: both are left out. Every other line the parser cannot read becomes
a ``Problem`` with its line number; nothing raises.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, time
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ofcleague.imports.cells import parse_date, parse_decimal, parse_time
from ofcleague.imports.rows import ImportRow, ParseResult, Problem
from ofcleague.league.names import normalise_name

_DATE = r"(?P<date>\d{1,2}\.\d{1,2}\.\d{2,4}|\d{4}-\d{1,2}-\d{1,2})"
_HEADER = re.compile(
    r"^(?:(?P<weekday>[^\W\d_]+)\.?\s*,?\s*)?" + _DATE + r"\s*,?\s*"
    r"(?:(?:start|beginn|um|ab|at)\s*:?\s*)?"
    r"(?:(?P<time>\d{1,2}[.:]\d{2})\s*(?:uhr|h)?)?\s*,?$",
    re.IGNORECASE,
)
_BUY_IN = re.compile(
    r"(?:buy[\s-]?in|einsatz)\s*:?\s*(?P<amount>\d+(?:[.,]\d{1,2})?)\s*(?:€|eur(?:o)?)?",
    re.IGNORECASE,
)
_HANDS_WORD = r"(?:hände|haende|hande|hands|spiele)"
_ROUNDS = re.compile(
    r"(?P<rounds>\d+)\s*(?:mal|x|×|runden\s*(?:à|a|zu|mit|je)?|rounds\s*(?:of)?)\s*"
    r"(?P<hands>\d+)\s*" + _HANDS_WORD,
    re.IGNORECASE,
)
_ONE_ROUND = re.compile(r"(?P<hands>\d+)\s*" + _HANDS_WORD, re.IGNORECASE)
_VARIANTS = (
    (re.compile(r"pineapple", re.IGNORECASE), "pineapple"),
    (re.compile(r"open\s*face(?:\s*chinese\s*poker)?|\bofc\b", re.IGNORECASE), "ofc"),
    (re.compile(r"chinese\s*poker|klassisch|classic", re.IGNORECASE), "classic"),
)
_PLACE = re.compile(r"(?P<place>\d{1,3})\s*[.)]\s*(?P<name>.+?)\s*[,;]?\s*(?=\d{1,3}\s*[.)]|$)")
_RULES = re.compile(r"^(?:spiel)?regeln\s*:?$|^rules\s*:?$", re.IGNORECASE)


@dataclass
class _Evening:
    line: int
    date: date | None
    start_time: time | None
    buy_in: Decimal | None = None
    rounds: int | None = None
    hands_per_round: int | None = None
    variant: str | None = None
    places: list[tuple[int, int, str]] = field(default_factory=list)

    def rows(self):
        return [
            ImportRow(
                line=line, date=self.date, player=name, place=place, buy_in=self.buy_in,
                variant=self.variant, start_time=self.start_time,
                hands_per_round=self.hands_per_round, rounds=self.rounds,
            )
            for line, place, name in self.places
        ]  # fmt: skip


def _clean(line: str) -> str:
    return " ".join(line.replace("|", " ").split())


def _problem(line, code, message, field="line"):
    return Problem(line=line, field=field, message=message, code=code)


def _header(number: int, text: str, problems: list) -> _Evening | None:
    match = _HEADER.match(text)
    if not match:
        return None
    day = parse_date(match.group("date"))
    if day is None:
        problems.append(
            _problem(
                number, "bad_date",
                _("“%(date)s” is not a date.") % {"date": match.group("date")}, "date",
            )
        )  # fmt: skip
    start = parse_time(match.group("time")) if match.group("time") else None
    if match.group("time") and start is None:
        problems.append(
            _problem(
                number, "bad_time",
                _("“%(time)s” is not a time of day.") % {"time": match.group("time")},
                "start_time",
            )
        )  # fmt: skip
    return _Evening(line=number, date=day, start_time=start)


def _settings(evening: _Evening, text: str) -> bool:
    """Read buy-in, rounds, hands and variant from ``text`` into ``evening``; whether the
    whole line was read."""
    rest = text
    if match := _BUY_IN.search(rest):
        evening.buy_in = parse_decimal(match.group("amount"))
        rest = rest.replace(match.group(0), " ")
    if match := _ROUNDS.search(rest):
        evening.rounds, evening.hands_per_round = int(match["rounds"]), int(match["hands"])
        rest = rest.replace(match.group(0), " ")
    elif match := _ONE_ROUND.search(rest):
        evening.rounds, evening.hands_per_round = 1, int(match["hands"])
        rest = rest.replace(match.group(0), " ")
    for pattern, variant in _VARIANTS:
        if match := pattern.search(rest):
            evening.variant = variant
            rest = rest.replace(match.group(0), " ")
            break
    read = rest != text
    return read and not re.sub(r"[\s,;.:/-]", "", rest)


def _places(number: int, text: str, problems: list) -> list[tuple[int, int, str]] | None:
    found, position = [], 0
    for match in _PLACE.finditer(text):
        if text[position : match.start()].strip():
            return None
        position = match.end()
        try:
            name = normalise_name(match.group("name"))
        except ValidationError as error:
            problems.append(_problem(number, "bad_name", " ".join(error.messages), "player"))
            continue
        found.append((number, int(match.group("place")), name))
    if not found and position == 0 or text[position:].strip():
        return None
    return found


def _read_line(state, number: int, text: str, problems: list) -> None:
    evening = _header(number, text, problems)
    if evening is not None:
        state["evenings"].append(evening)
        return
    current = state["evenings"][-1] if state["evenings"] else None
    places = _places(number, text, problems)
    if places is not None and current is not None:
        current.places.extend(places)
        state["rows"] = state.get("rows", 0) + len(places)
    elif current is not None and _settings(current, text):
        return
    elif places is not None or current is not None or _looks_like_settings(text):
        problems.append(_unreadable(number, text, current is None))


def _looks_like_settings(text: str) -> bool:
    return any(pattern.search(text) for pattern in (_BUY_IN, _ROUNDS, _ONE_ROUND))


def _unreadable(number: int, text: str, before_any: bool) -> Problem:
    if before_any:
        message = _("Line %(line)d comes before any date line, so it belongs to no evening.")
        return _problem(number, "before_evening", message % {"line": number})
    message = _("Line %(line)d could not be read: “%(text)s”.")
    return _problem(number, "unreadable", message % {"line": number, "text": text[:80]})


def parse_text(text: str, max_rows: int | None = None) -> ParseResult | None:
    """The rows and problems of pasted results text (see the module); never raises.
    None when it has more than ``max_rows`` rows (reading stops there)."""
    problems: list[Problem] = []
    state: dict = {"evenings": [], "rows": 0}
    for number, raw in enumerate(str(text).splitlines(), start=1):
        line = _clean(raw)
        if not line:
            continue
        if _RULES.match(line):
            break
        _read_line(state, number, line, problems)
        if max_rows is not None and state["rows"] > max_rows:
            return None
    rows = [row for evening in state["evenings"] for row in evening.rows()]
    if not rows and not problems:
        problems.append(
            _problem(None, "nothing_found", _("No evening found: no line with a date and places."))
        )
    return ParseResult(rows=tuple(rows), problems=tuple(problems))
