"""The German catalogue's phrases and the dates of each language, for the tests that read a
page and ask which language it speaks."""

import html
import pathlib
import re
from functools import cache

CATALOGUE = pathlib.Path(__file__).resolve().parents[2] / "locale/de/LC_MESSAGES/django.po"
#: A placeholder or tag inside a message: the phrase is split there.
_PLACEHOLDER = re.compile(r"%\([^)]*\)[sdf]|%[sd]|\{[^}]*\}|<[^>]*>|\n")
#: How many words a piece of a message has at least to count as a phrase of its language.
WORDS = 4

#: A German date: 11.12.2026, a German day or month name, or a day with a dot before the
#: month's name ("11. December 2026", German order in any language).
GERMAN_DATE = re.compile(
    r"\b\d{1,2}\.\d{1,2}\.\d{4}\b|\b\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}\b"
    r"|\b(Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag"
    r"|Januar|Februar|März|Juni|Juli|Oktober|Dezember)\b"
)
ENGLISH_DATE = re.compile(
    r"\b\d{1,2}/\d{1,2}/\d{4}\b|\b(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"
    r"|January|February|March|June|July|October|December)\b"
)
MONTH_FIRST = re.compile(r"\b(0?[1-9]|1[0-2])/(1[3-9]|2\d|3[01])/\d{4}\b")


def _messages():
    """(msgid, msgstr) of every translated, not fuzzy, message (plural forms each)."""
    entries, current, key, fuzzy = [], {}, None, False
    for line in CATALOGUE.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip():
            if current and not fuzzy:
                entries.append(current)
            current, key, fuzzy = {}, None, False
        elif line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        elif line.startswith("#"):
            continue
        elif line.startswith('"') and key:
            current[key] += _unquote(line)
        else:
            key, _space, rest = line.partition(" ")
            current[key] = _unquote(rest)
    for entry in entries:
        english = entry.get("msgid", "")
        for key, german in entry.items():
            if key.startswith("msgstr") and german and english:
                yield english, german


def _unquote(text):
    return text.strip()[1:-1].replace('\\"', '"').replace("\\n", "\n")


def _phrases(message):
    for piece in _PLACEHOLDER.split(message):
        piece = " ".join(piece.split()).strip(" .,:;!?()–-")
        if len(piece.split()) >= WORDS:
            yield piece


@cache
def german_phrases():
    """Pieces of four or more words of the German messages that English never says."""
    english = {p for msgid, _ in _messages() for p in _phrases(msgid)}
    return frozenset(p for _, msgstr in _messages() for p in _phrases(msgstr)) - english


@cache
def english_phrases():
    """Pieces of four or more words of the English messages that German never says."""
    german = {p for _, msgstr in _messages() for p in _phrases(msgstr)}
    return frozenset(p for msgid, _ in _messages() for p in _phrases(msgid)) - german


def page_text(content: str) -> str:
    """A page's visible words: without scripts, styles and tags, entities read, spaces one."""
    content = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", content)
    content = re.sub(r"<[^>]+>", " ", content)
    return " ".join(html.unescape(content).split())


def foreign_phrases(text: str, phrases) -> list[str]:
    return sorted(phrase for phrase in phrases if phrase in text)
