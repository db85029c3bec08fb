"""The records page: the league's records, this year's races for the awards, past winners;
and a season's story (``story.py``)."""

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import get_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ofcleague.records.compute import AWARDS, KINDS
from ofcleague.records.own_story import read_own_story
from ofcleague.records.queries import record_book
from ofcleague.records.story import read_story
from ofcleague.records.story_charts import race_chart, rating_curves
from ofcleague.records.wording import AWARDS as AWARD_WORDS
from ofcleague.records.wording import RECORDS, record_value
from ofcleague.standings.counted.models import PointsSystem, SeasonWindow
from ofcleague.standings.counted.reads import is_closed
from ofcleague.standings.queries import season_years
from ofcleague.web.cache import cached_page
from ofcleague.web.numbers import date_formatter, fixed
from ofcleague.web.paths import page_path


def record_rows(records) -> list[dict]:
    """The records as the page and the API show them, in ``KINDS`` order (unset ones too)."""
    short_date = date_formatter()
    rows = []
    for kind in KINDS:
        record = records.get(kind)
        title, counts = RECORDS[kind]
        row = {"kind": kind, "title": title, "counts": counts, "record": record}
        if record is not None:
            row.update(
                value=record_value(kind, record.value),
                date=short_date(record.date),
                started=short_date(record.started) if record.started != record.date else None,
                evening_url=reverse("results:evening", kwargs={"pk": record.evening_id}),
                player_url=reverse("standings:player", kwargs={"slug": record.slug}),
            )
        rows.append(row)
    return rows


def standing_value(kind: str, value) -> str:
    """A race's number: the rating gained with one decimal and its sign, else a count."""
    if kind == "most_improved":
        return "+" + fixed(value, 1, get_format("DECIMAL_SEPARATOR"))
    return str(int(value))


def award_rows(awards) -> list[dict]:
    """One year's awards as the page shows them: name, what it counts, the leaders."""
    return [
        {
            "kind": award.kind,
            "title": AWARD_WORDS[award.kind][0],
            "counts": AWARD_WORDS[award.kind][1],
            "leaders": [
                {
                    "name": leader.name,
                    "url": reverse("standings:player", kwargs={"slug": leader.slug}),
                    "value": standing_value(award.kind, leader.value),
                }
                for leader in award.leaders
            ],
        }
        for award in awards
    ]


def past_winners(awards_by_year, latest) -> list[dict]:
    """Earlier years' winners of each award, newest year first (a text table)."""
    rows = []
    for year, awards in awards_by_year.items():
        if year == latest:
            continue
        winners = {award.kind: award.leaders[0] if award.leaders else None for award in awards}
        rows.append({"year": year, "winners": [winners.get(kind) for kind in AWARDS]})
    return rows


@cached_page(params=())
def records(request):
    """The league's records and awards (the version and two queries, however many evenings)."""
    book = record_book(request)
    latest = max(book.awards, default=None)
    context = {
        "records": record_rows(book.records),
        "year": latest,
        # The latest year's races still run until the year is over.
        "running": latest is not None and latest >= timezone.localdate().year,
        "awards": award_rows(book.awards.get(latest, [])),
        "award_titles": [AWARD_WORDS[kind][0] for kind in AWARDS],
        "past": past_winners(book.awards, latest),
        "evenings": book.evenings,
    }
    return render(request, "records/records.html", context)


def story_records(story) -> list[dict]:
    """The records set in the season (those with a number), each saying whether it is the
    league's own record too."""
    return [
        {**row, "league_record": row["kind"] in story.league_records}
        for row in record_rows(story.records)
        if row["record"] is not None
    ]


def story_share(request, title: str, description: str, page: str, card: str) -> dict | None:
    """The Open Graph tags of the story page, with its card (None for a members-only league)."""
    if request.league is None or request.league.members_only:
        return None
    return {
        "title": f"{title} · {request.league.name}",
        "description": description,
        "url": request.build_absolute_uri(page),
        "image": request.build_absolute_uri(card),
        "image_alt": title,
        "type": "article",
    }


def story_numbers(story) -> str:
    """The season in a sentence: evenings played and players."""
    evenings = ngettext("%(count)d evening", "%(count)d evenings", len(story.evenings)) % {
        "count": len(story.evenings)
    }
    players = ngettext("%(count)d player", "%(count)d players", story.players) % {
        "count": story.players
    }
    return f"{evenings} · {players}"


@cached_page(params=())
def season_story(request, year):
    """A season told: the race evening by evening, the rating curves of its leaders, its
    records and awards, a few numbers and a card for the group chat (a fixed number of
    queries: the version, the years, the season's two reads, the league's record book)."""
    if year not in season_years():
        raise Http404(_("No finished evening in this year."))
    story = read_story(year, request)
    season = _("Season %(year)s") % {"year": year}
    return _story_page(
        request,
        story,
        title=_("The story of season %(year)s") % {"year": year},
        season=season,
        back_url=page_path("standings:season", year),
        page=page_path("records:story", year),
        card=page_path("results:season_card", year),
        running=year >= timezone.localdate().year,
        race_hint=_(
            "Wins so far of the season's leaders after each evening; the season's table ranks "
            "by wins, then second and third places, then the better average place."
        ),
    )


@cached_page(params=(), by_day=True)
def own_season_story(request, window):
    """The story of a season of the league's own: its race by the main points system, as the
    season's table counts (a fixed number of queries)."""
    found = SeasonWindow.objects.filter(pk=window).first()
    system = PointsSystem.objects.filter(main=True).first()
    if found is None or system is None:
        raise Http404(_("No such season."))
    story = read_own_story(found, system, request)
    return _story_page(
        request,
        story,
        title=_("The story of %(season)s") % {"season": found.name},
        season=found.name,
        back_url=page_path("standings:window", found.pk),
        page=page_path("records:own_story", found.pk),
        card=page_path("results:own_season_card", found.pk),
        running=not is_closed(found, timezone.localdate()),
        race_hint=_(
            "Points so far of the season's leaders after each evening, counted as “%(system)s” "
            "counts them (the season's main table)."
        )
        % {"system": system.name},
    )


def _story_page(request, story, *, title, season, back_url, page, card, running, race_hint):
    numbers = story_numbers(story)
    context = {
        "story": story,
        "title": title,
        "season": season,
        "back_url": back_url,
        "race_hint": race_hint,
        "numbers": numbers,
        "race": race_chart(story),
        "ratings": rating_curves(story, _("Before the season")),
        "records": story_records(story),
        "awards": award_rows(story.awards),
        "running": running,
        "most_wins": story.most_wins,
        "share": story_share(request, season, numbers, page, card),
        "card_url": card,
        "page_url": request.build_absolute_uri(page),
    }
    return render(request, "records/story.html", context)
