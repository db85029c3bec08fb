"""The score pad (scorekeepers) and the live view of an evening (public); the pad's JSON
endpoints are in ``api.py``."""

import hashlib

from django.contrib import messages
from django.contrib.auth.decorators import login_required, permission_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_POST

from ofcleague.league.models import ENTER_RESULTS, Evening
from ofcleague.league.rule_set import evening_rule_set
from ofcleague.league.services.starting import seating_rule
from ofcleague.rules.picker import picker_labels
from ofcleague.table import queries, seating, services
from ofcleague.table.forms import SeatForm
from ofcleague.table.queries import round_table_of

PERMISSION = ENTER_RESULTS


def _pad_urls(round_table):
    args = [round_table.evening_id, round_table.round_number, round_table.table]
    return {
        "hands": reverse("table:api_hands", args=args),
        "hand": reverse("table:api_hand", args=[*args, 0]),
        "undo": reverse("table:api_undo", args=[*args, 0]),
        "score": reverse("rules:api_score"),
    }


@login_required
@permission_required(PERMISSION, raise_exception=True)
def current_round(request, pk):
    """The score pad's entry: the tables of the round being played now."""
    evening = get_object_or_404(Evening, pk=pk)
    return redirect("table:round", pk=pk, round_number=queries.current_round(evening))


