"""The import's limits, stated once, and the check of an .xlsx archive before it is parsed.

A league of ten years has a few thousand results (one row per player and evening); these
bounds leave room for that and refuse what would keep the site busy for minutes: a file over
2 MB, more rows than an import takes, and an .xlsx that unpacks to far more than its size
(a "zip bomb"). Every refusal says the limit and what to do instead.
"""

from __future__ import annotations

import io
import zipfile

from django.template.defaultfilters import filesizeformat
from django.utils.formats import number_format
from django.utils.translation import gettext as _

#: The largest file or pasted text read (bytes).
MAX_BYTES = 2 * 1024 * 1024
#: The most rows (one per player and evening) one import takes, from a file or pasted text.
MAX_ROWS = 5_000
#: The most lines of a sheet read, empty ones included (a few empty lines per evening).
MAX_SHEET_LINES = 4 * MAX_ROWS
#: More columns than this is no results table.
MAX_COLUMNS = 60
#: An .xlsx: the most its parts may unpack to together (bytes; a full sheet of 5,000 rows
#: and 14 columns is 3 MB, read in under 2 s) ...
MAX_UNPACKED = 10 * 1024 * 1024
#: ... how many times its packed size one part may unpack to ...
MAX_RATIO = 100
#: ... and how many parts it may hold (a spreadsheet program writes a dozen or two).
MAX_PARTS = 200
#: A part this small is not worth a ratio check (its header outweighs its data).
_RATIO_FROM = 64 * 1024

#: How many evenings one page of the preview shows.
EVENINGS_PER_PAGE = 50
#: An import with more rows than this is stored by a task, not within the request.
ROWS_IN_REQUEST = 300


class TooLarge(ValueError):
    """The input is past one of the limits; the message says which and what to do."""


def _number(value: int) -> str:
    return number_format(value, force_grouping=True)


def size_problem(size: int) -> str | None:
    if size <= MAX_BYTES:
        return None
    return _(
        "The file is %(size)s; an import takes at most %(limit)s. "
        "Split it into several files, for example one per year."
    ) % {"size": filesizeformat(size), "limit": filesizeformat(MAX_BYTES)}


def rows_problem(rows: int) -> str | None:
    if rows <= MAX_ROWS:
        return None
    return _(
        "The file has %(rows)s rows; an import takes at most %(limit)s. "
        "Split it into several files, for example one per year."
    ) % {"rows": _number(rows), "limit": _number(MAX_ROWS)}


def too_many_sheet_rows() -> TooLarge:
    """The sheet's rows are counted while reading, which stops past the limit."""
    return TooLarge(
        _(
            "The sheet has more than %(limit)s rows; an import takes at most %(limit)s. "
            "Split it into several files, for example one per year."
        )
        % {"limit": _number(MAX_ROWS)}
    )


def sheet_too_long() -> TooLarge:
    """The sheet goes on past ``MAX_SHEET_LINES`` lines (reading stops there)."""
    return TooLarge(
        _(
            "The sheet goes on past row %(lines)s; an import reads at most %(lines)s rows of "
            "a sheet, %(limit)s of them with results. Delete the empty rows, or split it "
            "into several files, for example one per year."
        )
        % {"lines": _number(MAX_SHEET_LINES), "limit": _number(MAX_ROWS)}
    )


def too_many_text_rows() -> str:
    return _(
        "The text has more than %(limit)s results (one per player and evening); an import "
        "takes at most %(limit)s. Paste it in parts, for example one year at a time."
    ) % {"limit": _number(MAX_ROWS)}


def xml_entities() -> TooLarge:
    return TooLarge(
        _(
            "The Excel file declares its own XML entities, which the import does not read. "
            "Save it again from your spreadsheet program, or save the sheet as CSV."
        )
    )


def archive_problem(data: bytes) -> str | None:
    """Why the .xlsx ``data`` must not be unpacked, judged by its table of contents alone
    (a part never yields more than the size it declares: ``zipfile`` stops there)."""
    try:
        parts = zipfile.ZipFile(io.BytesIO(data)).infolist()
    except (zipfile.BadZipFile, ValueError, OSError):
        return None  # not an archive: the reader says it cannot read the file
    if len(parts) > MAX_PARTS:
        return _(
            "The Excel file holds %(count)s parts; an import reads at most %(limit)s. "
            "Save the sheet with the results in a new file, or as CSV."
        ) % {"count": _number(len(parts)), "limit": _number(MAX_PARTS)}
    unpacked = sum(part.file_size for part in parts)
    if unpacked > MAX_UNPACKED:
        return _(
            "Unpacked, the Excel file is %(size)s; an import reads at most %(limit)s. "
            "Split it into several files, for example one per year, or save it as CSV."
        ) % {"size": filesizeformat(unpacked), "limit": filesizeformat(MAX_UNPACKED)}
    for part in parts:
        ratio = part.file_size / max(part.compress_size, 1)
        if part.file_size > _RATIO_FROM and ratio > MAX_RATIO:
            return _(
                "A part of the Excel file unpacks to %(ratio)s times its size; an import "
                "takes at most %(limit)s times. Save the file again from your spreadsheet "
                "program, or save the sheet as CSV."
            ) % {"ratio": _number(int(ratio)), "limit": _number(MAX_RATIO)}
    return None
