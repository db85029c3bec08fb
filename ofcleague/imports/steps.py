"""The steps of the import page on plain data: what was given (a file or pasted text) read
into rows, the names a "did you mean" answer changes, the near names to ask about."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from datetime import date

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from ofcleague.imports import bounds
from ofcleague.imports.check import Preview, preview
from ofcleague.imports.paste import parse_text
from ofcleague.imports.rows import ImportRow, ParseResult, Problem
from ofcleague.imports.table_file import UTF16_BOMS, guess_columns, read_table, unrecognised
from ofcleague.league.names import name_key, similar_names

MAX_BYTES = bounds.MAX_BYTES
MAX_COLUMNS = bounds.MAX_COLUMNS


def file_problem(data: bytes, filename: str = "") -> str | None:
    """Why ``data`` cannot be an import file, or None: empty, past a limit (size, rows,
    an .xlsx that unpacks too large), or binary."""
    if not data or not data.strip():
        return _("The file is empty.")
    if problem := bounds.size_problem(len(data)):
        return problem
    is_xlsx = data[:4] == b"PK\x03\x04"
    if not is_xlsx and not data.startswith(UTF16_BOMS) and b"\x00" in data[:4096]:
        return _("The file is neither CSV nor Excel (.xlsx): it looks like another kind of file.")
    try:
        guess = guess_columns(data, filename)
    except bounds.TooLarge as error:
        return str(error)
    except ValueError:
        return _("The file could not be read as CSV or Excel (.xlsx).")
    if not any(header.strip() for header in guess.headers):
        return _("The file has no header row with the names of its columns.")
    if len(guess.headers) > MAX_COLUMNS:
        return _("The file has more than %(n)d columns: it is no table of results.") % {
            "n": MAX_COLUMNS
        }
    return None


def text_problem(text: str) -> str | None:
    """Why pasted ``text`` cannot be imported at once, or None: past the size or row limit."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        return _("The text is longer than 2 MB. Paste it in parts.")
    if parse_text(text, max_rows=bounds.MAX_ROWS) is None:
        return bounds.too_many_text_rows()
    return None


def needs_mapping(data: bytes, filename: str, mapping: Mapping | None) -> bool:
    """Whether a column is not recognised or a needed one (date, player, place) is missing."""
    guess = guess_columns(data, filename, mapping)
    return bool(guess.missing) or bool(unrecognised(guess) and mapping is None)


def read_source(
    *, text: str | None = None, data: bytes | None = None, filename: str = "", mapping=None
) -> ParseResult:
    """The rows of pasted ``text`` or of a file's ``data``; never raises."""
    if text is not None:
        parsed = parse_text(text)  # None only past a ``max_rows``, and none is given
        assert parsed is not None
        return parsed
    return read_table(data or b"", filename, mapping)


def with_names(rows: Iterable[ImportRow], names: Mapping[str, str]) -> list[ImportRow]:
    """The rows with each name ``names`` answers (by its key) written as the answer."""
    answers = {name_key(name): answer for name, answer in names.items() if answer}
    return [
        dataclasses.replace(row, player=answers[name_key(row.player)])
        if name_key(row.player) in answers
        else row
        for row in rows
    ]


def near_names(rows: Iterable[ImportRow], known: Iterable[str]) -> list[tuple[str, list[str]]]:
    """Each new name close to a known player's, with those players' names (first seen first)."""
    known = list(known)
    keys = {name_key(name) for name in known}
    asked, result = set(), []
    for row in rows:
        key = name_key(row.player)
        if key in keys or key in asked:
            continue
        asked.add(key)
        if near := similar_names(row.player, known):
            result.append((row.player, near))
    return result


@dataclasses.dataclass(frozen=True)
class Checked:
    """What the preview page shows: the evenings, the problems, the near names to ask about."""

    preview: Preview
    near: list[tuple[str, list[str]]]
    rows: int

    @property
    def blocking(self) -> list[Problem]:
        return [problem for problem in self.preview.problems if problem.blocking]

    @property
    def players(self) -> int:
        """How many players the evenings seat (each name once)."""
        return len({name_key(place.player) for e in self.preview.evenings for place in e.places})

    @property
    def warnings(self) -> int:
        return len(self.preview.problems) - len(self.blocking)

    def evenings(self) -> list[tuple[object, list[Problem]]]:
        """Each evening with the problems of its lines."""
        by_line: dict[int | None, list[Problem]] = {}
        for problem in self.preview.problems:
            by_line.setdefault(problem.line, []).append(problem)
        return [
            (evening, [p for place in evening.places for p in by_line.get(place.line, ())])
            for evening in self.preview.evenings
        ]


def _already_stored(found: Preview, stored: Iterable[date]) -> Preview:
    """The preview with a warning (not blocking) at every evening on a date that has one."""
    stored = set(stored)
    extra = [
        Problem(
            line=evening.places[0].line if evening.places else None, field="date",
            message=_("An evening on %(date)s is stored already: importing it makes another.")
            % {"date": date_format(evening.date, "SHORT_DATE_FORMAT")},
            code="already_stored", blocking=False,
        )
        for evening in found.evenings
        if evening.date in stored
    ]  # fmt: skip
    if not extra:
        return found
    problems = sorted([*found.problems, *extra], key=lambda p: (p.line is not None, p.line or 0))
    return Preview(evenings=found.evenings, problems=tuple(problems))


def check(
    parsed: ParseResult,
    known: Iterable[str],
    names: Mapping[str, str],
    stored: Iterable[date] = (),
) -> Checked:
    """The preview of ``parsed`` with the "did you mean" answers ``names`` applied;
    ``stored``: the dates the league has evenings on already."""
    known = list(known)
    rows = with_names(parsed.rows, names)
    return Checked(
        preview=_already_stored(preview(rows, known, problems=parsed.problems), stored),
        near=near_names(parsed.rows, known),
        rows=len(rows),
    )
