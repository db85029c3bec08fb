"""Cards as small integers, and parsing of what people type ("Ah Kd 7c", "10h", "♠A").

A card is an ``int`` from 0 to 51: ``rank_index * 4 + suit_index``, where the rank index
runs from 0 (deuce) to 12 (ace). Plain integers keep the evaluator's hot path cheap.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ofcleague.scoring.errors import ScoringError, _, shorten

RANK_SYMBOLS = "23456789TJQKA"
SUIT_SYMBOLS = "shdc"
#: Suit letters as printed on the page, with the suit symbols used for display.
SUIT_DISPLAY = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}

_RANK_INPUT = {symbol: index for index, symbol in enumerate(RANK_SYMBOLS)}
_RANK_INPUT["10"] = _RANK_INPUT["T"]
_SUIT_INPUT = {
    "S": 0, "♠": 0, "♤": 0,
    "H": 1, "♥": 1, "♡": 1,
    "D": 2, "♦": 2, "♢": 2,
    "C": 3, "♣": 3, "♧": 3,
}  # fmt: skip

_RANK_RE = "10|[2-9TJQKA]"
_SUIT_RE = "[SHDC♠♤♥♡♦♢♣♧]"
# A card is a rank and a suit in either order ("Ah", "♥A"); variation selectors that some
# phones append to suit symbols are dropped before matching.
_CARD_RE = re.compile(rf"(?:({_RANK_RE})({_SUIT_RE})|({_SUIT_RE})({_RANK_RE}))")
_SEPARATORS = re.compile(r"[\s,;]+")


def make_card(rank_index: int, suit_index: int) -> int:
    """Return the card for a rank index (0 = deuce ... 12 = ace) and a suit index (0-3)."""
    return rank_index * 4 + suit_index


def format_card(card: int) -> str:
    """Return the short name of a card, such as ``"Ah"`` or ``"Td"``."""
    return RANK_SYMBOLS[card >> 2] + SUIT_SYMBOLS[card & 3]


def format_cards(cards: Iterable[int]) -> str:
    """Return cards as a space-separated string, such as ``"Ah Kd 7c"``."""
    return " ".join(format_card(card) for card in cards)


def _spellings() -> dict[str, int]:
    """Every way a single card is usually typed, mapped to the card.

    Rank and suit in either order; letters in upper and lower case; the ten as ``T``,
    ``t`` or ``10``; filled and hollow suit symbols, with or without the variation
    selector phones append to them. Anything else takes the general (regex) path.
    """
    suits: dict[int, list[str]] = {index: [] for index in range(4)}
    for symbol, index in _SUIT_INPUT.items():
        if symbol.isalpha():
            suits[index] += [symbol, symbol.lower()]
        else:
            suits[index] += [symbol, symbol + "\ufe0f"]
    table: dict[str, int] = {}
    for rank_index, rank in enumerate(RANK_SYMBOLS):
        ranks = {rank, rank.lower()} | ({"10"} if rank == "T" else set())
        for suit_index, suit_spellings in suits.items():
            card = make_card(rank_index, suit_index)
            for rank_spelling in ranks:
                for suit in suit_spellings:
                    table[rank_spelling + suit] = card
                    table[suit + rank_spelling] = card
    return table


#: The spellings of single cards that parse with one dictionary lookup.
_SPELLINGS = _spellings()


def _unknown(token: str) -> ScoringError:
    return ScoringError(_("Unknown card “%(token)s”."), token=shorten(token))


def parse_card(token: str) -> int:
    """Parse one card: rank and suit in either order, any case, letters or symbols.

    Raises :class:`ScoringError` naming the token when it is not a card.
    """
    card = _SPELLINGS.get(token)
    if card is not None:
        return card
    cleaned = token.strip().replace("\ufe0f", "").upper()
    match = _CARD_RE.fullmatch(cleaned)
    if match is None:
        raise _unknown(token)
    rank, suit = (match.group(1), match.group(2)) if match.group(1) else match.group(4, 3)
    return make_card(_RANK_INPUT[rank], _SUIT_INPUT[suit])


def _parse_rare(text: str) -> list[int]:
    """Parse a piece of text that is not one common card spelling, with the regexes.

    Takes commas and semicolons as separators and splits cards written together
    (``"AhKd7c"``); raises :class:`ScoringError` naming the first token that is no card.
    """
    cards: list[int] = []
    for token in _SEPARATORS.split(text):
        if not token:
            continue
        cleaned = token.replace("\ufe0f", "").upper()
        parts = _CARD_RE.findall(cleaned)
        if parts and "".join("".join(part) for part in parts) == cleaned:
            cards.extend(parse_card("".join(part)) for part in parts)
        else:
            # Name the whole token: "AhXd" is clearer to the reader than just "Xd".
            raise _unknown(token)
    return cards


def parse_cards(text: str) -> tuple[int, ...]:
    """Parse a row of cards such as ``"Ah Kd 7c"``, ``"10h th"`` or ``"A♠K♠"``.

    Cards are separated by spaces, commas or semicolons; cards written together without
    a separator (``"AhKd7c"``) are split apart as well. Raises :class:`ScoringError`
    naming the first token that is not a card.
    """
    tokens = text.split()
    spellings = _SPELLINGS
    try:
        # One pass: the usual row is whitespace-separated cards in a common spelling.
        return tuple([spellings[token] for token in tokens])
    except KeyError:
        pass
    cards: list[int] = []
    for token in tokens:
        card = spellings.get(token)
        if card is None:
            cards.extend(_parse_rare(token))
        else:
            cards.append(card)
    return tuple(cards)
