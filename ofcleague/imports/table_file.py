"""Reading a CSV (, ; or tab; UTF-8 with or without BOM, cp1252, or UTF-16 with its BOM as
Excel saves "Unicode text") or .xlsx file into rows.

Columns are matched by their header, in German or English; ``mapping`` ({header: field})
names the field of a column the guess gets wrong or misses (field ``""``: leave it out).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import openpyxl
from defusedxml import DefusedXmlException
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from ofcleague.imports import bounds, cells
from ofcleague.imports.rows import ImportRow, ParseResult, Problem
from ofcleague.league.names import normalise_name

FIELDS = (
    "date", "start_time", "player", "place", "total", "prize", "buy_in", "variant",
    "rounds", "hands_per_round",
)  # fmt: skip
#: A round's points: the field "round1", "round2", ...
ROUND = re.compile(r"^round(\d+)$")
REQUIRED = ("date", "player", "place")
#: The headings a German or English spreadsheet gives each column, as ``_key`` writes them
#: (lower case, without spaces, punctuation, a unit in brackets or a currency).
_HEADERS = {
    "date": (
        "datum", "date", "tag", "day", "spieltag", "spieldatum", "spielabend", "abend",
        "termin", "gameday", "gamedate", "evening", "eveningdate", "played", "playedon",
    ),
    "start_time": (
        "start", "beginn", "uhrzeit", "zeit", "time", "starttime", "startzeit", "anfang",
        "startsat", "starttimes", "beginnzeit", "spielbeginn",
    ),
    "player": (
        "spieler", "spielerin", "player", "name", "teilnehmer", "teilnehmerin", "mitspieler",
        "spielername", "playername", "person", "wer", "who", "participant", "participants",
    ),
    "place": (
        "platz", "place", "rang", "rank", "position", "pos", "platzierung", "placement",
        "endplatz", "endplatzierung", "finish", "finishingplace", "finalplace", "ranking",
        "finished", "standing",
    ),
    "total": (
        "summe", "gesamt", "punkte", "total", "points", "score", "gesamtpunkte", "punktegesamt",
        "punktzahl", "punktesumme", "summepunkte", "pkt", "totalpoints", "totalscore", "sum",
        "pointstotal", "endstand", "ergebnis", "result",
    ),
    "prize": (
        "preis", "gewinn", "preisgeld", "prize", "winnings", "payout", "auszahlung",
        "ausgezahlt", "gewinnsumme", "prizemoney", "won", "cash", "cashed", "preise", "prizes",
    ),
    "buy_in": (
        "buyin", "einsatz", "startgeld", "stake", "einkauf", "startgebühr", "startgebuehr",
        "entry", "entryfee", "buyins", "einsätze", "spieleinsatz",
    ),
    "variant": (
        "variante", "variant", "spiel", "game", "spielvariante", "spielart", "modus", "gametype",
        "mode", "pokervariante", "varianten", "gamevariant", "format",
    ),
    "rounds": (
        "runden", "rounds", "anzahlrunden", "rundenzahl", "rundenanzahl", "numberofrounds",
        "roundsplayed", "gespielterunden", "nrounds", "rundengespielt",
    ),
    "hands_per_round": (
        "händeprorunde", "hände", "hands", "handsperround", "händejerunde", "anzahlhände",
        "händerunde", "handsround", "handsperrd", "handsperrnd", "haendeprorunde", "haende",
        "haendejerunde", "anzahlhaende", "numberofhands", "handsproround", "händeanzahl",
    ),
}  # fmt: skip
_BY_HEADER = {word: field for field, words in _HEADERS.items() for word in words}
_ROUND_HEADER = re.compile(r"^(?:punkte|points|pts)?(?:runde|round|rnd|rd|r)(\d{1,2})(?:punkte)?$")
#: A unit after the heading: "Buy-In (€)", "Preisgeld in EUR", "Einsatz €".
_UNIT = re.compile(r"(?:\(.*?\)|\[.*?\])|(?:\bin\s*)?(?:€|\$|£|\beuro?\b|\busd\b|\bchf\b)")


@dataclass(frozen=True)
class ColumnGuess:
    headers: tuple[str, ...]
    #: header -> the field guessed for it, or None.
    fields: dict[str, str | None]
    #: required fields no column was matched to.
    missing: tuple[str, ...]


def _key(header: str) -> str:
    return re.sub(r"[\W_]", "", str(header)).casefold()


def guess_field(header: str) -> str | None:
    """The field a column's heading names (German or English), or None."""
    text = str(header).casefold()
    for key in dict.fromkeys((_key(text), _key(_UNIT.sub("", text)))):
        if match := _ROUND_HEADER.match(key):
            return f"round{int(match.group(1))}"
        if key in _BY_HEADER:
            return _BY_HEADER[key]
    return None


