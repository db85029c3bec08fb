"""The evening's page: places, points per round, running totals, the live tables, the
statistics from hands and, for members, the change log (or its CSV).

Everything on the page that can change while the evening is played is one part of it
(``results/_evening_now.html``): the page renders it once, and a follower's phone asks for it
again every few seconds (``evening_now``, 304 while nothing changed) and swaps it whole. So no
sentence outside it goes stale, and the places, totals and rounds it shows come from one read
of the seats (one SQL statement) and always add up.
"""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.cache import get_conditional_response
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from ofcleague.league.current import current_league
from ofcleague.league.models import ENTER_RESULTS, Evening, PlacesSource, Status
from ofcleague.league.places import decided_at_table, evening_standings
from ofcleague.league.roles import sees_money
from ofcleague.league.services import undo_of
from ofcleague.results.changes import evening_history
from ofcleague.results.evening_seats import (
    evening_seats,
    live_rows,
    place_rows,
    rating_rows,
    running_rows,
)
from ofcleague.results.live_part import part_answer, part_etag, render_part, shared_part
from ofcleague.results.share import evening_share
from ofcleague.results.tables import EveningTable, evening_rows
from ofcleague.standings.queries import evening_outlook, rating_changes
from ofcleague.table.queries import (
    hand_statistics,
    live_evening,
    plays_fantasyland,
    recorded_hands,
)
from ofcleague.web.cache import cached_page, league_version
from ofcleague.web.export import CSV, EXPORT, csv_response, wants_csv


def _grid(evening, seats):
    rounds = range(1, evening.rounds + 1)
    return rounds, [(seat, [seat.points.get(number) for number in rounds]) for seat in seats]


def live_labels() -> dict:
    """The texts live.js speaks and shows while a follower's page updates itself."""
    return {
        "pause": _("Pause updates"),
        "resume": _("Resume updates"),
        # One player whose place or total changed: "Anna now in place 1, +12".
        "moved": _("%(name)s now in place %(place)s, %(change)s"),
        "placed": _("%(name)s now in place %(place)s"),
        "finished": _("The evening is finished."),
    }


def evening_now(evening: Evening, seats, *, shows_money: bool = True) -> dict:
    """What the evening's changing part shows: places, round points, running totals, the live
    tables and standings, statistics and ratings, all from ``seats`` (one read); prizes and
    the buy-in only ``shows_money`` (``roles.sees_money``)."""
    rounds, grid = _grid(evening, seats)
    scores = any(seat.points for seat in seats)
    in_progress = evening.status == Status.IN_PROGRESS
    running = None
    standings = None
    decided = set()
    last_played = max(
        (number for seat in seats for number in seat.points if number in rounds), default=0
    )
    played = range(1, last_played + 1)
    if scores:
        standings = evening_standings({seat.pk: points for seat, points in grid})
        # Only the rounds played so far: later ones would repeat the last sum.
        running = [(seat, standings.running[seat.pk][: len(played)]) for seat in seats]
    if scores and evening.places_source == PlacesSource.POINTS:
        decided = decided_at_table(
            {seat.pk: seat.total for seat in seats if seat.total is not None},
            {seat.pk: seat.place for seat in seats},
        )
    unplaced = evening.status != Status.FINISHED and all(seat.place is None for seat in seats)
    outlook, outlook_too_early = evening_outlook(seats) if unplaced else ([], False)
    finished = evening.status == Status.FINISHED
    statistics = hand_statistics(evening=evening)
    # A finished evening counts the hands recorded (none without statistics from hands),
    # never the planned ones; one still to finish says how many are planned.
    recorded = (recorded_hands(evening) if statistics else 0) if finished else None
    return {
        "evening": evening,
        "in_progress": in_progress,
        "shows_money": shows_money,
        "recorded_hands": recorded,
        "rating_changes": rating_rows(rating_changes(seats)),
        "outlook": outlook,
        "outlook_too_early": outlook_too_early,
        "places": place_rows(grid, decided),
        "grid": grid if scores else None,
        "rounds": rounds,
        "played": played,
        "running": running_rows(running) if running else None,
        "decided_at_table": decided,
        # While it is played: the places and totals so far, from the rounds shown beside them.
        "standings": live_rows(seats, standings) if in_progress and standings else None,
        # Played hand by hand and still running: where play stands and the last hands.
        "live": live_evening(evening) if in_progress else None,
        "hand_statistics": statistics,
        "fantasyland": plays_fantasyland(evening),
    }


@cached_page(params={EXPORT: CSV})
def evening_detail(request, pk):
    """One evening: places, points per round, running totals (or its CSV)."""
    evening = get_object_or_404(Evening, pk=pk)
    seats = evening_seats(evening.pk)
    shows_money = sees_money(request.user, current_league())
    if wants_csv(request):
        rounds, grid = _grid(evening, seats)
        scores = any(seat.points for seat in seats)
        hidden = () if shows_money else ("prize",)
        table = EveningTable(evening_rows(grid), rounds if scores else [], exclude=hidden)
        return csv_response(table, f"evening-{evening.date:%Y-%m-%d}")
    context = evening_now(evening, seats, shows_money=shows_money)
    context["history"] = evening_history(evening.pk) if request.user.is_authenticated else None
    context["share"] = evening_share(request, evening, seats)
    # The undo of a finish: one query, for those who may enter results, on a finished evening.
    keeper = evening.status == Status.FINISHED and request.user.has_perm(ENTER_RESULTS)
    context["finish_undo"] = undo_of(evening) if keeper else None
    context["live_labels"] = live_labels() if evening.status == Status.IN_PROGRESS else None
    return render(request, "results/evening_detail.html", context)


def evening_now_part(request, pk):
    """The evening's changing part as an HTML fragment for the follower's phone: a 304 while
    the league's version is the one the phone has, else the part rendered once per version
    and shared by every follower (``live_part``; visitors without a session are answered
    there already when they can be)."""
    league = current_league()
    shows_money = sees_money(request.user, league)
    etag = part_etag(league.pk, league_version(request), pk, get_language(), shows_money)
    not_modified = get_conditional_response(request, etag=etag)
    if not_modified is not None:
        return part_answer(not_modified, etag)

    def render():
        evening = get_object_or_404(Evening, pk=pk)
        seats = evening_seats(evening.pk)
        return render_part(request, evening_now(evening, seats, shows_money=shows_money))

    return part_answer(HttpResponse(shared_part(etag, render)), etag)
