"""Player names: one normal form, the key that makes a name unique, and the names close to it.

Pure functions (no database). What a name is:

- ``normalise_name`` turns what was typed or pasted into the name the league stores: Unicode
  NFKC (fullwidth ``Ｍｉｃｈａ`` is ``Micha``, a decomposed ``José`` is the composed one),
  without control or format characters (zero-width spaces, BOMs, bidi marks), spaces
  collapsed. It refuses a name with nothing visible left, one a spreadsheet would read as a
  formula (``=``, ``+``, ``-``, ``@`` first) and one longer than ``MAX_LENGTH``.
- ``name_key`` is what two names must share to be the same player: the normalised name with
  Cyrillic and Greek letters that look like Latin ones replaced by those (its "skeleton"),
  then casefolded. So ``ÄRGER`` is ``ärger`` on every database, and a name typed with a
  Cyrillic ``і`` or ``а`` is the player whose Latin name it looks like: a pure look-alike
  never becomes a second player, it *is* the existing one. The key does not fold accents
  (``José`` and ``Jose`` may be two people) nor Latin look-alikes such as ``l`` and ``I``.
  Changing the look-alike table changes keys: it needs a migration that recomputes them.
- ``similar_names`` and ``mixes_scripts`` say when a new name deserves a second look before it
  becomes a player: the same letters once accents are folded, one typo apart (a letter
  added, dropped, changed or two swapped), or Latin mixed with Cyrillic or Greek letters.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from ofcleague.web.export import FORMULA_STARTS

MAX_LENGTH = 40
#: A key can be longer than its name: casefolding turns ``ß`` into ``ss``, for instance.
KEY_MAX_LENGTH = 3 * MAX_LENGTH

# Invisible characters: control, format (zero-width space, BOM, bidi marks, soft hyphen),
# private use and unassigned; plus the blank "letters" that render as nothing.
_DROPPED_CATEGORIES = {"Cc", "Cf", "Co", "Cn"}
_BLANK_LETTERS = {"\u034f", "\u115f", "\u1160", "\u2800", "\u3164", "\uffa0"}

# Cyrillic and Greek letters that look like Latin ones, upper and lower case apart (Greek
# ``Η`` looks like ``H`` but ``η`` like ``n``). Accented forms follow from their base letter.
_LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "А": "A", "В": "B", "Е": "E", "Ѕ": "S", "І": "I", "Ј": "J", "К": "K", "М": "M",
        "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "У": "Y", "Х": "X", "Ү": "Y",
        "Һ": "H", "Ӏ": "I", "Ԛ": "Q", "Ԝ": "W",
        "а": "a", "е": "e", "ѕ": "s", "і": "i", "ј": "j", "о": "o", "р": "p", "с": "c",
        "у": "y", "х": "x", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w", "ү": "y",
        # Greek
        "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
        "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
        "α": "a", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "υ": "u", "χ": "x",
    }
)  # fmt: skip


def clean_text(text: str) -> str:
    """``text`` in NFKC without invisible characters, spaces collapsed; never refuses."""
    kept = []
    for char in unicodedata.normalize("NFKC", text):
        if char.isspace():
            kept.append(" ")
        elif unicodedata.category(char) not in _DROPPED_CATEGORIES and char not in _BLANK_LETTERS:
            kept.append(char)
    # Dropping a character between a letter and its accent can leave a new composition.
    return unicodedata.normalize("NFKC", " ".join("".join(kept).split()))


def normalise_name(text: str) -> str:
    """The name the league stores for ``text``, or ``ValidationError`` saying why there is none."""
    name = clean_text(text)
    if not any(unicodedata.category(char)[0] in "LNPS" for char in name):
        raise ValidationError(
            _(
                "A name made only of spaces or invisible characters (such as a zero-width "
                "space) cannot be a player's name."
            ),
            code="empty_name",
        )
    if name.startswith(FORMULA_STARTS):
        raise ValidationError(
            _(
                "“%(name)s” starts with “%(sign)s”, which a spreadsheet would take for a "
                "formula. Leave the sign out."
            ),
            code="formula_name",
            params={"name": name, "sign": name[0]},
        )
    if len(name) > MAX_LENGTH:
        raise ValidationError(
            _("“%(name)s” is too long: at most 40 characters."),
            code="name_too_long",
            params={"name": name},
        )
    return name


def _skeleton(text: str) -> str:
    # Decomposed first, so a Cyrillic ``ё`` becomes a Latin ``ë`` once recomposed.
    decomposed = unicodedata.normalize("NFD", text).translate(_LOOK_ALIKES)
    return unicodedata.normalize("NFC", decomposed)


def name_key(text: str) -> str:
    """The key two names share exactly when they are the same player (see the module)."""
    return unicodedata.normalize("NFC", _skeleton(clean_text(text)).casefold())


def _without_accents(key: str) -> str:
    decomposed = unicodedata.normalize("NFD", key)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def one_edit_apart(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by at most one letter added, dropped, changed or two
    neighbours swapped (Damerau-Levenshtein distance at most 1)."""
    if a == b:
        return True
    if len(a) > len(b):
        a, b = b, a
    if len(b) - len(a) > 1:
        return False
    same = 0
    while same < len(a) and a[same] == b[same]:
        same += 1
    if len(a) < len(b):
        return a[same:] == b[same + 1 :]
    swapped = a[same : same + 2] == b[same : same + 2][::-1] and a[same + 2 :] == b[same + 2 :]
    return a[same + 1 :] == b[same + 1 :] or swapped


def similar_names(name: str, existing: Iterable[str]) -> list[str]:
    """The ``existing`` names close to ``name`` but not the same player: equal once accents
    are folded (``Jose``, ``José``) or one typo apart (``Andrea``, ``Andreas``)."""
    key = name_key(name)
    folded = _without_accents(key)
    return [
        other
        for other in existing
        if name_key(other) != key and one_edit_apart(folded, _without_accents(name_key(other)))
    ]


def _script(char: str) -> str | None:
    if not char.isalpha():
        return None
    return unicodedata.name(char, "").split(" ")[0] or None


def mixes_scripts(name: str) -> bool:
    """Whether ``name`` mixes Latin letters with Cyrillic or Greek ones (look-alikes, mostly
    typed by accident on a phone's other keyboard)."""
    scripts = {_script(char) for char in name}
    return "LATIN" in scripts and bool(scripts & {"CYRILLIC", "GREEK"})
