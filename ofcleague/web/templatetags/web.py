"""Template tags every page uses: the main navigation, numbers the way the league writes."""

from django import template
from django.template.defaultfilters import floatformat
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from ofcleague.web.money import money as money_text
from ofcleague.web.paths import page_path

register = template.Library()


@register.simple_tag(takes_context=True)
def nav_link(context, name, label):
    """A link of the main navigation, marked as the current page where it is (a tag, not an
    include: every page prints five of them)."""
    match = context["request"].resolver_match
    current = ' aria-current="page"' if match and match.view_name == name else ""
    return format_html('<a href="{}"{}>{}</a>', page_path(name), mark_safe(current), label)


@register.filter
def money(amount):
    """Euros the league's way: "10 €", or "10,50 €" where there are cents (see ``web.money``)."""
    return money_text(amount)


@register.filter
def percent(share):
    """A share from 0 to 1 as whole percent, "55 %" as the tables print it (nothing for
    ``None``)."""
    if share is None:
        return ""
    return f"{floatformat(share * 100, 0)} %"


@register.filter
def signed(value, digits=1):
    """A change with its sign and ``digits`` decimals: "+1,2", "−0,4", "±0,0"."""
    text = floatformat(abs(value), digits)
    if text.strip("0,.") == "":
        return f"±{text}"
    return f"+{text}" if value > 0 else f"−{text}"


@register.simple_tag
def short(text, full):
    """An abbreviation ("Σ", "Rd.", "R1") as it shows, its full name on hover, and read out by
    its full name alone: a screen reader says "Round", not "R D dot"."""
    return format_html(
        '<abbr title="{0}" aria-hidden="true">{1}</abbr><span class="visually-hidden">{0}</span>',
        full,
        text,
    )
