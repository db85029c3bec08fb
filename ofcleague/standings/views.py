"""Pages of the league: thin views that fetch with one function call and render.

Every page runs a fixed number of queries whatever the size of the league; the tables are
computed by the pure functions of ``league/places.py`` from one query's rows.
"""

import re

from django.core.exceptions import NON_FIELD_ERRORS
from django.core.paginator import Paginator
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _

from ofcleague.league.current import current_league
from ofcleague.league.models import Evening, Status
from ofcleague.league.roles import sees_money
from ofcleague.standings.charts import place_chart, rating_chart
from ofcleague.standings.counted.reads import player_lines, windows
from ofcleague.standings.filters import AlltimeFilterForm
from ofcleague.standings.kept.rows import player_with_total
from ofcleague.standings.lists import evening_cards, season_lines
from ofcleague.standings.player_page import (
    CHART_WINDOW,
    PlayerEvenings,
    chart_window,
    record_tiles,
)
from ofcleague.standings.queries import (
    alltime_records,
    evening_card_rows,
    evening_count,
    head_to_head,
    largest_field,
    player_evening_count,
    rival_count,
    season_summaries,
    season_years,
)
from ofcleague.standings.share import player_share
from ofcleague.standings.tables import (
    MONEY_COLUMNS,
    HandStatisticsTable,
    HeadToHeadTable,
    PlayerEveningsTable,
    RecordTable,
    rival_rows,
)
from ofcleague.table.queries import hand_statistics, plays_fantasyland
from ofcleague.web.api import ApiError, api_view
from ofcleague.web.cache import cached_page
from ofcleague.web.export import CSV, EXPORT, csv_response, wants_csv
from ofcleague.web.params import form_fields, one_of, page_of, sort_of

HISTORY_PAGE_SIZE = 20
#: A player's evenings per page (the charts above show a window of ``CHART_WINDOW``).
PLAYER_EVENINGS_PAGE_SIZE = 20
#: Opponents per page of the head-to-head (the most evenings together first).
H2H_PAGE_SIZE = 20
LEADERS = 5
# The query parameters the pages read (each cached page declares its own, see web/cache.py):
# the tables' sort parameter (with the table's prefix when a page has several tables),
# the page of a long list, the CSV export and which of the player page's tables it exports.
SORT = "sort"
PAGE = "page"
EXPORT_TABLE = "_table"
EVENINGS_PREFIX = "evenings-"
H2H_PREFIX = "h2h-"
#: Which window of ``CHART_WINDOW`` evenings the player page's charts draw (1: the latest).
CHART_PAGE = "chart-page"
PLACE_COLUMN = re.compile(r"place_([1-9][0-9]*)")


def place_column(name):
    """Whether the all-time table can have a column ``name``: the place counts run from 1 to
    the largest field (one small query, only for a sort by a place count)."""
    match = PLACE_COLUMN.fullmatch(name)
    return match is not None and int(match[1]) <= largest_field()


# What each page makes of its parameters' values (params.py): the one canonical value.
RECORD_SORT = sort_of(RecordTable, extra=place_column)
ALLTIME_PARAMS = {**form_fields(AlltimeFilterForm), SORT: RECORD_SORT, EXPORT: CSV}
PLAYER_PARAMS = {
    EVENINGS_PREFIX + SORT: sort_of(PlayerEveningsTable),
    EVENINGS_PREFIX + PAGE: page_of(player_evening_count, PLAYER_EVENINGS_PAGE_SIZE),
    H2H_PREFIX + SORT: sort_of(HeadToHeadTable),
    H2H_PREFIX + PAGE: page_of(rival_count, H2H_PAGE_SIZE),
    CHART_PAGE: page_of(player_evening_count, CHART_WINDOW),
    EXPORT: CSV,
    # Anything else exports the evenings, as without the parameter.
    EXPORT_TABLE: one_of("record", "h2h"),
}


def rating_json(record):
    """A record's rating for the API: mu, sigma and the shown mu - 3 sigma (``None`` unrated)."""
    if record.mu is None:
        return None
    return {"mu": record.mu, "sigma": record.sigma, "display": record.rating}


