"""Times reading and previewing 1,000 pasted result rows (150 evenings), as the import does,
and then the import page itself on SQLite: a CSV of 1,000 rows uploaded and previewed, and
the import confirmed, each through the page's code path (the test client's POST); each must
take under 5 s.

Run: ``DJANGO_SETTINGS_MODULE=tests.settings .venv/bin/python bench/import_rows.py``
(a fresh SQLite database in a temporary directory; nothing else is touched).
"""

from __future__ import annotations

import os
import sys
import tempfile
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


#: The most a step of the import page may take (seconds).
LIMIT = 5.0


def generated_csv(evenings: int = 150, rows: int = 1000) -> str:
    """The same evenings as a CSV file with round points and the winner's prize."""
    lines, first = ["Datum;Spieler;Platz;Runde 1;Runde 2;Runde 3;Preis;Buy-in"], date(2010, 1, 1)
    for index in range(evenings):
        day = first + timedelta(days=7 * index)
        size = rows // evenings + (1 if index < rows % evenings else 0)
        for place in range(1, size + 1):
            # Zero-sum rounds, better places more points: the first takes what the rest give.
            points = [(size - place) * 2 - (size - 1)] * 3
            prize = f"{10 * size},00" if place == 1 else ""
            lines.append(
                f"{day:%d.%m.%Y};Spieler {place};{place};{';'.join(map(str, points))};{prize};10"
            )
    return "\n".join(lines) + "\n"


def time_the_page() -> None:
    """Upload, preview and confirm 1,000 rows through the import page (runs after setup)."""
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    from ofcleague.league.leagues import League, Membership, Role
    from ofcleague.league.models import Evening
    from tests.factories import UserFactory

    setup_test_environment()
    call_command("migrate", verbosity=0)
    league = League.objects.get(pk=1)
    owner = UserFactory(username="bench-owner")
    Membership.objects.create(league=league, user=owner, role=Role.OWNER)
    client = Client()
    client.force_login(owner)
    data = generated_csv().encode("utf-8")
    started = time.perf_counter()
    upload = client.post(
        f"/{league.slug}/import/", {"file": SimpleUploadedFile("bench.csv", data)}, follow=True
    )
    preview_seconds = time.perf_counter() - started
    checked = upload.context["checked"]
    assert checked.preview.ok, checked.preview.problems[:3]
    started = time.perf_counter()
    done = client.post(f"/{league.slug}/import/preview/", {"action": "confirm"}, follow=True)
    confirm_seconds = time.perf_counter() - started
    assert done.status_code == 200
    stored = Evening.objects.filter(league=league).count()
    print(
        f"page: {checked.rows} rows, {stored} evenings stored; "
        f"upload+preview {preview_seconds:.2f} s, confirm {confirm_seconds:.2f} s "
        f"(limit {LIMIT:.0f} s each)"
    )
    from ofcleague.league.batches import ImportBatch

    batch = ImportBatch.objects.get()
    started = time.perf_counter()
    client.post(f"/{league.slug}/import/{batch.pk}/undo/")
    undo_seconds = time.perf_counter() - started
    left = Evening.objects.filter(league=league).count()
    print(f"page: undo {undo_seconds:.2f} s, {left} evenings left")
    if max(preview_seconds, confirm_seconds) >= LIMIT:
        raise SystemExit("too slow")


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    os.environ["DATA_DIR"] = tempfile.mkdtemp(prefix="import-bench-")
    os.environ.pop("DATABASE_URL", None)
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
    time_the_page()


if __name__ == "__main__":
    main()