@login_required
@permission_required(PERMISSION, raise_exception=True)
def round_tables(request, pk, round_number):
    """A round's tables with links to their pads, the round before's tables to seat again in
    one tap, and the form to seat a table. ``?pick=<player>`` marks a seated player: the
    page then offers to swap them with another player or to let them deal hand 1."""
    evening = get_object_or_404(Evening, pk=pk)
    if not 1 <= round_number <= evening.rounds:
        return redirect(evening)
    plans = seating.last_round_plans(evening, round_number)
    form = SeatForm(request.POST or None, evening=evening, round_number=round_number, plans=plans)
    if request.method == "POST" and form.is_valid():
        try:
            round_table = services.seat_table(
                evening,
                round_number,
                form.cleaned_data["table"],
                form.players(),
                form.first_dealer(),
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Table seated. Deal the first hand."))
            return redirect("table:pad", pk=pk, round_number=round_number, table=round_table.table)
    tables = queries.round_overview(evening, round_number)
    return render(
        request,
        "table/round.html",
        {
            "evening": evening,
            "round_number": round_number,
            "rounds": range(1, evening.rounds + 1),
            "tables": tables,
            "plans": plans,
            "picked": _picked(request, tables),
            "waiting": queries.waiting_players(evening, tables),
            "played": sum(table.hand_count for table in tables),
            "form": form,
            "rule_set": evening_rule_set(evening),
            "seating_rule": seating_rule(evening_rule_set(evening), evening.seats.count()),
        },
    )


def _picked(request, tables):
    """The seat the ``pick`` parameter marks, if it is at a table without hands."""
    pick = request.GET.get("pick", "")
    for table in tables:
        for seat in table.chairs.all():
            if str(seat.evening_player_id) == pick and not table.hand_count:
                return seat
    return None


@login_required
@permission_required(PERMISSION, raise_exception=True)
@require_POST
def change_seats(request, pk, round_number):
    """The round page's one-tap buttons: a table (or all) as in the round before, a swap of
    two players, the dealer of hand 1 by name, a table unseated, the round back to totals
    typed on the points page (both while no hand is recorded). A refusal comes back as a
    message."""
    evening = get_object_or_404(Evening, pk=pk)
    if request.POST.get("from") == "points":
        back = redirect("results:evening_points", pk=pk)
    else:
        back = redirect("table:round", pk=pk, round_number=round_number)
    action = request.POST.get("action")
    try:
        if action == "same":
            table = _number(request.POST.get("table"))
            seated = seating.seat_like_last_round(evening, round_number, table)
            messages.success(
                request,
                _("Table %(table)s seated as in the round before. Deal the first hand.")
                % {"table": seated[0]}
                if table
                else _("Every table seated as in the round before."),
            )
            if table:
                return redirect("table:pad", pk=pk, round_number=round_number, table=table)
        elif action == "swap":
            seating.swap_players(
                evening,
                round_number,
                _number(request.POST.get("player")),
                _number(request.POST.get("other")),
            )
            messages.success(request, _("Players swapped."))
        elif action == "dealer":
            seating.choose_dealer(evening, round_number, _number(request.POST.get("player")))
            messages.success(request, _("Dealer of hand 1 changed."))
        elif action == "unseat":
            table = _number(request.POST.get("table"))
            seating.unseat_table(evening, round_number, table)
            messages.success(
                request,
                _("Table %(table)s is unseated; its players wait to be seated again.")
                % {"table": table},
            )
        elif action == "totals":
            seating.back_to_round_totals(evening, round_number)
            messages.success(
                request,
                _("Round %(round)s is no longer seated: type its totals here.")
                % {"round": round_number},
            )
            return redirect("results:evening_points", pk=pk)
        else:
            messages.error(request, _("Nothing was changed: that button is unknown."))
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return back


def _number(value) -> int | None:
    """A posted id or number, or None for anything else (the services refuse it)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    # Beyond any id column (and SQLite's integers): no such row.
    return number if 0 < number < 2**31 else None


@login_required
@permission_required(PERMISSION, raise_exception=True)
def pad(request, pk, round_number, table):
    """The score pad of one table and round; the script draws it from the JSON state."""
    round_table = round_table_of(pk, round_number, table)
    state = queries.pad_state(round_table)
    return render(
        request,
        "table/pad.html",
        {
            "evening": round_table.evening,
            "round_table": round_table,
            "state": state,
            "urls": _pad_urls(round_table),
            "rule_set": evening_rule_set(round_table.evening),
            "picker": {"labels": picker_labels(), "surrender": {}},
            "labels": _pad_labels(),
            "fantasyland_cards": state["fantasyland_cards"],
        },
    )


def _pad_labels():
    """The pad script's texts, translated here (``%(name)s`` placeholders are filled there)."""
    return {
        "hand_of": _("Hand %(number)s of %(hands)s"),
        "hand_short": _("Hand %(number)s"),
        "deals": _("%(name)s deals"),
        "first": _("%(name)s acts first"),
        "fantasyland": _("%(name)s in Fantasyland (%(cards)s cards)"),
        "fl_badge": _("Fantasyland %(cards)s"),
        "fl_leaves": _("leaves Fantasyland"),
        "button": _("Button"),
        "closed": _("The round is complete."),
        "correcting": _("Correcting hand %(number)s"),
        "waiting": _("%(count)s hands wait to be sent"),
        "waiting_one": _("%(count)s hand waits to be sent"),
        "waiting_mark": _("waiting"),
        "saved": _("Hand %(number)s saved."),
        "corrected": _("Hand %(number)s corrected."),
        "undone": _("Hand %(number)s undone."),
        "undo": _("Undo hand %(number)s"),
        "undo_confirm": _("Undo hand %(number)s? It is deleted (the change log keeps it)."),
        "correct_hand": _("Correct hand %(number)s"),
        "correct_value": _("Correct hand %(number)s: %(name)s %(points)s"),
        "sum": _("Sum %(sum)s"),
        "not_sent": _("Not sent: the hand stays on this phone and is sent later."),
        "offline_correction": _("No connection: corrections and undo need one. Try again."),
        "offline_preview": _("No connection to score the boards here; saving sends them anyway."),
        "fouled": _("fouled"),
        "conflict_mine": _("On this phone: %(hand)s"),
        "conflict_stored": _("Stored: %(hand)s"),
        "choose_legend": _("Which is right for hand %(number)s?"),
        "choose_keep": _("Keep the stored hand %(number)s: %(players)s"),
        "choose_replace": _("Replace hand %(number)s with this phone's: %(players)s"),
        "choose_next": _("Both were played: save this phone's as the next hand: %(players)s"),
        "choose_first": _("Choose one of the answers first."),
        "kept": _("Hand %(number)s stays as stored; this phone's version is dropped."),
        "replaced": _("Hand %(number)s now holds this phone's results."),
        "requeued": _("This phone's hand waits to be sent as the next hand."),
        "royalties": _("royalties %(front)s/%(middle)s/%(back)s"),
        "missing_names": _("Every player needs points (a whole number) for this hand: %(names)s."),
        "not_zero_sum": _(
            "The points of a hand add up to zero: these add up to %(sum)s, so %(missing)s "
            "is missing."
        ),
        "row_of": _("%(name)s, %(row)s"),
        "cards_twice": _("%(card)s is in two rows (also %(where)s): take it out of one."),
        "scored": _("Boards scored: %(players)s. Check them, then save the hand."),
    }


@login_required
@permission_required(PERMISSION, raise_exception=True)
def sheet(request, pk, round_number, table):
    """The printable score sheet of a table's round (one A4 page), for a paper backup."""
    round_table = round_table_of(pk, round_number, table)
    return render(
        request,
        "table/sheet.html",
        {
            "evening": round_table.evening,
            "round_table": round_table,
            "sheet": queries.score_sheet(round_table),
            "rule_set": evening_rule_set(round_table.evening),
        },
    )


# Following live ---------------------------------------------------------------------------------


def _live_etag(request, pk):
    """What the live fragment shows, in one small query: the evening's version, its players'
    names and the language.

    Every write to the evening through the services bumps its version (hands, tables,
    points, seats). A player's name is the one thing shown that changes without it: the
    admin, or any other rename, writes the player, not the evening. So the names themselves
    (a handful of rows joined to the version's) go into the tag, and a follower never gets a
    304 with an old name. Not the page cache's league version: there is none without a cache
    (DEBUG, PAGE_CACHE=0), and it would change with every other evening's writes too.
    """
    rows = list(Evening.objects.filter(pk=pk).values_list("version", "seats__player__name"))
    if not rows:
        return None
    names = sorted(name for _version, name in rows if name is not None)
    digest = hashlib.blake2s("\x1f".join(names).encode(), digest_size=8).hexdigest()
    return f"{rows[0][0]}-{digest}-{get_language()}"


@condition(etag_func=_live_etag)
def live(request, pk):
    """The live part of the evening page as an HTML fragment; 304 while nothing changed."""
    evening = get_object_or_404(Evening, pk=pk)
    context = {"evening": evening, "live": queries.live_evening(evening)}
    response = render(request, "table/_live.html", context)
    # Phones must ask again each time (the ETag makes that cheap), never reuse a stored copy.
    response["Cache-Control"] = "no-cache"
    return response