@cached_page(params=())
def home(request):
    """The latest evening and the top of the all-time table."""
    latest = next(iter(evening_cards(evening_card_rows(0, 1, played=True), level="h3")), None)
    records, _largest = alltime_records()
    upcoming = (
        Evening.objects.filter(
            status=Status.PLANNED, announced_at__isnull=False, date__gte=timezone.localdate()
        )
        .order_by("date", "start_time")
        .first()
    )
    return render(
        request,
        "standings/home.html",
        {"latest": latest, "leaders": records[:LEADERS], "upcoming": upcoming},
    )


@cached_page(params={PAGE: page_of(evening_count, HISTORY_PAGE_SIZE)})
def history(request):
    """Every evening, newest first, a page of cards at a time."""
    page = Paginator(range(evening_count()), HISTORY_PAGE_SIZE).get_page(request.GET.get(PAGE))
    rows = evening_card_rows((page.number - 1) * HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE)
    return render(request, "standings/history.html", {"page": page, "cards": evening_cards(rows)})


def _hidden_money(request) -> tuple:
    """The money columns a visitor the league keeps its money from does not see."""
    return () if sees_money(request.user, current_league()) else MONEY_COLUMNS


@cached_page(params=ALLTIME_PARAMS)
def alltime(request):
    """The all-time table, filtered by year range and variant, sortable, or as CSV."""
    form = AlltimeFilterForm(request.GET)
    records, largest = alltime_records(**form.filters())
    table = RecordTable(records, largest, order_by="-wins", exclude=_hidden_money(request))
    table.configure(request)
    if wants_csv(request):
        return csv_response(table, "alltime")
    # Nothing in the table and no filter asked: the league has not finished an evening yet.
    no_evenings = not records and not any(value for value in request.GET.values())
    return render(
        request,
        "standings/alltime.html",
        {"table": table, "form": form, "no_evenings": no_evenings},
    )


def _allowed_values(field):
    """The values a choice filter takes (the variant's), else None (a year names its range)."""
    choices = getattr(AlltimeFilterForm.base_fields.get(field), "choices", None)
    return [value for value, _label in choices if value] if choices else None


@api_view(["GET", "HEAD"])
def api_alltime(request):
    """The all-time table as JSON, with the page's filters (an invalid filter: 400)."""
    allowed = list(AlltimeFilterForm.base_fields)
    if unknown := sorted(set(request.GET) - set(allowed)):
        raise ApiError(
            "unknown_filter",
            _("There is no filter “%(name)s”. The filters are: %(allowed)s.")
            % {"name": unknown[0], "allowed": ", ".join(allowed)},
            field=unknown[0], allowed=allowed,
        )  # fmt: skip
    form = AlltimeFilterForm(request.GET)
    if not form.is_valid():
        field, problems = next(iter(form.errors.items()))
        raise ApiError(
            "invalid_filter", problems[0], field=None if field == NON_FIELD_ERRORS else field,
            allowed=_allowed_values(field),
        )  # fmt: skip
    records, _largest = alltime_records(**form.filters())
    data = [
        {
            "player": record.name,
            "slug": record.slug,
            "evenings": record.evenings,
            "places": {str(place): count for place, count in sorted(record.places.items())},
            "wins": record.wins,
            "podiums": record.podiums,
            "average_place": round(record.average_place, 4),
            "best_place": record.best_place,
            "points": record.points,
            "rating": rating_json(record),
        }
        for record in records
    ]
    return JsonResponse(data, safe=False)


@cached_page(params=())
def seasons(request):
    """The league's own seasons, then the calendar years with finished evenings, each
    linking to its table."""
    context = {"years": season_lines(season_summaries()), "windows": windows()}
    return render(request, "standings/seasons.html", context)


@cached_page(params={SORT: RECORD_SORT, EXPORT: CSV})
def season(request, year):
    """One calendar year's table with links to the years before and after (or its CSV)."""
    years = season_years()
    if year not in years:
        raise Http404(_("No finished evening in this year."))
    records, largest = alltime_records(year_from=year, year_to=year)
    table = RecordTable(records, largest, order_by="-wins", exclude=_hidden_money(request))
    table.configure(request)
    if wants_csv(request):
        return csv_response(table, f"season-{year}")
    index = years.index(year)
    context = {
        "year": year,
        "table": table,
        "newer": years[index - 1] if index > 0 else None,
        "older": years[index + 1] if index + 1 < len(years) else None,
        "years": years,
    }
    return render(request, "standings/season.html", context)


