"""The site's front page: your leagues and the public ones."""

from django.shortcuts import redirect, render

from ofcleague.league.leagues import League, Visibility
from ofcleague.league.roles import can_read


def front(request):
    """The leagues a visitor can open. A site with one league opens it for a visitor who
    is not logged in, or who belongs to it; a logged-in account that belongs to no league
    sees "found a league" first (never a stranger's league as if it were theirs)."""
    leagues = list(League.objects.order_by("name"))
    readable = [league for league in leagues if can_read(request.user, league)]
    mine = []
    if request.user.is_authenticated:
        mine_ids = set(request.user.memberships.values_list("league_id", flat=True))
        mine = [league for league in readable if league.pk in mine_ids]
    stranger = request.user.is_authenticated and not request.user.is_superuser and not mine
    if len(leagues) == 1 and readable and not stranger:
        return redirect(f"/{readable[0].slug}/")
    public = [
        league
        for league in readable
        if league.visibility == Visibility.PUBLIC and league not in mine
    ]
    return render(
        request,
        "members/front.html",
        {"mine": mine, "public": public, "no_league_yet": stranger},
    )
