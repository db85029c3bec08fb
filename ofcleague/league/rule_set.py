"""Which rule set an evening plays by: the one chosen for it, else its variant's usual one."""

from django.utils.translation import gettext as _

from ofcleague.league.models import Variant
from ofcleague.scoring import DEFAULT_RULES, RULE_SETS, RuleSet

#: The rule set an evening plays when it names none: the variant's usual one.
BY_VARIANT = {
    Variant.PINEAPPLE: "pineapple",
    Variant.OFC: "house",
    Variant.CLASSIC: "classic-2-4",
}


def rule_set_key(rule_set: str, variant: str) -> str:
    """The key of the rule set an evening with these fields plays."""
    key = rule_set or BY_VARIANT.get(variant, DEFAULT_RULES)
    return key if key in RULE_SETS else DEFAULT_RULES


def evening_rule_set(evening) -> RuleSet:
    """The rule set chosen for the evening, else the one its variant usually plays."""
    return RULE_SETS[rule_set_key(evening.rule_set, evening.variant)]


def too_many_seats(rules: RuleSet) -> str:
    """The refusal of more players at one table than the rule set's deck deals for."""
    return _(
        "A table of “%(rules)s” seats at most %(most)s players: one deck holds "
        "%(cards)s cards for each."
    ) % {"rules": _(rules.label), "most": rules.table_seats, "cards": rules.cards_per_player}