def player_csv(request, player, record, evenings, rivals, hidden=()):
    """One of the player page's tables as CSV, complete: the evenings (all of them), the
    all-time row or the head-to-head."""
    name = request.GET.get(EXPORT_TABLE)
    if name == "record":
        largest = record.largest_field if record else 0
        chosen = RecordTable([record] if record else [], largest, orderable=False, exclude=hidden)
    elif name == "h2h":
        chosen = rivals
    else:
        name, chosen = "evenings", evenings
    return csv_response(chosen, f"{player.slug}-{name}")


def window_link(request, number):
    """The player page with the charts' window ``number`` (other parameters kept)."""
    params = request.GET.copy()
    params.pop(CHART_PAGE, None)
    if number > 1:
        params[CHART_PAGE] = str(number)
    return f"?{params.urlencode()}#chart-title"


@cached_page(params=PLAYER_PARAMS)
def player_detail(request, slug):
    """A player's all-time row, places and rating over a window of evenings, their evenings
    a page at a time and head-to-head (or a CSV). What it reads is bounded by what it shows:
    the kept total and rivalries, the charts' window, the list's page."""
    found = player_with_total(slug)
    if found is None:
        raise Http404(_("No such player."))
    player, record = found
    count = record.evenings if record else 0
    number = int(request.GET.get(CHART_PAGE) or 1)
    csv = wants_csv(request)
    seats, window = ([], None) if csv else chart_window(player, count, number)
    # The list's rows come sorted and paged from the database; the table shows them.
    order = request.GET.get(EVENINGS_PREFIX + SORT)
    source = PlayerEvenings(player, count, order, latest=seats if number == 1 else ())
    if csv:
        rows = source.all()
    else:
        pages = Paginator(source, PLAYER_EVENINGS_PAGE_SIZE)
        page = pages.get_page(request.GET.get(EVENINGS_PREFIX + PAGE))
        rows = page.object_list
    hidden = _hidden_money(request)
    shows_money = not hidden
    evenings = PlayerEveningsTable(rows, prefix=EVENINGS_PREFIX, exclude=hidden)
    rivals = HeadToHeadTable(rival_rows(head_to_head(player)), prefix=H2H_PREFIX)
    evenings.configure(request)  # the rows' own order: sorting them again changes nothing
    rivals.configure(request)
    if csv:
        return player_csv(request, player, record, evenings, rivals, hidden)
    evenings.paginator, evenings.page = pages, page
    rivals.show_page(H2H_PAGE_SIZE)
    if window:
        for way in ("older", "newer"):
            window[way] = window[way] and window_link(request, window[way])
    tiles, place_counts = record_tiles(record, with_money=shows_money) if record else ("", "")
    context = {
        "player": player,
        "record": record,
        "tiles": tiles,
        "place_counts": place_counts,
        "evenings": evenings,
        "rivals": rivals,
        "chart": place_chart(seats),
        "rating_chart": rating_chart(seats),
        "window": window,
        "hand_statistics": hand_statistics(player=player),
        "fantasyland": plays_fantasyland(),
        "share": player_share(request, player, record, seats[-1].evening_id if seats else None),
        # The player's line in each of the league's own seasons (its main table).
        "window_lines": player_lines(player.pk),
    }
    return render(request, "standings/player_detail.html", context)


@cached_page(
    params={
        **form_fields(AlltimeFilterForm),
        SORT: sort_of(HandStatisticsTable),
        EXPORT: CSV,
    }
)
def statistics(request):
    """The all-time "OFC statistics" from recorded hands: filtered, sortable, or as CSV."""
    form = AlltimeFilterForm(request.GET)
    table = HandStatisticsTable(hand_statistics(**form.filters()), order_by="-hands")
    # A league that plays classic Chinese Poker only has no Fantasyland to count.
    fantasyland = plays_fantasyland()
    if not fantasyland:
        table.columns = {
            name: column
            for name, column in table.columns.items()
            if name not in HandStatisticsTable.FANTASYLAND_COLUMNS
        }
    table.configure(request)
    if wants_csv(request):
        return csv_response(table, "ofc-statistics" if fantasyland else "hand-statistics")
    context = {"table": table, "form": form, "fantasyland": fantasyland}
    return render(request, "standings/statistics.html", context)
