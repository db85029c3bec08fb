"""The 403 page: it says the refused page's own rule, in the league's roles.

Every refusal names its rule (``ofcleague.league.roles.RULES``, one message each). A refusal
without a message comes from ``permission_required``: the site's one permission is entering
and correcting results, so that rule is the one the page says.
"""

from django.core.exceptions import PermissionDenied
from django.views.defaults import permission_denied

from ofcleague.league.roles import RESULTS_ONLY, RULES


def refused(request, exception=None):
    message = str(exception) if exception is not None else ""
    return permission_denied(request, PermissionDenied(message or RULES[RESULTS_ONLY]))
