"""The long lists of the pages across evenings, made ready to print in one pass: each line's
links, labels and classes as plain strings, so the template only places them (the template
language spent more resolving a line's parts than the line is worth)."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ofcleague.web.paths import page_path


def season_lines(counts) -> list[tuple[str, str, str]]:
    """The seasons list from (year, finished evenings) pairs: each year's link, its name and
    how many evenings it has."""
    return [
        (
            page_path("standings:season", year),
            _("Season %(year)s") % {"year": year},
            ngettext("%(evenings)s evening", "%(evenings)s evenings", evenings)
            % {"evenings": evenings},
        )
        for year, evenings in counts
    ]
