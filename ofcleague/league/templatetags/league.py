"""Template filters that print an evening the way the league writes it."""

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ofcleague.league.models import Variant
from ofcleague.web.money import money

register = template.Library()


@register.filter
def evening_format(evening):
    """The format line: "Buyin 10 €, 3mal 15 Hände Pineapple" (one block: "30 Hände")."""
    if evening.rounds == 1:
        hands = ngettext("%(hands)s hand", "%(hands)s hands", evening.hands_per_round) % {
            "hands": evening.hands_per_round
        }
    else:
        hands = _("%(rounds)s× %(hands)s hands") % {
            "rounds": evening.rounds,
            "hands": evening.hands_per_round,
        }
    line = _("Buy-in %(money)s, %(hands)s") % {"money": money(evening.buy_in), "hands": hands}
    # The league names the variant only where it is not plain OFC.
    if evening.variant != Variant.OFC:
        line = f"{line} {evening.get_variant_display()}"
    return line
