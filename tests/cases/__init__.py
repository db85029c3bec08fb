"""Cases that a rule of the league's Python and its copy in a page script must both pass.

One JSON file a rule (``places.json``: places from point totals; ``cards.json``: a typed row
of cards read; ``hands.json``: rows valued, boards fouled, Fantasyland earned). The Python test
asserts the Python function on every case; a browser test runs the script's function on the
same cases in Chromium, so the two cannot drift apart unnoticed.
"""

import json
from pathlib import Path

FOLDER = Path(__file__).parent


def cases(name: str) -> list[dict]:
    """The cases of ``<name>.json``, each with its ``name``."""
    return json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))["cases"]
