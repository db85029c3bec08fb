"""The long lists of the pages across evenings, made in one pass from plain rows as their
HTML: the seasons' lines and the evenings' cards (the template language spent more resolving
a line's parts than the line is worth)."""

from html import escape
from itertools import groupby
from operator import itemgetter

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ofcleague.league.models import Status
from ofcleague.league.wording import format_line, heading
from ofcleague.web.paths import page_path

SEASON = '      <li><a href="{url}">{name}</a>\n        <span class="hint">{evenings}</span></li>\n'


def season_lines(counts) -> SafeString:
    """The seasons list's lines from (year, finished evenings) pairs, as their HTML (empty
    without a year): each year's link and how many evenings it has."""
    return mark_safe(  # noqa: S308 (every value is escaped)
        "".join(
            SEASON.format(
                url=escape(page_path("standings:season", year)),
                name=escape(_("Season %(year)s") % {"year": year}),
                evenings=escape(
                    ngettext("%(evenings)s evening", "%(evenings)s evenings", evenings)
                    % {"evenings": evenings}
                ),
            )
            for year, evenings in counts
        )
    )


# An evening's card as the history and the home page show it, the markup written out once here:
# the card's heading links the evening, its finishing order the players (the first two on a
# line of their own). Every value is escaped where it is put in (by Python's own ``escape``,
# which Django's wraps for lazy text: the same characters, quotes included).
CARD = """<article class="evening-card">
  <{level} class="evening-heading">
    <a href="{url}">{heading}</a>{badge}
  </{level}>
  <p class="evening-format">{format}</p>
{seats}</article>
"""
BADGE = '\n    <span class="badge">{}</span>'
SEATS = '  <ol class="finishing-order">\n{}  </ol>\n'
SEAT = '    <li class="{classes}">{place}<a href="{url}">{name}</a></li>\n'
PLACE = '<span class="place">{}.</span> '


def _seat_class(place, number: int) -> str:
    """A finishing-order line's classes: the winner and the podium marked, a break after the
    second line."""
    if place == 1:
        name = "winner"
    elif place is not None and place <= 2:
        name = "podium"
    else:
        name = ""
    return f"{name} break-after" if number == 2 else name


def _seat_lines(seats) -> str:
    return "".join(
        SEAT.format(
            classes=_seat_class(place, number),
            place=PLACE.format(place) if place else "",
            url=escape(page_path("standings:player", slug)),
            name=escape(name),
        )
        for number, (place, name, slug) in enumerate(seats, 1)
    )


def evening_cards(rows, level: str = "h2") -> list[SafeString]:
    """The evening cards of ``queries.evening_card_rows``, each as its HTML (in one pass, no
    template: the template language spent ten times as long on a page of them), its heading
    at ``level``: a card's link and heading, its status (none once finished), its format line
    and its finishing order."""
    statuses = dict(Status.choices)
    cards = []
    for _pk, evening_rows in groupby(rows, key=itemgetter(0)):
        first, *others = evening_rows
        pk, date, start, status, rounds, hands, buy_in, variant, *_seat = first
        seats = [row[8:] for row in (first, *others) if row[9] is not None]
        badge = (
            "" if status == Status.FINISHED else BADGE.format(escape(statuses.get(status, status)))
        )
        card = CARD.format(
            level=level,
            url=escape(page_path("results:evening", pk)),
            heading=escape(heading(date, start)),
            badge=badge,
            format=escape(format_line(rounds, hands, buy_in, variant)),
            seats=SEATS.format(_seat_lines(seats)) if seats else "",
        )
        cards.append(mark_safe(card))  # noqa: S308 (every value above is escaped)
    return cards
