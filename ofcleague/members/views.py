"""The site's front page: your leagues and the public ones."""

from django.shortcuts import redirect, render

from ofcleague.league.leagues import League, Visibility
from ofcleague.league.roles import can_read


def front(request):
    """The leagues a visitor can open. A site with one league they can read opens it."""
    leagues = list(League.objects.order_by("name"))
    readable = [league for league in leagues if can_read(request.user, league)]
    if len(leagues) == 1 and readable:
        return redirect(f"/{readable[0].slug}/")
    mine = []
    if request.user.is_authenticated:
        mine_ids = set(request.user.memberships.values_list("league_id", flat=True))
        mine = [league for league in readable if league.pk in mine_ids]
    public = [
        league
        for league in readable
        if league.visibility == Visibility.PUBLIC and league not in mine
    ]
    return render(request, "members/front.html", {"mine": mine, "public": public})
