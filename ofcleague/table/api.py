"""The score pad's JSON endpoints: record, correct and undo a hand (scorekeepers only)."""

from functools import wraps

from django.core.exceptions import ValidationError
from django.http import JsonResponse
from django.utils.translation import gettext as _

from ofcleague.league.current import current_league
from ofcleague.league.roles import RESULTS_ONLY, require
from ofcleague.table import queries, services
from ofcleague.table.entries import EntryReused, HandChanged
from ofcleague.table.payload import read_hand, read_json, read_replaced
from ofcleague.table.queries import round_table_of
from ofcleague.web.api import ApiError, api_view


def scorekeeper_api(view):
    """An API view for scorekeepers: POST only, JSON 403 for anyone else."""

    @api_view(["POST"])
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            raise ApiError("login_required", _("Log in as a scorekeeper first."), status=403)
        # The results rule's one check and message (a refusal answers "forbidden").
        require(RESULTS_ONLY, request.user, current_league())
        return view(request, *args, **kwargs)

    return wrapper


def _refused(error: ValidationError, round_table, status=400, code="invalid", **extra):
    body = {
        "error": {"code": code, "message": " ".join(error.messages)},
        "state": queries.pad_state(round_table),
        **extra,
    }
    return JsonResponse(body, status=status)


def _conflict(error, round_table):
    """A 409: the hand stored (``saved``) against the phone's, with the table's state."""
    seats = list(round_table.chairs.order_by("position"))
    return _refused(
        error,
        round_table,
        status=409,
        code=error.code,
        saved=queries.hand_dict(error.hand, seats),
    )


@scorekeeper_api
def api_hands(request, pk, round_number, table):
    """Record the next hand (JSON). A resend of a saved hand answers 200 and changes nothing;
    a number another phone took, or the entry id of a stored hand with other results,
    answers 409 with the saved hand and changes nothing."""
    round_table = round_table_of(pk, round_number, table)
    hand = read_hand(read_json(request))
    try:
        saved, created = services.record_hand(
            round_table,
            number=hand.number,
            client_id=hand.client_id,
            entry=hand.entry,
            results=hand.results,
            after=hand.after,
            chained=hand.chained,
        )
    except (services.HandTaken, EntryReused) as error:
        return _conflict(error, round_table)
    except ValidationError as error:
        return _refused(error, round_table)
    # The saved hand as the state shows it: the state reads the table's hands anyway.
    state = queries.pad_state(round_table)
    hand_shown = next(shown for shown in state["hands"] if shown["id"] == str(saved.client_id))
    return JsonResponse(
        {"hand": hand_shown, "created": created, "state": state},
        status=201 if created else 200,
    )


@scorekeeper_api
def api_hand(request, pk, round_number, table, number):
    """Correct a saved hand (JSON, the same shape as a new one). With ``replaces`` (the hand
    as the phone saw it stored) a hand stored otherwise by now answers 409 with it."""
    round_table = round_table_of(pk, round_number, table)
    data = read_json(request)
    hand = read_hand(data, need_id=False)
    replaces = read_replaced(data)
    try:
        services.correct_hand(
            round_table, number, entry=hand.entry, results=hand.results, replaces=replaces
        )
    except HandChanged as error:
        return _conflict(error, round_table)
    except ValidationError as error:
        return _refused(error, round_table)
    return JsonResponse({"state": queries.pad_state(round_table)})


@scorekeeper_api
def api_undo(request, pk, round_number, table, number):
    """Undo hand ``number`` if it is still the table's last one."""
    round_table = round_table_of(pk, round_number, table)
    try:
        services.undo_last_hand(round_table, number)
    except ValidationError as error:
        return _refused(error, round_table)
    return JsonResponse({"state": queries.pad_state(round_table)})
