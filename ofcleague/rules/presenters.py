"""Turn the scoring engine's results and rule sets into plain, translated data for templates.

The engine marks its English labels for translation without importing Django; this is
where they are translated, so templates only print.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from ofcleague.rules.readings import stay_rows
from ofcleague.scoring import (
    ROWS,
    RULE_SETS,
    RuleSet,
    ScoreResult,
    ScoringError,
    describe,
    fantasyland,
)
from ofcleague.scoring.cards import RANK_SYMBOLS, SUIT_DISPLAY, SUIT_SYMBOLS
from ofcleague.scoring.rules import NATURAL_ANNOUNCEMENT, ROW_NAMES, SURRENDER_KINDS


def card_view(card: int) -> dict:
    """A card for display: its code (``Ah``), its face (``A♥``, ten as ``10``) and colour."""
    rank, suit = RANK_SYMBOLS[card >> 2], SUIT_SYMBOLS[card & 3]
    face = ("10" if rank == "T" else rank) + SUIT_DISPLAY[suit]
    return {"code": rank + suit, "face": face, "red": suit in "hd"}


def error_message(error: ScoringError) -> str:
    """Translate an engine error, including the row name it may mention."""
    params = dict(error.params)
    if "row_label" in params and error.row:
        params["row_label"] = _(ROW_NAMES[error.row])
    return _(error.template) % params if params else _(error.template)


def present_result(result: ScoreResult) -> dict:
    """Return players, pairs and row winners of a scored hand, ready to print."""
    names = [player.name for player in result.players]
    players = []
    for player in result.players:
        rows = []
        for row, cards, value, royalty in zip(
            ROWS, player.hand.rows, player.values, player.royalties, strict=True
        ):
            rows.append(
                {
                    "label": _(ROW_NAMES[row]),
                    "cards": [card_view(card) for card in cards],
                    "hand": _(describe(value)) if value else "",
                    "royalty": royalty,
                }
            )
        players.append(
            {
                "name": player.name,
                "rows": rows,
                "fouled": player.fouled,
                "surrendered": player.surrendered,
                "surrender_label": _(SURRENDER_KINDS[player.surrender][0])
                if player.surrender
                else "",
                "surrender_void": player.surrender_void,
                "natural": _(player.natural.label) if player.natural else "",
                "unannounced_natural": _(player.unannounced_natural.label)
                if player.unannounced_natural
                else "",
                "natural_points": player.natural.points if player.natural else 0,
                "royalties": player.royalties.total,
                "fantasyland": player.fantasyland,
                "points": player.points,
            }
        )
    pairs = []
    for pair in result.pairs:
        winners = []
        for row, outcome in zip(ROWS, pair.rows, strict=True):
            winner = names[pair.a] if outcome > 0 else names[pair.b] if outcome < 0 else ""
            winners.append({"label": _(ROW_NAMES[row]), "winner": winner})
        pairs.append(
            {
                "a": names[pair.a],
                "b": names[pair.b],
                "rows": winners,
                "scoop": pair.scoop,
                "royalties": pair.royalties,
                "points": pair.points,
            }
        )
    return {
        "rules": result.rules,
        "rules_label": _(result.rules.label),
        "players": players,
        "pairs": pairs,
        "has_fantasyland": bool(result.rules.fantasyland),
    }


def _grouped_lines(table) -> list[dict]:
    """Group a royalty table's lines by hand, so the front's 22 lines fit in two rows."""
    groups: list[dict] = []
    for line in table:
        label = _(line.label)
        if groups and groups[-1]["label"] == label and line.rank is not None:
            groups[-1]["ranks"].append({"rank": line.rank_label, "points": line.points})
            continue
        groups.append(
            {
                "label": label,
                "points": line.points if line.rank is None else None,
                "ranks": []
                if line.rank is None
                else [{"rank": line.rank_label, "points": line.points}],
            }
        )
    return groups


def present_rule_set(rules: RuleSet) -> dict:
    """Return a rule set's tables, counts, naturals and notes, translated for the rules page."""
    return {
        "key": rules.key,
        "label": _(rules.label),
        "description": _(rules.description),
        "count": [
            {"won": won, "tied": tied, "lost": lost, "points": points}
            for won, tied, lost, points in rules.count_table()
        ],
        "bonus_on_win": rules.royalties_need_win,
        "royalties": [
            {"label": _(table.label), "lines": _grouped_lines(table)} for table in rules.royalties
        ],
        "fantasyland": [
            {"label": _(line.label), "rank": line.rank_label, "cards": line.cards}
            for line in rules.fantasyland
        ],
        "fantasyland_stay": stay_rows(rules),
        "fantasyland_stay_cards": fantasyland.stay_cards(rules),
        "naturals": [
            {
                "label": _(natural.label),
                "points": natural.points,
                "description": _(natural.description),
            }
            for natural in rules.naturals
        ],
        "natural_announcement": _(NATURAL_ANNOUNCEMENT) if rules.naturals else "",
        "surrender": _present_surrender(rules),
        "notes": [_(note) for note in rules.notes],
    }


def _present_surrender(rules: RuleSet) -> dict | None:
    """Surrender under a rule set: its cost, whether it is on by default, and its two kinds."""
    if rules.surrender_points is None:
        return None
    return {
        "points": rules.surrender_points,
        "on": rules.allows_surrender,
        "kinds": [
            {"key": kind.value, "label": _(label), "description": _(description)}
            for kind, (label, description) in SURRENDER_KINDS.items()
        ],
    }


def rule_set_choices() -> list[tuple[str, str]]:
    """The rule sets as ``(key, translated label)`` choices, the house rules first."""
    return [(key, _(rules.label)) for key, rules in RULE_SETS.items()]
