"""The German catalogue is complete, and the committed .mo says what the .po says.

`make run` uses the compiled .mo without gettext installed, so a .po edited without
`make messages` would silently show English or stale German.
"""

import ast
import gettext
import re

from django.conf import settings

CATALOGUE = settings.BASE_DIR / "locale" / "de" / "LC_MESSAGES"


def po_entries():
    """(msgctxt, msgid, msgstrs, flags) for every entry of the German .po file."""
    text = (CATALOGUE / "django.po").read_text(encoding="utf-8")
    entries = []
    for block in text.split("\n\n"):
        fields, key = {}, None
        for line in block.splitlines():
            if line.startswith("#,"):
                fields["flags"] = line
            match = re.match(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d\])?) (".*")$', line)
            if match:
                key = match.group(1)
                fields[key] = ast.literal_eval(match.group(2))
            elif line.startswith('"') and key:
                fields[key] += ast.literal_eval(line)
        if fields.get("msgid"):
            strs = [value for name, value in fields.items() if name.startswith("msgstr")]
            entries.append((fields.get("msgctxt"), fields["msgid"], strs, fields.get("flags", "")))
    return entries


def test_every_string_has_a_german_translation():
    missing = [msgid for _, msgid, strs, flags in po_entries() if not all(strs) or "fuzzy" in flags]
    assert missing == []


def test_the_compiled_catalogue_matches_the_po_file():
    with open(CATALOGUE / "django.mo", "rb") as compiled:
        catalogue = gettext.GNUTranslations(compiled)
    stale = []
    for context, msgid, strs, _flags in po_entries():
        found = catalogue.pgettext(context, msgid) if context else catalogue.gettext(msgid)
        if found != strs[0]:
            stale.append(msgid)
    assert len(po_entries()) > 300
    assert stale == []
