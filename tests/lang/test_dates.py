"""Issue 36, point 6: dates come from Django's locale formats, never from hand-made German
patterns; English is day-first everywhere ("Friday, 11 December 2026", "01/12/2026 10:00")."""

import datetime
import pathlib
import re
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone, translation
from django.utils.formats import date_format

from ofcleague.league.current import using_league
from ofcleague.league.models import Evening, Status
from ofcleague.rsvp.part import chat_message
from ofcleague.rsvp.services.answers import answer_evening
from tests.factories import EveningFactory, PlayerFactory

ROOT = pathlib.Path(__file__).resolve().parents[2]
#: A date pattern written by hand: German day.month (d.m.Y, %d.%m.%Y, "j. F") in a template's
#: date filter or in Python's date formatting.
HAND_MADE = re.compile(r"""(d\.m\.|%d\.%m\.|j\. F|\|date:"[^"A-Z]*[djmnFNY][^"]*")""")
#: Where such patterns belong: the formats (German output, input formats) and the CSV dialects.
ALLOWED = {
    "ofcleague/formats/de/formats.py",
    "ofcleague/formats/en/formats.py",
    "ofcleague/web/export.py",
}


def test_no_template_or_module_writes_a_date_by_hand():
    found = []
    for folder, suffixes in (("templates", {".html", ".txt"}), ("ofcleague", {".py"})):
        for path in (ROOT / folder).rglob("*"):
            relative = path.relative_to(ROOT).as_posix()
            if path.suffix not in suffixes or relative in ALLOWED or "/migrations/" in relative:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if HAND_MADE.search(line):
                    found.append(f"{relative}:{number}: {line.strip()}")
    assert found == []


@pytest.mark.parametrize(
    ("language", "long", "short_with_time"),
    [
        ("en", "Friday, 11 December 2026", "01/12/2026 10:00"),
        ("de", "Freitag, 11.12.2026", "01.12.2026 10:00"),
    ],
)
def test_each_language_writes_its_dates_one_way(language, long, short_with_time):
    with translation.override(language):
        assert date_format(datetime.date(2026, 12, 11), "DATE_FORMAT") == long
        moment = datetime.datetime(2026, 12, 1, 10, 0)
        assert date_format(moment, "SHORT_DATETIME_FORMAT") == short_with_time
        assert date_format(datetime.date(2026, 12, 6), "SHORT_DATE_FORMAT") in (
            "06/12/2026",
            "06.12.2026",
        )


def _announced(league, **fields):
    with using_league(league):
        return EveningFactory(
            league=league,
            status=Status.PLANNED,
            announced_at=timezone.now(),
            date=datetime.date(2026, 12, 11),
            **fields,
        )


@pytest.mark.django_db
def test_the_english_home_page_names_the_next_evening_in_english(client, english_league):
    _announced(english_league, most_seats=5)
    today = datetime.date(2026, 12, 6)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(timezone, "localdate", lambda *args, **kwargs: today)
        html = client.get(f"/{english_league.slug}/").content.decode()
    assert "Friday, 11 December 2026" in html
    assert "11. December" not in html and "11.12.2026" not in html


@pytest.mark.django_db
def test_the_chat_message_and_the_late_answer_speak_english(english_league):
    evening = _announced(
        english_league,
        rsvp_until=datetime.datetime(2026, 12, 1, 10, 0, tzinfo=ZoneInfo("Europe/Berlin")),
        most_seats=5,
    )
    with using_league(english_league):
        player = PlayerFactory(name="Hal")
        fresh = Evening.objects.get(pk=evening.pk)
    with translation.override("en"), timezone.override(ZoneInfo("Europe/Berlin")):
        message = chat_message(fresh, "https://x.test/", [])
        assert "Friday, 11 December 2026" in message
        with pytest.raises(ValidationError) as refused:
            answer_evening(
                evening, player, "yes", now=datetime.datetime(2026, 12, 2, tzinfo=datetime.UTC)
            )
    assert "due by 01/12/2026 10:00" in refused.value.messages[0]
