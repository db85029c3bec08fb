"""The announced evening's answers on its page, as a tag: ``{% evening_rsvp evening %}``."""

from django import template

from ofcleague.rsvp.part import rsvp_part

register = template.Library()


@register.inclusion_tag("rsvp/_evening_rsvp.html", takes_context=True)
def evening_rsvp(context, evening):
    part = rsvp_part(evening, context["request"])
    part["csrf_token"] = context.get("csrf_token")
    return part
