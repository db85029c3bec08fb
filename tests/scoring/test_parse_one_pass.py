"""The one-pass card parser accepts and refuses exactly what the regex parser did.

``RegexParser`` below is the parser as it was before the one-pass lookup (each card matched
by regular expressions), kept here verbatim as the reference.
"""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from ofcleague.scoring import ScoringError, parse_card, parse_cards
from ofcleague.scoring.cards import _SPELLINGS, RANK_SYMBOLS, SUIT_SYMBOLS
from ofcleague.scoring.errors import shorten

_RANK_INPUT = {symbol: index for index, symbol in enumerate(RANK_SYMBOLS)}
_RANK_INPUT["10"] = _RANK_INPUT["T"]
_SUIT_INPUT = {
    "S": 0, "♠": 0, "♤": 0,
    "H": 1, "♥": 1, "♡": 1,
    "D": 2, "♦": 2, "♢": 2,
    "C": 3, "♣": 3, "♧": 3,
}  # fmt: skip
_CARD_RE = re.compile(r"(?:(10|[2-9TJQKA])([SHDC♠♤♥♡♦♢♣♧])|([SHDC♠♤♥♡♦♢♣♧])(10|[2-9TJQKA]))")
_SEPARATORS = re.compile(r"[\s,;]+")


class RegexParser:
    """The reference: the regex parser the engine used before."""

    @staticmethod
    def card(token):
        cleaned = token.strip().replace("\ufe0f", "").upper()
        match = _CARD_RE.fullmatch(cleaned)
        if match is None:
            raise ScoringError("Unknown card “%(token)s”.", token=shorten(token))
        rank, suit = (match.group(1), match.group(2)) if match.group(1) else match.group(4, 3)
        return _RANK_INPUT[rank] * 4 + _SUIT_INPUT[suit]

    @classmethod
    def cards(cls, text):
        cards = []
        for token in _SEPARATORS.split(text.strip()):
            if not token:
                continue
            cleaned = token.replace("\ufe0f", "").upper()
            parts = _CARD_RE.findall(cleaned)
            if parts and "".join("".join(part) for part in parts) == cleaned:
                cards.extend(cls.card("".join(part)) for part in parts)
            else:
                raise ScoringError("Unknown card “%(token)s”.", token=shorten(token))
        return tuple(cards)


def outcome(parse, text):
    """What a parser makes of ``text``: its cards, or the error's message and parameters."""
    try:
        return ("cards", parse(text))
    except ScoringError as error:
        return ("error", str(error), error.params)


RANKS = [*"23456789", "10", "T", "t", "J", "j", "Q", "q", "K", "k", "A", "a"]
SUITS = [*"SsHhDdCc", *"♠♤♥♡♦♢♣♧"]
# Characters near cards, so garbage is often almost a card ("1h", "Ahh", "ﬅ" upper-cases
# to "ST", "ſ" to "S"), plus separators and the variation selector phones add to symbols.
NEAR = "0123456789TJQKAtjqkaSHDCshdcXxZz♠♤♥♡♦♢♣♧\ufe0f ,;\t\u00a0\u2003\nﬅﬆſ"


@st.composite
def spellings(draw):
    """A valid card in any spelling the regex parser took."""
    rank, suit = draw(st.sampled_from(RANKS)), draw(st.sampled_from(SUITS))
    if not suit.isalpha() and draw(st.booleans()):
        suit += "\ufe0f"
    return rank + suit if draw(st.booleans()) else suit + rank


@st.composite
def near_misses(draw):
    """A rank and a suit where either may be wrong: "1h", "11s", "Ahh", "h", "Z♥"..."""
    rank = draw(st.sampled_from([*RANKS, "1", "0", "11", "01", "100", "X", "", "1O", "AA"]))
    suit = draw(st.sampled_from([*SUITS, "X", "", "hh", "♥♥", "\ufe0f", "s\ufe0f", "?"]))
    return rank + suit if draw(st.booleans()) else suit + rank


tokens = st.one_of(
    spellings(),
    near_misses().filter(bool),
    st.text(alphabet=NEAR, min_size=1, max_size=6),
    st.text(min_size=1, max_size=4),
)
separators = st.sampled_from([" ", "  ", ",", ", ", ";", "\t", "\u00a0", "\n", ""])


@st.composite
def rows(draw):
    """Up to six tokens joined by random separators, maybe with space around them."""
    parts = draw(st.lists(tokens, max_size=6))
    text = ""
    for part in parts:
        text += (draw(separators) if text else "") + part
    return draw(st.sampled_from(["", " "])) + text + draw(st.sampled_from(["", " \n"]))


@settings(max_examples=1500, deadline=None)
@given(rows())
def test_a_row_parses_exactly_as_with_the_regex_parser(text):
    assert outcome(parse_cards, text) == outcome(RegexParser.cards, text)


@settings(max_examples=1000, deadline=None)
@given(tokens)
def test_a_single_card_parses_exactly_as_with_the_regex_parser(token):
    assert outcome(parse_card, token) == outcome(RegexParser.card, token)


def test_every_precomputed_spelling_is_the_card_the_regex_parser_reads():
    assert len(_SPELLINGS) == 912
    for token, card in _SPELLINGS.items():
        assert RegexParser.cards(token) == (card,), token


def test_ten_and_case_spellings_are_all_precomputed():
    for token in ["10h", "h10", "Th", "th", "tH", "TH", "♥10", "10♥\ufe0f", "♡t"]:
        assert _SPELLINGS[token] == RegexParser.card(token)
    assert f"{SUIT_SYMBOLS[0]}A" in _SPELLINGS


def test_ligatures_and_long_s_still_parse_as_before():
    # Rare spellings fall back to the regex path, so even upper-casing oddities agree.
    assert parse_cards("ﬅ Aſ") == RegexParser.cards("ﬅ Aſ")
    assert outcome(parse_cards, "ﬅﬅ") == outcome(RegexParser.cards, "ﬅﬅ")
