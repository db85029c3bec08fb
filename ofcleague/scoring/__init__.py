"""The OFC league's scoring engine: cards, rows, fouls, royalties and pairwise settlement.

Pure Python without Django, so the calculator page, the JSON API, the tests and the
benchmark all share one implementation. Start with :func:`score` or :func:`score_rows`.
"""

from ofcleague.scoring.cards import format_card, format_cards, parse_card, parse_cards
from ofcleague.scoring.errors import ScoringError
from ofcleague.scoring.evaluator import Category, HandValue, describe, evaluate
from ofcleague.scoring.hand import Hand, parse_hand
from ofcleague.scoring.rule_sets import DEFAULT_RULES, RULE_SETS, get_rule_set
from ofcleague.scoring.rules import ROW_SIZES, ROWS, RuleSet, Surrender
from ofcleague.scoring.settle import PairResult, PlayerResult, ScoreResult, score, score_rows
from ofcleague.scoring.validation import MAX_PLAYERS, MIN_PLAYERS

__all__ = [
    "DEFAULT_RULES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "ROWS",
    "ROW_SIZES",
    "RULE_SETS",
    "Category",
    "Hand",
    "HandValue",
    "PairResult",
    "PlayerResult",
    "RuleSet",
    "ScoreResult",
    "ScoringError",
    "Surrender",
    "describe",
    "evaluate",
    "format_card",
    "format_cards",
    "get_rule_set",
    "parse_card",
    "parse_cards",
    "parse_hand",
    "score",
    "score_rows",
]
