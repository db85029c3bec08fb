"""The points where published OFC engines differ, and the league's reading of each.

Every reading is worked out by the scoring engine when the page is shown: its example hand
is scored, and the sentence the page prints is chosen and filled from that result (a front
equal to the middle is "legal" only if the engine does not foul it; the 6 plus royalties a
fouled hand pays is the engine's number). So the rules page cannot state a reading the
engine does not play.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from ofcleague.scoring import RULE_SETS, fantasyland, score_rows
from ofcleague.scoring.evaluator import CATEGORY_NAMES
from ofcleague.scoring.rules import RuleSet

#: The example boards, each as (front, middle, back).
FRONT_EQUAL = ("Qh Qd 5c", "Qs Qc 5d 3s 2h", "Kh Kd Ks 8c 8s")
FRONT_STRONGER = ("Qh Qd 5c", "Qs Qc 4d 3s 2h", "Kh Kd Ks 8c 8s")
MIDDLE_EQUAL = ("Ah 4h 2c", "9s 8h 7d 6c 5s", "9h 8d 7c 6s 5h")
FOULED = ("Qh Qd 5c", "Qs Qc 4d 3s 2h", "Kh Kd Ks 8c 8s")
#: QQ in the front; then trips in the front (a stay in Fantasyland).
QUEENS = ("Qh Qd 4d", "3h 3d 3c 5c 6d", "Ah Ad As Kd Ks")
TRIPS = ("2h 2d 2c", "3h 3d 3c 4c 6d", "Ah Ad As Kd Ks")
#: Opponents sharing no card with the boards they meet.
OTHER = ("4h 5d 7c", "6h 7h 8d 9s Jc", "Th Jh Qs Kc 2s")
OTHER_FRONT = ("4h 6d 7c", "6h 7h 9d 9s Jc", "Th Jh Td Tc 2d")


def _score(rules: str, *boards):
    players = [
        {"name": str(index), "front": f, "middle": m, "back": b}
        for index, (f, m, b) in enumerate(boards)
    ]
    return score_rows(rules, players)


def _fouled(board, opponent) -> bool:
    return _score("house", board, opponent).players[0].fouled


def front_equal() -> dict:
    equal = _fouled(FRONT_EQUAL, OTHER_FRONT)
    stronger = _fouled(FRONT_STRONGER, OTHER_FRONT)
    return {
        "key": "front-equal",
        "question": _("A front equal to the middle as far as the front goes"),
        "legal": not equal,
        "reading": (
            _("Legal. Q-Q-5 in the front over Q-Q-5-3-2 in the middle is not fouled: the "
              "front is compared only as far as its three cards go, and equal is enough.")
            if not equal
            else _("Fouled: the front must be weaker than the middle.")
        )
        + " "
        + (
            _("Only a stronger front fouls: Q-Q-5 over Q-Q-4-3-2.")
            if stronger
            else ""
        ),
    }  # fmt: skip


def middle_equal() -> dict:
    equal = _fouled(MIDDLE_EQUAL, FOULED)
    return {
        "key": "middle-equal",
        "question": _("Middle and back rows of equal strength"),
        "legal": not equal,
        "reading": _("Legal: the same nine-high straight in the middle and in the back is "
                     "no foul, and each row earns its own royalty.")
        if not equal
        else _("Fouled: the back must be stronger than the middle."),
    }  # fmt: skip


def foul_pays() -> dict:
    result = _score("house", FOULED, MIDDLE_EQUAL)
    fouled, valid = result.players
    return {
        "key": "foul-pays",
        "question": _("What a fouled hand pays a valid one"),
        "points": valid.points,
        "royalties": valid.royalties.total,
        "reading": _(
            "6 (all three rows and the scoop) plus the valid hand's own royalties. In the "
            "example a hand fouls with Q-Q-5 over Q-Q-4-3-2 against two nine-high straights "
            "with %(royalties)s in royalties: the valid hand gets %(points)s. The fouled "
            "hand earns no royalties; two fouled hands settle 0 between them."
        )
        % {"points": valid.points, "royalties": valid.royalties.total},
        "fouled": fouled.fouled,
    }


def _in_row(row: str) -> str:
    return {"front": _("in the front"), "middle": _("in the middle"), "back": _("in the back")}[row]


def stay_rows(rules: RuleSet) -> str:
    """The rows that keep a player in Fantasyland, one after the other ("" without a stay):
    "Three of a kind in the front; Full house or better in the middle; …"."""
    return "; ".join(
        (_("%(hand)s %(row)s") if line.row == "front" else _("%(hand)s or better %(row)s"))
        % {"hand": _(CATEGORY_NAMES[line.category]), "row": _in_row(line.row)}
        for line in rules.fantasyland_stay
    )


def entry_fronts(rules: RuleSet) -> str:
    """The fronts that enter Fantasyland and their cards: "QQ: 14, …, Three of a kind: 17"."""
    return ", ".join(
        f"{line.rank_label * 2 if line.rank else _(CATEGORY_NAMES[line.category])}: {line.cards}"
        for line in rules.fantasyland
    )


def fantasyland_cards() -> dict:
    """The cards dealt in Fantasyland, entry and stay, as the engine deals them."""
    lines = []
    for rules in RULE_SETS.values():
        if not rules.fantasyland:
            continue
        entry = entry_fronts(rules)
        queens = _score(rules.key, QUEENS, OTHER).players[0]
        trips = _score(rules.key, TRIPS, OTHER).players[0]
        stay = fantasyland.next_cards(rules, trips, in_fantasyland=True)
        leaves = fantasyland.next_cards(rules, queens, in_fantasyland=True) is None
        lines.append(
            {
                "rules": _(rules.label),
                "entry": entry,
                "stay_cards": stay,
                "queens_leave": leaves,
                "text": _(
                    "%(rules)s. Entering (board not fouled), cards by front: %(entry)s. "
                    "Staying, dealt %(cards)s cards again (board not fouled): %(rows)s. "
                    "Without one of these a player in Fantasyland leaves it."
                )
                % {
                    "rules": _(rules.label),
                    "entry": entry,
                    "cards": stay,
                    "rows": stay_rows(rules),
                }
                + (" " + _("A QQ front in Fantasyland is no stay.") if leaves else ""),
            }
        )
    without = [_(rules.label) for rules in RULE_SETS.values() if not rules.fantasyland]
    return {
        "key": "fantasyland",
        "question": _("The cards dealt in Fantasyland, and who stays"),
        "lines": lines,
        "reading": _("No Fantasyland: %(rules)s.") % {"rules": "; ".join(without)},
    }


def readings() -> list[dict]:
    """The league's reading of each point where OFC engines differ, from the engine."""
    return [front_equal(), middle_equal(), foul_pays(), fantasyland_cards()]
