"""The cases of ``hands.json``, made by the scoring engine: what a row is worth, whether a board
fouls, and the Fantasyland cards a board earns.

The score pad's script judges boards waiting on a phone without a connection by its own copy
of these rules (``static/js/pad/fantasyland.js``); a browser test runs it on the file, and
``tests/scoring/test_hand_cases.py`` asserts the file is what the engine says today. After a
change to the engine or to the inputs below, write the file again::

    python -m tests.cases.hands
"""

import json
import random

from ofcleague.scoring import (
    ROWS,
    format_cards,
    get_rule_set,
    parse_cards,
    parse_hand,
    score,
)
from ofcleague.scoring.evaluator import evaluate
from ofcleague.scoring.fantasyland import next_cards, rules_data
from tests.cases import FOLDER

ABOUT = (
    "Rows valued, boards fouled and Fantasyland earned, as the scoring engine "
    "(ofcleague/scoring) says and the score pad's script (static/js/pad/fantasyland.js: "
    "rowValue, fouled, nextCards) must say too. value: the category (0 high card ... 9 royal "
    "flush), then the ranks that decide it (2 ... 14 for the ace), strongest first. "
    "fantasyland: the cards the board earns for the next hand under the rule set, null for "
    "none; dealt: the cards the player was dealt in Fantasyland this hand (null: a normal "
    "hand). Made by tests/cases/hands.py: after a change there, run python -m tests.cases.hands."
)

#: Rows of every category and the ties between them that kickers decide.
ROWS_CHOSEN = [
    "Ah Kd 7c",
    "2c 3d 5h",
    "Qh Qd 5c",
    "5c 5d Ah",
    "Ks Kh Kd",
    "Ah Kd 9c 7s 3h",
    "Qh Qd 5c 4s 2h",
    "Jh Jd 9c 9s 2h",
    "7h 7d 7c As 2h",
    "Ah 2d 3c 4s 5h",
    "Th Jd Qc Ks Ah",
    "6h 7d 8c 9s Th",
    "2h 7h 9h Jh Kh",
    "3h 3d 3c 9s 9h",
    "8h 8d 8c 8s 2h",
    "5s 6s 7s 8s 9s",
    "As 2s 3s 4s 5s",
    "Ts Js Qs Ks As",
]

#: Boards at the edges of a foul: equal rows, a front equal to the middle as far as it goes,
#: a kicker that decides, a stronger category above a weaker one.
BOARDS_CHOSEN = [
    ("Qh Qd 5c", "Qs Qc 4s 3h 2h", "Ah Ad Kc Ks 9d"),
    ("Qh Qd 5c", "Qs Qc 5s 3h 2h", "Ah Ad Kc Ks 9d"),
    ("Qh Qd 4c", "Qs Qc 5s 3h 2h", "Ah Ad Kc Ks 9d"),
    ("Ah Kd 7c", "As Kc 7s 3h 2h", "5h 5d 6c 6s 9d"),
    ("Ah Kd 7c", "As Kc 6h 3h 2h", "5h 5d 6c 6s 9d"),
    ("5h 5d 5c", "Ah Ad Kc Ks 9d", "2s 3s 4s 5s 6s"),
    ("2h 3d 4c", "Ah 2d 3c 4s 5h", "6h 7h 9h Jh Kh"),
    ("2h 3d 4c", "6h 7h 9h Jh Kh", "Ah 2d 3c 4s 5s"),
    ("2h 3d 4c", "8h 8d 8c 8s 2c", "Th Jh Qh Kh Ah"),
]