#: The byte order marks of Excel's "Unicode text" (UTF-16 with tabs), little and big endian.
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def _decode(data: bytes) -> str:
    if data.startswith(UTF16_BOMS):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as error:
            raise ValueError(str(error)) from error
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


@dataclass(frozen=True)
class Table:
    """A file's header row and its other rows, each with its line number."""

    headers: tuple[str, ...]
    rows: list[tuple[int, tuple]]


def _xlsx_table(data: bytes) -> Table:
    """The active sheet, read row by row (never past the limits): refused by
    ``bounds.TooLarge`` when the archive or the sheet is too large or declares entities."""
    if problem := bounds.archive_problem(data):
        raise bounds.TooLarge(problem)
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        try:
            return _sheet_table(book.active)
        finally:
            book.close()
    except bounds.TooLarge:
        raise
    except Exception as error:  # openpyxl raises many kinds for a damaged file
        if _declares_entities(error):
            raise bounds.xml_entities() from error
        raise ValueError(str(error)) from error


def _declares_entities(error: BaseException | None) -> bool:
    """Whether defusedxml refused an entity anywhere in the chain (openpyxl wraps it)."""
    while error is not None:
        if isinstance(error, DefusedXmlException):
            return True
        error = error.__cause__ or error.__context__
    return False


def _sheet_table(sheet) -> Table:
    """The sheet's rows, read up to ``MAX_SHEET_LINES`` lines of ``MAX_COLUMNS`` (+1: too
    wide shows) cells; a sheet that reaches the last line read is refused, as one with more
    than ``MAX_ROWS`` rows that are not empty."""
    last = bounds.MAX_SHEET_LINES + 1
    lines = sheet.iter_rows(max_row=last, max_col=bounds.MAX_COLUMNS + 1, values_only=True)
    headers = list(next(lines, ()))
    while headers and _blank(headers[-1]):  # read_only pads every row to ``max_col``
        headers.pop()
    rows: list[tuple[int, tuple]] = []
    for line, values in enumerate(lines, start=2):
        if line == last:
            raise bounds.sheet_too_long()
        if all(_blank(value) for value in values):
            continue
        if len(rows) == bounds.MAX_ROWS:
            raise bounds.too_many_sheet_rows()
        rows.append((line, tuple(values[: len(headers)])))
    return Table(tuple(headers), rows)


def _csv_table(data: bytes) -> Table:
    text = _decode(data)
    first = text.splitlines()[0] if text.strip() else ""
    delimiter = max((";", "\t", ","), key=first.count)
    try:
        lines = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    except csv.Error as error:
        raise ValueError(str(error)) from error
    if not lines:
        return Table((), [])
    rows = list(enumerate((tuple(row) for row in lines[1:] if row), start=2))
    if problem := bounds.rows_problem(len(rows)):
        raise bounds.TooLarge(problem)
    return Table(tuple(lines[0]), rows)


def load_table(data: bytes, filename: str = "") -> Table:
    """The file as a table; ``ValueError`` when it is neither CSV nor xlsx, and
    ``bounds.TooLarge`` (a ``ValueError``) when it is past a limit."""
    if data[:4] == b"PK\x03\x04" or filename.lower().endswith(".xlsx"):
        return _xlsx_table(data)
    return _csv_table(data)


