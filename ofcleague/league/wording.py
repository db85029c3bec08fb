"""How the league writes an evening: its heading and its format line, from plain values (the
lists of evenings print them from rows, the templates through the ``league`` filters)."""

from functools import lru_cache

from django.utils.formats import date_format, time_format
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from ofcleague.league.choices import Variant
from ofcleague.web.money import money

_VARIANTS = dict(Variant.choices)


def heading(date, start_time) -> str:
    """ "Freitag, 24.07.2020, Start 19.00 Uhr": the evening's date and start (each made once
    per language: the history prints twenty a page, and formatting a date is slow)."""
    return _heading(date, start_time, get_language())


@lru_cache(maxsize=16384)
def _heading(date, start_time, _language) -> str:
    return _("%(date)s, start %(time)s") % {
        "date": date_format(date),
        "time": time_format(start_time),
    }


def format_line(rounds, hands_per_round, buy_in, variant) -> str:
    """The format line: "Buyin 10 €, 3mal 15 Hände Pineapple" (one block: "30 Hände"); the
    league has a few formats, each made once per language."""
    return _format_line(rounds, hands_per_round, buy_in, variant, get_language())


@lru_cache(maxsize=1024)
def _format_line(rounds, hands_per_round, buy_in, variant, _language) -> str:
    if rounds == 1:
        hands = ngettext("%(hands)s hand", "%(hands)s hands", hands_per_round) % {
            "hands": hands_per_round
        }
    else:
        hands = _("%(rounds)s× %(hands)s hands") % {"rounds": rounds, "hands": hands_per_round}
    line = hands
    if buy_in is not None:
        line = _("Buy-in %(money)s, %(hands)s") % {"money": money(buy_in), "hands": hands}
    # The league names the variant only where it is not plain OFC.
    if variant != Variant.OFC:
        line = f"{line} {_VARIANTS.get(variant, variant)}"
    return line
