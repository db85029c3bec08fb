"""What an announced evening's page shows of its answers: who comes, who may, who waits, who
has not answered, the forecast for those who come, the message for the group chat.

Read in a fixed number of queries: the answers with their players, the league's active
players, the ratings of those who come, and (for a logged-in visitor) their own player.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import quote

from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from ofcleague.league.models import Evening, Player, Status
from ofcleague.league.roles import enters_results
from ofcleague.league.rule_set import evening_rule_set
from ofcleague.league.services.starting import seating_rule
from ofcleague.members.invites import ClaimStatus, PlayerClaim
from ofcleague.rsvp.group_link import group_token
from ofcleague.rsvp.models import Answer, Rsvp
from ofcleague.rsvp.services.answers import answers_closed
from ofcleague.standings.kept.rating_math import NEWCOMER, enough_history, shown_forecast
from ofcleague.standings.kept.ratings import rated_evening_counts, ratings_before
from ofcleague.web.qr import qr_svg


@dataclass
class Answers:
    coming: list = field(default_factory=list)
    maybe: list = field(default_factory=list)
    waiting: list = field(default_factory=list)
    not_coming: list = field(default_factory=list)
    silent: list = field(default_factory=list)


def announced(evening: Evening) -> bool:
    return evening.status == Status.PLANNED and evening.announced_at is not None


def evening_answers(evening: Evening) -> Answers:
    """The evening's answers sorted into their lists (two queries)."""
    answers = Answers()
    rows = Rsvp.objects.filter(evening=evening).select_related("player")
    answered = set()
    for rsvp in rows.order_by("answered_at", "pk"):
        answered.add(rsvp.player_id)
        if rsvp.waiting_since is not None:
            answers.waiting.append(rsvp)
        elif rsvp.answer == Answer.YES:
            answers.coming.append(rsvp)
        elif rsvp.answer == Answer.MAYBE:
            answers.maybe.append(rsvp)
        else:
            answers.not_coming.append(rsvp)
    answers.waiting.sort(key=lambda rsvp: (rsvp.waiting_since, rsvp.pk))
    players = Player.objects.filter(league_id=evening.league_id, active=True).order_by("name")
    answers.silent = [player for player in players if player.pk not in answered]
    return answers


def coming_forecast(coming) -> tuple[list[tuple], bool]:
    """Each coming player with their chance to win (whole percent, adding up to 100) and
    expected place, most likely winner first; and whether the league knows too little of
    them to say (``rating_math.enough_history``: then no rows). Two queries."""
    if len(coming) < 2:
        return [], False
    ids = [rsvp.player_id for rsvp in coming]
    counts = rated_evening_counts(ids)
    if not enough_history([counts.get(player_id, 0) for player_id in ids]):
        return [], True
    current = ratings_before(ids)
    ratings = {player_id: current.get(player_id, NEWCOMER) for player_id in ids}
    shown = shown_forecast(ratings)
    rows = [
        (rsvp.player, shown[rsvp.player_id].percent, shown[rsvp.player_id].place) for rsvp in coming
    ]
    return sorted(rows, key=lambda row: (row[2], -row[1], row[0].name.lower())), False


def chat_message(evening: Evening, link: str, coming) -> str:
    """The ready message for the group chat."""
    when = formats.date_format(evening.date, "DATE_FORMAT")
    start = formats.time_format(evening.start_time, "H:i")
    lines = [
        _("Next evening: %(when)s at %(start)s") % {"when": when, "start": start},
    ]
    if evening.location:
        lines.append(_("Where: %(place)s") % {"place": evening.location})
    lines.append(
        _("Seats: %(taken)s of %(seats)s taken")
        % {"taken": len(coming), "seats": evening.most_seats}
    )
    if coming:
        names = ", ".join(rsvp.player.name for rsvp in coming)
        lines.append(_("In so far: %(names)s") % {"names": names})
    lines.append(_("Answer here: %(link)s") % {"link": link})
    return "\n".join(lines)


def own_player(user, league_id) -> Player | None:
    """The player the logged-in user is (a confirmed claim), if any (one query)."""
    if not user.is_authenticated:
        return None
    claim = (
        PlayerClaim.objects.filter(league_id=league_id, user=user, status=ClaimStatus.CONFIRMED)
        .select_related("player")
        .first()
    )
    return claim.player if claim else None


def rsvp_part(evening: Evening, request) -> dict:
    """Everything the announced evening's page shows of its answers."""
    if not announced(evening):
        return {"shown": False}
    answers = evening_answers(evening)
    # The group chat's link: the answer page where a player picks their name.
    link = request.build_absolute_uri(reverse("rsvp:rsvp_group", args=[group_token(evening)]))
    me = own_player(request.user, evening.league_id)
    mine = None
    if me is not None:
        mine = next(
            (
                rsvp
                for group in (answers.coming, answers.waiting, answers.maybe, answers.not_coming)
                for rsvp in group
                if rsvp.player_id == me.pk
            ),
            None,
        )
    manages = enters_results(request.user, evening.league)
    message = chat_message(evening, link, answers.coming)
    forecast, too_early = coming_forecast(answers.coming)
    return {
        "shown": True,
        "evening": evening,
        "answers": answers,
        "free": max((evening.most_seats or 0) - len(answers.coming), 0),
        "forecast": forecast,
        "forecast_too_early": too_early,
        "me": me,
        "mine": mine,
        "place_in_line": answers.waiting.index(mine) + 1 if mine in answers.waiting else None,
        "manages": manages,
        "message": message if manages else "",
        "whatsapp": "https://wa.me/?text=" + quote(message) if manages else "",
        # The evening's link to scan at the table, where nobody has the chat open.
        "qr": qr_svg(link, _("The evening's answer page")) if manages else "",
        "link": link,
        "closed": answers_closed(evening),
        # Started before its day, the evening asks whether it keeps that day.
        "early": evening.date > timezone.localdate(),
        # Said beside "Start with N players": how the tables will be made.
        "seating_rule": seating_rule(evening_rule_set(evening), len(answers.coming))
        if manages and len(answers.coming) >= 2
        else "",
    }
