"""Who may do what in a league: its roles, read once per request.

- anybody reads a public league; a members-only league only its members (any role);
- owners and scorekeepers enter and correct results (the permission ``ENTER_RESULTS``,
  asked as Django asks any permission: ``user.has_perm``, ``{{ perms }}``,
  ``permission_required``), in the league active for the request;
- owners run the league: its settings, members, invites, imports;
- a superuser may do everything everywhere; the site-wide ``MEMBERS_ONLY`` sends anonymous
  visitors of any page to the login (``ofcleague/web/members_only.py``).
"""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext_lazy as _

from ofcleague.league.current import active_league
from ofcleague.league.leagues import ENTERS_RESULTS, Membership, Role, Visibility

#: The permission of owners and scorekeepers: entering and correcting results.
ENTER_RESULTS = "league.enter_results"

#: The rules a page can have, each with the one message that says it (the 403 page shows it).
OWNER_ONLY = "owner"
RESULTS_ONLY = "results"
MEMBERS_ONLY = "members"
RULES = {
    OWNER_ONLY: _(
        "This page is for the league's owner: only the owner changes the league's settings, "
        "members, players and invites."
    ),
    RESULTS_ONLY: _(
        "This page is for the league's owner and its scorekeepers, who enter and correct "
        "results. The owner can make you a scorekeeper on the members page."
    ),
    MEMBERS_ONLY: _(
        "This page is for the league's members. The owner can invite you on the members page."
    ),
}


def refusal(rule: str) -> PermissionDenied:
    """The refusal of a page with this rule (:data:`RULES`), to raise."""
    return PermissionDenied(RULES[rule])


def role_of(user, league):
    """The user's role in ``league``, or None; one query per user and league and request
    (kept on the user object, which lives as long as the request: set through ``setattr``,
    so it lands on the account itself and not on the lazy ``request.user`` around it, which
    ``user.has_perm`` does not pass on to the permission backends)."""
    if league is None or not user.is_authenticated:
        return None
    roles = getattr(user, "_league_roles", None)
    if roles is None:
        roles = user._league_roles = {}
    if league.pk not in roles:
        roles[league.pk] = (
            Membership.objects.filter(league=league, user=user)
            .order_by()
            .values_list("role", flat=True)
            .first()
        )
    return roles[league.pk]


def can_read(user, league):
    if league.visibility != Visibility.MEMBERS or user.is_superuser:
        return True
    return role_of(user, league) is not None


def sees_money(user, league):
    """Whether ``user`` sees the money of ``league``'s evenings and players (prizes, buy-ins,
    Net): its members always, visitors without a role only where the league allows it."""
    if league is None or league.money_public or user.is_superuser:
        return True
    return role_of(user, league) is not None


def enters_results(user, league):
    return user.is_active and (user.is_superuser or role_of(user, league) in ENTERS_RESULTS)


def runs(user, league):
    """Whether the user runs ``league`` (its owner, or a superuser)."""
    return user.is_active and (user.is_superuser or role_of(user, league) == Role.OWNER)


def is_member(user, league):
    """Whether the user is a member of ``league`` (any role), or a superuser."""
    return user.is_active and (user.is_superuser or role_of(user, league) is not None)


#: Who passes each rule of :data:`RULES`: ``check(user, league)``.
CHECKS = {OWNER_ONLY: runs, RESULTS_ONLY: enters_results, MEMBERS_ONLY: is_member}


def require(rule, user, league) -> None:
    """The one permission check of a rule (:data:`RULES`) for pages and services alike:
    raises its refusal, with its one message, unless ``user`` passes it in ``league``."""
    if user is None or league is None or not CHECKS[rule](user, league):
        raise refusal(rule)


class LeagueRoleBackend:
    """Answers ``ENTER_RESULTS`` from the user's role in the active league, and only from it:
    a permission granted by a group or to the account itself (the Scorekeepers group of the
    site's single-league days) counts for no league, so the next backend is never asked.

    It logs nobody in (``authenticate`` answers None) and has no ``get_user``, so no session
    names it as the backend that logged its user in."""

    def authenticate(self, request, **credentials):
        return None

    def has_perm(self, user, perm, obj=None):
        if perm != ENTER_RESULTS:
            return False
        # A page of the site itself (no league active) enters no league's results.
        league = active_league()
        if league is not None and enters_results(user, league):
            return True
        raise refusal(RESULTS_ONLY)


def owner_only(view):
    """A page of the league's settings: only its owner (or a superuser) opens it; a visitor
    logs in first, anybody else gets the 403 that says the rule."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        require(OWNER_ONLY, request.user, request.league)
        return view(request, *args, **kwargs)

    return wrapper
