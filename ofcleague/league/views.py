"""Pages of the league: thin views that fetch with one function call and render."""

from django.core.paginator import Paginator
from django.db.models import Count, Prefetch, Q
from django.shortcuts import get_object_or_404, render

from .models import Evening, EveningPlayer, Player, RoundScore

HISTORY_PAGE_SIZE = 20


def evenings_with_results():
    """Evenings with their players in finishing order, fetched in two queries."""
    seats = EveningPlayer.objects.select_related("player").order_by("place", "player__name")
    return Evening.objects.prefetch_related(Prefetch("players", queryset=seats))


def home(request):
    latest = evenings_with_results().first()
    leaders = (
        Player.objects.annotate(
            played=Count("evenings", filter=Q(evenings__place__isnull=False)),
            wins=Count("evenings", filter=Q(evenings__place=1)),
            seconds=Count("evenings", filter=Q(evenings__place=2)),
        )
        .filter(played__gt=0)
        .order_by("-wins", "-seconds", "name")[:5]
    )
    return render(request, "league/home.html", {"latest": latest, "leaders": leaders})


def history(request):
    page = Paginator(evenings_with_results(), HISTORY_PAGE_SIZE).get_page(request.GET.get("page"))
    return render(request, "league/history.html", {"page": page})


def evening_detail(request, pk):
    evening = get_object_or_404(evenings_with_results(), pk=pk)
    seats = list(evening.players.all())
    scores = {
        (score.evening_player_id, score.round_number): score.points
        for score in RoundScore.objects.filter(evening_player__evening=evening)
    }
    rounds = range(1, evening.rounds + 1)
    grid = [(seat, [scores.get((seat.pk, number)) for number in rounds]) for seat in seats]
    return render(
        request,
        "league/evening_detail.html",
        {"evening": evening, "grid": grid if scores else None, "rounds": rounds},
    )


def player_detail(request, slug):
    player = get_object_or_404(Player, slug=slug)
    seats = (
        EveningPlayer.objects.filter(player=player)
        .select_related("evening")
        .annotate(field_size=Count("evening__players"))
        .order_by("-evening__date")
    )
    return render(request, "league/player_detail.html", {"player": player, "seats": seats})
