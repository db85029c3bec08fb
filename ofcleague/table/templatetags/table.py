"""Template tags of the tables' parts of the evening's page (no queries: the views read
the data and pass it to the partials)."""

from django import template
from django.utils.translation import gettext as _

from ofcleague.league.rule_set import evening_rule_set

register = template.Library()


@register.simple_tag
def rule_set_label(evening):
    """The name of the rule set the evening's hands are scored by, translated."""
    return _(evening_rule_set(evening).label)
