"""Free text of the league (an evening's location and notes): what it keeps, what it drops.

Names have their own, stricter rule (``names.py``). Free text keeps what was typed as it was
typed, composed (Unicode NFC: a decomposed ``é`` becomes one character, but ``m²`` and ``½``
stay, which NFKC would turn into ``m2`` and ``1⁄2``), and drops what cannot be seen but
changes what is seen: control characters and format characters, above all the bidi
controls (U+202A-U+202E embeddings and overrides, U+2066-U+2069 isolates, the marks U+200E,
U+200F and U+061C). An override in a location (``U+202E`` before ``gnatS``) would show the
text of the pages and CSV files reversed. Notes keep their line breaks and tabs.
"""

import unicodedata

#: The bidi controls, named once (all of them are format characters, ``Cf``, and dropped as
#: such; the list says which ones matter and keeps them dropped should the rule change).
BIDI_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e"  # embeddings, pop, overrides
    "\u2066\u2067\u2068\u2069"  # isolates
    "\u200e\u200f\u061c"  # left-to-right, right-to-left and Arabic letter marks
)
# Control, format and lone surrogates (which no database stores as text).
_DROPPED_CATEGORIES = {"Cc", "Cf", "Cs"}
# The zero-width joiner and non-joiner are format characters that text needs: they join
# emoji sequences and shape Persian and Indic words, and move nothing.
_KEPT_FORMAT = {"\u200c", "\u200d"}
# Line and paragraph separators: a line break in notes, a space in one line of text.
_LINE_BREAKS = {"\n", "\u2028", "\u2029", "\x85"}


def clean_free_text(text, *, multiline=False):
    """``text`` composed, without invisible control, format and bidi characters, and without
    spaces at either end; ``multiline`` keeps line breaks (as ``\\n``) and tabs, else every
    line break or tab becomes a space. ``None`` stays ``None``."""
    if text is None:
        return None
    text = unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n"))
    kept = []
    for char in text:
        if char in _LINE_BREAKS:
            kept.append("\n" if multiline else " ")
        elif char == "\t":
            kept.append(char if multiline else " ")
        elif char in BIDI_CONTROLS:
            continue
        elif unicodedata.category(char) not in _DROPPED_CATEGORIES or char in _KEPT_FORMAT:
            kept.append(char)
    # Dropping a character between a letter and its accent can leave a new composition.
    return unicodedata.normalize("NFC", "".join(kept)).strip()
