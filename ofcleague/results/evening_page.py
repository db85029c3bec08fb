"""The evening's page: places, points per round, running totals, the live tables, the
statistics from hands and, for members, the change log (or its CSV)."""

from django.shortcuts import get_object_or_404, render

from ofcleague.league.models import PlacesSource, RoundScore, Status
from ofcleague.league.places import decided_at_table, evening_standings
from ofcleague.results.changes import evening_history
from ofcleague.results.tables import EveningTable, evening_rows
from ofcleague.standings.queries import evening_outlook, evenings_with_results, rating_changes
from ofcleague.table.queries import hand_statistics, live_evening
from ofcleague.web.cache import cached_page
from ofcleague.web.export import CSV, EXPORT, csv_response, wants_csv


@cached_page(params={EXPORT: CSV})
def evening_detail(request, pk):
    """One evening: places, points per round, running totals (or its CSV)."""
    evening = get_object_or_404(evenings_with_results(), pk=pk)
    seats = list(evening.seats.all())
    scores = {
        (score.evening_player_id, score.round_number): score.points
        for score in RoundScore.objects.filter(evening_player__evening=evening)
    }
    rounds = range(1, evening.rounds + 1)
    grid = [(seat, [scores.get((seat.pk, number)) for number in rounds]) for seat in seats]
    if wants_csv(request):
        table = EveningTable(evening_rows(grid), rounds if scores else [])
        return csv_response(table, f"evening-{evening.date:%Y-%m-%d}")
    running = None
    decided = set()
    last_played = max((number for _seat, number in scores if number in rounds), default=0)
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
    return render(
        request,
        "results/evening_detail.html",
        {
            "rating_changes": rating_changes(seats),
            "outlook": evening_outlook(seats) if unplaced and seats else None,
            "evening": evening,
            "grid": grid if scores else None,
            "rounds": rounds,
            "played": played,
            "running": running,
            "decided_at_table": decided,
            # Played hand by hand and still running: standings, the current and last hands.
            "live": live_evening(evening) if evening.status == Status.IN_PROGRESS else None,
            "hand_statistics": hand_statistics(evening=evening),
            "history": evening_history(evening.pk) if request.user.is_authenticated else None,
        },
    )
