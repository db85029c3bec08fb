"""The records page: the league's records, this year's races for the awards, past winners."""

from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import get_format

from ofcleague.records.compute import AWARDS, KINDS
from ofcleague.records.queries import record_book
from ofcleague.records.wording import AWARDS as AWARD_WORDS
from ofcleague.records.wording import RECORDS, record_value
from ofcleague.web.cache import cached_page
from ofcleague.web.numbers import date_formatter, fixed


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
