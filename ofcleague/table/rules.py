"""Which rule set an evening's tables play by."""

from ofcleague.league.models import Evening, Variant
from ofcleague.scoring import DEFAULT_RULES, RULE_SETS, RuleSet

#: The rule set an evening plays when it names none: the variant's usual one.
BY_VARIANT = {
    Variant.PINEAPPLE: "pineapple",
    Variant.OFC: "house",
    Variant.CLASSIC: "classic-2-4",
}


def evening_rule_set(evening: Evening) -> RuleSet:
    """The rule set chosen for the evening, else the one its variant usually plays."""
    key = evening.rule_set or BY_VARIANT.get(evening.variant, DEFAULT_RULES)
    return RULE_SETS.get(key, RULE_SETS[DEFAULT_RULES])
