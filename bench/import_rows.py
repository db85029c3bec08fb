"""Times reading and previewing 1,000 pasted result rows (150 evenings), as the import does.

Run: ``DJANGO_SETTINGS_MODULE=tests.settings .venv/bin/python bench/import_rows.py``
"""

from __future__ import annotations

import os
import sys
import time
from datetime import date, timedelta
from pathlib import Path


def generated_text(evenings: int = 150, rows: int = 1000) -> str:
    """Pasted results in the league's printed form: ``rows`` places over ``evenings`` evenings."""
    lines, first = [], date(2010, 1, 1)
    for index in range(evenings):
        day = first + timedelta(days=7 * index)
        size = rows // evenings + (1 if index < rows % evenings else 0)
        lines.append(f"Freitag, {day:%d.%m.%Y}, Start 19.00 Uhr")
        lines.append("Buyin 10 €, 3mal 15 Hände Pineapple")
        lines.append(" ".join(f"{place}. Spieler {place}" for place in range(1, size + 1)))
    return "\n".join(lines)


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    from ofcleague.imports.check import preview
    from ofcleague.imports.paste import parse_text

    text = generated_text()
    started = time.perf_counter()
    parsed = parse_text(text)
    result = preview(parsed.rows, [f"Spieler {n}" for n in range(1, 9)], problems=parsed.problems)
    seconds = time.perf_counter() - started
    print(
        f"import: {len(parsed.rows)} rows, {len(result.evenings)} evenings, "
        f"{len(result.problems)} problems, parse+preview {seconds:.3f} s"
    )


if __name__ == "__main__":
    main()
