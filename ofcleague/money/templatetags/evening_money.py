"""The evening page's "who pays whom" section, as a tag: ``{% evening_money evening %}``."""

from django import template

from ofcleague.money.evening_pages import evening_money_part

register = template.Library()


@register.inclusion_tag("money/_evening_money.html", takes_context=True)
def evening_money(context, evening):
    request = context["request"]
    part = evening_money_part(evening, request.user, request.path)
    part["csrf_token"] = context.get("csrf_token")
    return part
