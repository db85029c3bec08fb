"""The league of the request, for every template: its name in the header, and whether the
visitor runs it (the settings link in the account menu, with the claims waiting for a
decision) or belongs to it (the members page).

A members-only league's name is for those who may read it: a visitor who reached one of its
pages without being a member (a player's personal link, dead or alive) is shown no league
here; the page of a live personal link names its league itself. A page of no league (the
site's own: logging in, an invite) links to the visitor's own leagues instead."""

from functools import cache

from ofcleague.league.leagues import League
from ofcleague.league.models import Player
from ofcleague.league.roles import can_read, role_of, runs
from ofcleague.members.services.claim_mail import open_claims


def league(request):
    current = getattr(request, "league", None)
    if current is not None and not can_read(request.user, current):
        current = None
    if current is None:
        return {
            "league": None,
            "runs_league": False,
            "member_of_league": False,
            "open_claims": 0,
            "league_has_players": False,
            # A page of the site itself leads to the visitor's own leagues, never into another.
            "own_leagues": lambda: own_leagues(getattr(request, "user", None)),
        }
    # Callables, which a template calls only where it asks (no query on other pages).
    return {
        "league": current,
        "runs_league": lambda: runs(request.user, current),
        "member_of_league": lambda: (
            runs(request.user, current) or role_of(request.user, current) is not None
        ),
        # The claims waiting for the owner's decision (a badge at "Members" in the menu).
        "open_claims": cache(lambda: open_claims(current) if runs(request.user, current) else 0),
        # A new league's empty pages lead with adding players until it has some.
        "league_has_players": lambda: Player.objects.filter(league=current).exists(),
    }


def own_leagues(user):
    """The leagues ``user`` belongs to, by name (none for a visitor not logged in)."""
    if user is None or not user.is_authenticated:
        return []
    return list(League.objects.filter(memberships__user=user).order_by("name").distinct())