def guess_columns(data: bytes, filename: str = "", mapping: Mapping | None = None) -> ColumnGuess:
    """The file's headers and the field guessed for each (for a mapping step)."""
    table = load_table(data, filename)
    return _guess(tuple(str(h or "") for h in table.headers), mapping or {})


def _guess(headers, mapping) -> ColumnGuess:
    fields = {}
    for header in headers:
        fields[header] = mapping[header] or None if header in mapping else guess_field(header)
    missing = tuple(field for field in REQUIRED if field not in fields.values())
    return ColumnGuess(headers=headers, fields=fields, missing=missing)


def unrecognised(guess: ColumnGuess) -> list[str]:
    """The headings of the columns with no field (not recognised, or left out)."""
    return [header for header in guess.headers if header.strip() and guess.fields[header] is None]


def left_out(guess: ColumnGuess) -> list[Problem]:
    """A warning (not blocking) for each column left out: where it held the hands per round,
    the rounds, the buy-in or the variant, the league's own setting is stored instead."""
    message = _(
        "The column “%(column)s” is left out: where it holds the hands per round, the rounds, "
        "the buy-in or the variant, each evening gets the league's own setting instead. Go "
        "back to the columns to choose what it holds."
    )
    return [
        Problem(None, "file", message % {"column": header}, "column_left_out", blocking=False)
        for header in unrecognised(guess)
    ]


_READERS = {
    "date": cells.parse_date, "start_time": cells.parse_time, "place": cells.parse_int,
    "total": cells.parse_int, "prize": cells.parse_decimal, "buy_in": cells.parse_decimal,
    "variant": cells.parse_variant, "rounds": cells.parse_int,
    "hands_per_round": cells.parse_int,
}  # fmt: skip


def _blank(value) -> bool:
    return value is None or str(value).strip() == ""


def _row(line, values, fields, problems) -> ImportRow | None:
    read: dict[str, Any] = {}
    points: dict[int, Any] = {}
    for header, value in zip(fields, values, strict=False):
        field = fields[header]
        if field is None or _blank(value):
            continue
        round_number = ROUND.match(field)
        parsed: Any
        if field == "player":
            parsed = normalise_name(cells.parse_text(value))
        else:
            parsed = (cells.parse_int if round_number else _READERS[field])(value)
        if parsed is None:
            message = _("“%(value)s” in column “%(column)s” could not be read.")
            problems.append(
                Problem(line, field, message % {"value": value, "column": header}, "bad_value")
            )
        elif round_number:
            points[int(round_number.group(1))] = parsed
        else:
            read[field] = parsed
    if "player" not in read:
        return None
    if points:
        read["points"] = tuple(points.get(n, 0) for n in range(1, max(points) + 1))
    return ImportRow(line=line, date=read.pop("date", None), place=read.pop("place", None), **read)


def read_table(data: bytes, filename: str = "", mapping: Mapping | None = None) -> ParseResult:
    """The rows and problems of a CSV or xlsx file (see the module); never raises."""
    try:
        table = load_table(data, filename)
    except bounds.TooLarge as error:
        return ParseResult((), (Problem(None, "file", str(error), "too_large"),))
    except ValueError:
        message = _("The file could not be read as CSV or Excel (.xlsx).")
        return ParseResult((), (Problem(None, "file", message, "bad_file"),))
    guess = _guess(tuple(str(h or "") for h in table.headers), mapping or {})
    problems = [
        Problem(
            None, field, _("No column was found for “%(field)s”.") % {"field": field}, "no_column"
        )
        for field in guess.missing
    ]
    if problems:
        return ParseResult((), tuple(problems))
    problems += left_out(guess)
    rows = []
    for line, values in table.rows:
        if all(_blank(value) for value in values):
            continue
        try:
            row = _row(line, values, guess.fields, problems)
        except ValidationError as error:
            problems.append(Problem(line, "player", " ".join(error.messages), "bad_name"))
            continue
        if row is None:
            problems.append(
                Problem(line, "player", _("The player's name is missing."), "no_player")
            )
        else:
            rows.append(row)
    return ParseResult(tuple(rows), tuple(problems))
