"""The league of the request, for every template: its name in the header, and whether the
visitor runs it (the settings link in the account menu)."""

from ofcleague.league.roles import runs


def league(request):
    current = getattr(request, "league", None)
    if current is None:
        return {"league": None, "runs_league": False}
    # A callable, which a template calls only where it asks (no query on other pages).
    return {"league": current, "runs_league": lambda: runs(request.user, current)}