#: Boards that earn Fantasyland, keep it, or lose it (rule set, board, cards dealt in it).
FANTASYLAND_CHOSEN = [
    ("pineapple", ("Qh Qd 5c", "Ks Kc 4s 3h 2h", "Ah Ad Kh Kd 9d"), None),
    ("pineapple", ("Kh Qd Kc", "As Ac 4s 3h 2h", "7h 7d 7c 7s 9d"), None),
    ("pineapple", ("Ah Qd Ac", "2s 2c 2d 3h 3d", "7h 7d 7c 7s 9d"), None),
    ("pineapple", ("2h 2d 2c", "Ks Kc 4s 4h 4d", "Ah Ad Ac As 9d"), None),
    ("pineapple", ("Jh Jd 5c", "Ks Kc 4s 3h 2h", "Ah Ad Kh Kd 9d"), None),
    ("pineapple", ("Ah Ad 5c", "Ks Kc 4s 3h 2h", "Qh Qd Jh Jd 9d"), None),
    ("pineapple", ("Qh Qd 5c", "Ks Kc 4s 3h 2h", "Ah Ad Kh Kd 9d"), 14),
    ("pineapple", ("2h 2d 2c", "3s 3c 4s 4h 4d", "Ah Ad Ac As 9d"), 17),
    ("pineapple", ("Ah 2d 5c", "3s 3c 4s 4h 4d", "Kh Kd Kc As Ad"), 14),
    ("pineapple", ("Ah 2d 5c", "3s 3c 4s 5h 6d", "Kh Kd Kc Ks 9d"), 14),
    ("pineapple", ("Ah 2d 5c", "3s 3c 4s 5h 6d", "Kh Kd Kc Js 9d"), 15),
    ("pineapple", ("Ad 2d 5c", "2s 2c 3s 5h 6d", "Th Jh Qh Kh Ah"), 15),
    ("house", ("Qh Qd 5c", "Ks Kc 4s 3h 2h", "Ah Ad Kh Kd 9d"), None),
]

SEED = 39
RANDOM_ROWS = 40
RANDOM_BOARDS = 40


def _random_boards(draw: random.Random) -> list[tuple[str, str, str]]:
    """Boards dealt from a shuffled deck (about half of them foul)."""
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]
    boards = []
    for _ in range(RANDOM_BOARDS):
        cards = draw.sample(deck, 13)
        boards.append((" ".join(cards[:3]), " ".join(cards[3:8]), " ".join(cards[8:])))
    return boards


def _random_rows(draw: random.Random) -> list[str]:
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]
    return [" ".join(draw.sample(deck, draw.choice([3, 5]))) for _ in range(RANDOM_ROWS)]


def _result(board: tuple[str, str, str], rule_set):
    """The engine's result for the board, scored against a table mate who holds other cards."""
    used = set(parse_cards(" ".join(board)))
    rest = format_cards([card for card in range(52) if card not in used][:13]).split()
    mate = (" ".join(rest[:3]), " ".join(rest[3:8]), " ".join(rest[8:]))
    hands = [parse_hand("a", *board), parse_hand("b", *mate, player=1)]
    return score(hands, rule_set).players[0]


def _board(board: tuple[str, str, str]) -> dict:
    return dict(zip(ROWS, board, strict=True))


def hand_cases() -> dict:
    """The file's content, as the engine says it today."""
    draw = random.Random(SEED)
    house = get_rule_set("house")
    rows = [
        {"text": text, "value": list(evaluate(parse_cards(text)))}
        for text in [*ROWS_CHOSEN, *_random_rows(draw)]
    ]
    boards = [
        {**_board(board), "fouled": _result(board, house).fouled}
        for board in [*BOARDS_CHOSEN, *_random_boards(draw)]
    ]
    fantasyland = []
    for key, board, dealt in FANTASYLAND_CHOSEN:
        rules = get_rule_set(key)
        earned = next_cards(rules, _result(board, rules), in_fantasyland=dealt is not None)
        fantasyland.append(
            {"rules": key, "rules_data": rules_data(rules), **_board(board), "dealt": dealt,
             "fantasyland": earned}
        )  # fmt: skip
    return {"about": ABOUT, "rows": rows, "boards": boards, "fantasyland": fantasyland}


def as_text(content: dict) -> str:
    """The file's text: a case a line."""
    parts = [f'  "about": {json.dumps(content["about"], ensure_ascii=False)}']
    for key in ("rows", "boards", "fantasyland"):
        lines = ",\n".join(f"    {json.dumps(case, ensure_ascii=False)}" for case in content[key])
        parts.append(f'  "{key}": [\n{lines}\n  ]')
    return "{\n" + ",\n".join(parts) + "\n}\n"


PATH = FOLDER / "hands.json"

if __name__ == "__main__":
    PATH.write_text(as_text(hand_cases()), encoding="utf-8")
