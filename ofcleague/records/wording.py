"""What the records, awards and badges are called and what each counts, in both languages."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

#: Each record's name and the sentence saying what it counts.
RECORDS = {
    "points_evening": (
        _("Most points in an evening"),
        _("The highest total of OFC points a player took home from one evening."),
    ),
    "biggest_hand": (
        _("Biggest hand"),
        _("The most points one player won in a single hand entered on the score pad."),
    ),
    "scoops_evening": (
        _("Most scoops in an evening"),
        _("How often one player's board beat an opponent in all three rows in one evening."),
    ),
    "fantasylands_evening": (
        _("Most Fantasylands in a night"),
        _("The most hands one player played in Fantasyland in one evening."),
    ),
    "royalties_evening": (
        _("Most royalties in an evening"),
        _("The most royalty points one player's boards made in one evening."),
    ),
    "fantasyland_stay": (
        _("Longest stay in Fantasyland"),
        _("The most hands in a row one player played in Fantasyland at one table."),
    ),
    "money_run": (
        _("Longest run in the money"),
        _("The most evenings in a row (of the player's own) at which a player won a prize."),
    ),
    "win_run": (
        _("Longest winning streak"),
        _("The most evenings in a row (of the player's own) that a player won."),
    ),
    "podium_run": (
        _("Longest run on the podium"),
        _("The most evenings in a row (of the player's own) on the podium: first to third."),
    ),
}

#: Each yearly award's name and what its race counts.
AWARDS = {
    "season_best": (
        _("Player of the year"),
        _("Most wins in the year, ranked as the season's table: then second and third places."),
    ),
    "most_improved": (
        _("Most improved"),
        _(
            "Rating gained in the year, from before the first evening to after the last; "
            "only for players who had played before the year."
        ),
    ),
    "most_evenings": (_("Most evenings"), _("Evenings played in the year.")),
}


def record_value(kind: str, value: int) -> str:
    """A record's number as the page says it (hands, evenings, points)."""
    if kind in ("fantasyland_stay", "fantasylands_evening"):
        return ngettext("%(count)s hand", "%(count)s hands", value) % {"count": value}
    if kind in ("money_run", "win_run", "podium_run"):
        return ngettext("%(count)s evening", "%(count)s evenings", value) % {"count": value}
    if kind == "scoops_evening":
        return ngettext("%(count)s scoop", "%(count)s scoops", value) % {"count": value}
    return ngettext("%(count)s point", "%(count)s points", value) % {"count": value}


def badge_text(badge) -> str:
    """A badge's text on the player's page."""
    if badge.kind == "record":
        return _("Record: %(record)s (%(value)s)") % {
            "record": RECORDS[badge.subject][0],
            "value": record_value(badge.subject, badge.number),
        }
    if badge.kind == "leads":
        return _("%(award)s %(year)s: leading so far") % {
            "award": AWARDS[badge.subject][0],
            "year": badge.number,
        }
    if badge.kind == "won":
        return _("%(award)s %(year)s") % {"award": AWARDS[badge.subject][0], "year": badge.number}
    if badge.kind == "evenings":
        return _("%(count)s evenings played") % {"count": badge.number}
    return ngettext("First win", "%(count)s wins", badge.number) % {"count": badge.number}
