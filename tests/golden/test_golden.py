"""The site's answers, byte for byte, as they were before the models moved into apps by
concept (issue 39): pages, the score pad's JSON, the calendar feed, the export's rows and a
mail, of the deterministic league of ``league.py``, stored under ``answers/``.

Only what is random on every request is normalised: the CSRF token (``csrfmiddlewaretoken``
and the ``X-CSRFToken`` header of ``<body>``) and the CSP nonce. Everything else must match.
``GOLDEN_WRITE=1`` writes the answers anew (only where a change is meant).
"""

import io
import os
import re
from pathlib import Path

import openpyxl
import pytest
from django.core import mail

from tests.golden.league import build_league, fixed_world, keys_from_the_rows

ANSWERS = Path(__file__).parent / "answers"
WRITE = os.environ.get("GOLDEN_WRITE") == "1"
L = "/ofc-runde"

CSRF = re.compile(r"(csrfmiddlewaretoken\" value=\"|X-CSRFToken(?:&quot;|\")\s*:\s*(?:&quot;|\"))"
                  r"[A-Za-z0-9]{32,64}")  # fmt: skip
NONCE = re.compile(r"nonce=\"[^\"]+\"")


def normalised(text: str) -> str:
    text = CSRF.sub(r"\1<csrf>", text)
    return NONCE.sub('nonce="<nonce>"', text)


def pages(built):
    """Each answer's file name and its address (owner's view unless said)."""
    finished, at_pad = built["finished"].pk, built["at_pad"].pk
    andreas = built["players"][0].slug
    return {
        "home.html": f"{L}/",
        "evening_finished.html": f"{L}/evenings/{finished}/",
        "evening_at_pad.html": f"{L}/evenings/{at_pad}/",
        "evening_announced.html": f"{L}/evenings/{built['announced'].pk}/",
        "points.html": f"{L}/evenings/{at_pad}/points/",
        "pad.html": f"{L}/evenings/{at_pad}/rounds/1/tables/1/",
        "live.html": f"{L}/evenings/{at_pad}/live/",
        "player.html": f"{L}/players/{andreas}/",
        "alltime.html": f"{L}/alltime/",
        "history.html": f"{L}/history/",
        "cash.html": f"{L}/cash/",
        "calendar.ics": f"{L}/calendar.ics",
        "export.csv": f"{L}/export/?format=csv",
    }


def answered(client, address):
    response = client.get(address)
    body = response.content.decode()
    head = f"{response.status_code} {response.get('Content-Type', '')}\n"
    return head + normalised(body)


def pad_hand(client, built):
    """The pad's answer to a new hand (JSON), and to the same hand sent again."""
    address = f"{L}/api/evenings/{built['at_pad'].pk}/rounds/1/tables/1/hands/"
    hand = {
        "id": "00000000-0000-4000-8000-0000000000aa",
        "number": 3,
        "entry": "points",
        "results": [
            {"seat": seat, "points": value} for seat, value in [(1, 3), (2, -1), (3, 0), (4, -2)]
        ],
    }
    answers = []
    for _time in range(2):
        response = client.post(address, hand, content_type="application/json")
        answers.append(f"{response.status_code} {response['Content-Type']}\n")
        answers.append(response.content.decode() + "\n")
    return "".join(answers)


def xlsx_rows(client):
    response = client.get(f"{L}/export/?format=xlsx")
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    lines = [f"sheet {sheet.title}" for sheet in book.worksheets]
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            lines.append(" | ".join(f"{cell.value!r}:{cell.number_format}" for cell in row))
    return "\n".join(lines) + "\n"


def mails(outbox):
    parts = []
    for message in outbox:
        parts.append(f"To: {', '.join(message.to)}\nSubject: {message.subject}\n\n{message.body}")
    return "\n----\n".join(parts) + "\n"


@pytest.fixture
def golden(db, seeded, client, mailoutbox):
    keys_from_the_rows()
    with fixed_world():
        built = build_league()
        client.force_login(built["owner"])
        found = {name: answered(client, address) for name, address in pages(built).items()}
        found["export_xlsx_rows.txt"] = xlsx_rows(client)
        found["mails.txt"] = mails(mail.outbox)
        found["pad_hands.json"] = pad_hand(client, built)
        anonymous = client.__class__()
        found["home_visitor.html"] = answered(anonymous, f"{L}/")
        found["evening_finished_visitor.html"] = answered(
            anonymous, f"{L}/evenings/{built['finished'].pk}/"
        )
    return found


def test_every_answer_is_as_it_was(golden):
    if WRITE:
        ANSWERS.mkdir(exist_ok=True)
        for name, text in golden.items():
            (ANSWERS / name).write_text(text, encoding="utf-8")
    stored = sorted(path.name for path in ANSWERS.iterdir())
    assert stored == sorted(golden)
    changed = [
        name for name, text in golden.items() if (ANSWERS / name).read_bytes() != text.encode()
    ]
    assert not changed, f"answers changed: {changed}"
