"""Issue 36, "the league's language, everywhere it speaks": every page of an English league
with evenings, hands and members, crawled as its owner and as a visitor, carries no phrase of
the German catalogue and no German date (nor a month-first one); a German league's pages
carry no English phrase and no English date."""

import datetime
import html
import re

import pytest
from django.utils import timezone

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Status
from ofcleague.members.services import members as services
from tests.factories import EveningFactory, UserFactory
from tests.lang.catalogue import (
    ENGLISH_DATE,
    GERMAN_DATE,
    MONTH_FIRST,
    english_phrases,
    foreign_phrases,
    german_phrases,
    page_text,
)
from tests.leagues.builders import populate

pytestmark = pytest.mark.django_db

#: Links the crawl does not follow: downloads, feeds, the APIs, the backup, leaving.
SKIPPED = re.compile(r"_export=|format=|/backup/|\.ics|\.png|\.json|/api/|/delete/|logout")
#: Enough for every kind of page of the league (queries are cut, so each path once).
MOST_PAGES = 90


def league_with_everything(language, slug, name):
    league = League.objects.create(name=name, slug=slug, language=language)
    owner = UserFactory(username=f"{slug}-owner")
    Membership.objects.create(league=league, user=owner, role=Role.OWNER)
    member = UserFactory(username=f"{slug}-member")
    Membership.objects.create(league=league, user=member, role=Role.MEMBER)
    populate(league, ["Hal", "Eli", "Gus", "Ivy", "Kim"], year=2025, notes="Bring snacks")
    with using_league(league):
        EveningFactory(
            status=Status.PLANNED, announced_at=timezone.now(), most_seats=5,
            date=timezone.localdate() + datetime.timedelta(days=5),
            rsvp_until=timezone.now() + datetime.timedelta(days=3),
        )  # fmt: skip
    invite = services.make_invite(league, owner, Role.MEMBER)
    return league, owner, invite


def crawl(client, start, slug):
    """Every page under ``/<slug>/`` that ``start`` leads to by links (path once each)."""
    queue, seen, pages = list(start), set(), {}
    while queue and len(pages) < MOST_PAGES:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        response = client.get(path)
        if response.status_code != 200 or "text/html" not in response["Content-Type"]:
            continue
        content = response.content.decode()
        pages[path] = content
        for link in re.findall(r'href="([^"#]+)', content):
            link = html.unescape(link)
            if link.startswith(f"/{slug}/") and not SKIPPED.search(link):
                queue.append(link.split("?")[0])
    return pages


def problems(pages, phrases, dates):
    found = {}
    for path, content in pages.items():
        text = page_text(content)
        wrong = foreign_phrases(text, phrases)
        wrong += [match.group(0) for match in dates.finditer(text)]
        wrong += [match.group(0) for match in MONTH_FIRST.finditer(text)]
        if wrong:
            found[path] = wrong
    return found


@pytest.mark.parametrize("who", ["owner", "visitor"])
def test_every_page_of_an_english_league_speaks_english(client, who):
    league, owner, invite = league_with_everything("en", "tuesday-club", "Tuesday Club")
    if who == "owner":
        client.force_login(owner)
    pages = crawl(client, [f"/{league.slug}/", f"/join/{invite.token}/"], league.slug)
    assert len(pages) > (25 if who == "owner" else 12), sorted(pages)
    assert problems(pages, german_phrases(), GERMAN_DATE) == {}


def test_every_page_of_a_german_league_speaks_german(client):
    league, owner, invite = league_with_everything("de", "dienstagsrunde", "Dienstagsrunde")
    client.force_login(owner)
    pages = crawl(client, [f"/{league.slug}/", f"/join/{invite.token}/"], league.slug)
    assert len(pages) > 25, sorted(pages)
    assert problems(pages, english_phrases(), ENGLISH_DATE) == {}
