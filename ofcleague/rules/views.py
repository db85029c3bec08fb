"""The rules page, the calculator and the JSON scoring API.

Nothing here writes to the database: the calculator answers its POST with the scored
hand, and the API is a pure function of its request body.
"""

from __future__ import annotations

from typing import Any

from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from ofcleague.league.rule_set import rule_set_key
from ofcleague.rules.forms import CalculatorForm
from ofcleague.rules.picker import picker_labels
from ofcleague.rules.presenters import error_message, present_result, present_rule_set
from ofcleague.rules.readings import readings
from ofcleague.scoring import (
    DEFAULT_RULES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROW_SIZES,
    ROWS,
    RULE_SETS,
    RuleSet,
    ScoringError,
    Surrender,
    fantasyland,
    get_rule_set,
    score_rows,
)
from ofcleague.scoring.errors import shorten
from ofcleague.scoring.rules import ROW_NAMES
from ofcleague.web.api import ApiError, api_view, read_json
from ofcleague.web.cache import public_page

#: Hands scored by the engine as worked examples on the rules page: (key, rules, players),
#: each player as "name: front / middle / back".
EXAMPLES = (
    ("scoop", "house", (
        "Anna: 5h 5d 5c / 3s 3h 3d 3c 2s / Js Ts 9s 8s 7s",
        "Ben: Qh Jd 2h / Ac Ad 9h 8d 6c / Kh Kd Kc 4h 4d",
    )),
    ("three_players", "house", (
        "Anna: As Kd 7h / Qs Qh 5d 4c 3s / Ah 9h 6h 4h 3h",
        "Ben: Kc Qd 2h / Jh Jd Jc 6s 2d / Ts 9s 8d 7c 6d",
        "Cleo: Tc Th 8s / Kh Ks 8h 8c 2c / 5s 5h 5c 9d 9c",
    )),
    ("foul", "house", (
        "Anna: Qh Qd 5c / Qs Qc 4d 3s 2h / Kh Kd Ks 8c 8s",
        "Ben: Ah 4h 2c / 9s 8h 7d 6c 5s / 9h 8d 7c 6s 5h",
    )),
    ("classic", "classic-2-4", (
        "Anna: 5s 5h 5d / Ks Kh Kd 7c 2d / As Ah Ad 3c 3d",
        "Ben: Qs Jh 8d / Qh Qd 6s 6h 2c / Tc Jc Qc Kc Ac",
    )),
)  # fmt: skip


def _example_players(lines) -> list[dict]:
    """The players of an example as the engine takes them."""
    players = []
    for line in lines:
        name, rows = line.split(": ")
        players.append({"name": name, **dict(zip(ROWS, rows.split(" / "), strict=True))})
    return players


def _league_rules(request) -> str:
    """The key of the rule set the league's evenings play unless they choose another."""
    league = getattr(request, "league", None)
    return rule_set_key(league.rule_set, league.variant) if league else DEFAULT_RULES


@public_page
def rules_page(request):
    """How OFC, Pineapple and classic Chinese Poker are played and scored, from the engine."""
    examples = {
        key: present_result(score_rows(rules, _example_players(players)))
        for key, rules, players in EXAMPLES
    }
    return render(
        request,
        "rules/rules.html",
        {
            "rule_sets": [present_rule_set(rules) for rules in RULE_SETS.values()],
            "league_rules": _league_rules(request),
            "examples": examples,
            "readings": readings(),
        },
    )


@require_http_methods(["GET", "POST"])
def calculator(request):
    """Score a hand typed in or tapped on the card picker; a POST only reads, never writes."""
    form = CalculatorForm(request.POST if request.method == "POST" else None)
    result = present_result(form.result) if form.is_bound and form.is_valid() else None
    picker = {
        "rowSizes": ROW_SIZES,
        "rows": list(ROWS),
        # Surrender fields show where surrender exists, also where it must be switched on.
        "surrender": {key: rules.surrender_points is not None for key, rules in RULE_SETS.items()},
        "naturals": {key: bool(rules.naturals) for key, rules in RULE_SETS.items()},
        "labels": picker_labels(),
    }
    return render(
        request,
        "rules/calculator.html",
        {"form": form, "seats": form.seats(), "result": result, "picker": picker},
    )


def _read_players(data: object) -> tuple[RuleSet, list[dict]]:
    """Check the request's shape and return the rule set and the players' rows.

    Raises :class:`ApiError` naming the first problem and the field it is in.
    """
    if not isinstance(data, dict):
        raise ApiError("invalid", _("The request must be a JSON object."))
    rule_set = _read_rule_set(data)
    players = data.get("players")
    if not isinstance(players, list):
        raise ApiError("invalid", _("“players” must be a list of 2 to 4 players."), field="players")
    # Checked before the players are read, so a long list costs nothing.
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ApiError(
            "invalid",
            _("A hand is scored for 2 to 4 players, not %(count)s.") % {"count": len(players)},
            field="players",
        )
    return rule_set, [_read_player(index, player) for index, player in enumerate(players)]


def _read_rule_set(data: dict) -> RuleSet:
    """The rule set the request names (the house rules if none), with its options."""
    rules = data.get("rules", DEFAULT_RULES)
    if not isinstance(rules, str):
        raise ApiError("invalid", _("“rules” must be a string."), field="rules")
    try:
        rule_set = get_rule_set(rules)
    except ScoringError as error:
        raise ApiError("invalid", error_message(error), field="rules") from None
    options = data.get("options")
    return _with_options(rule_set, {} if options is None else options)


def _read_player(index: int, player: object) -> dict:
    """One player's name, rows, surrender and natural, checked in that order."""
    where = {"number": index + 1}
    field = f"players[{index}]"
    if not isinstance(player, dict):
        raise ApiError(
            "invalid", _("Player %(number)s must be a JSON object.") % where, field=field
        )
    name = player.get("name", f"Player {index + 1}")
    if not isinstance(name, str) or not name.strip() or len(name) > 40:
        raise ApiError(
            "invalid",
            _("Player %(number)s: “name” must be a text of 1 to 40 characters.") % where,
            field=f"{field}.name",
        )
    hand: dict[str, Any] = {"name": name.strip()}
    for row in ROWS:
        cards = player.get(row, "")
        if not isinstance(cards, str):
            raise ApiError(
                "invalid",
                _("Player %(number)s: “%(field)s” must be a string of cards.")
                % {**where, "field": row},
                field=f"{field}.{row}",
            )
        hand[row] = cards
    hand["surrender"] = player.get("surrender", False)
    if not isinstance(hand["surrender"], bool) and hand["surrender"] not in tuple(Surrender):
        raise ApiError(
            "invalid",
            _("Player %(number)s: “surrender” must be false, true, “announced” or “secret”.")
            % where,
            field=f"{field}.surrender",
        )
    # The cards the player was dealt in Fantasyland this hand (null: a normal hand); it
    # decides the Fantasyland of the next hand (stay or leave, instead of an entry).
    dealt = player.get("fantasyland")
    if dealt is not None and (isinstance(dealt, bool) or not isinstance(dealt, int)):
        raise ApiError(
            "invalid",
            _("Player %(number)s: “fantasyland” must be a number of cards or null.") % where,
            field=f"{field}.fantasyland",
        )
    hand["fantasyland"] = dealt
    # null is the same as leaving it out: announced if the hand holds a natural.
    hand["announce_natural"] = player.get("announce_natural")
    if hand["announce_natural"] is not None and not isinstance(hand["announce_natural"], bool):
        raise ApiError(
            "invalid",
            _("Player %(number)s: “announce_natural” must be true or false.") % where,
            field=f"{field}.announce_natural",
        )
    return hand


def _with_options(rule_set: RuleSet, options: object) -> RuleSet:
    """The rule set with the league's options from the request (only ``surrender`` today)."""
    if not isinstance(options, dict):
        raise ApiError("invalid", _("“options” must be a JSON object."), field="options")
    for key in options:
        if key != "surrender":
            raise ApiError(
                "invalid",
                _("Unknown option “%(key)s”; the options are: surrender.") % {"key": shorten(key)},
                field="options",
            )
    surrender = options.get("surrender")
    if surrender is not None and not isinstance(surrender, bool):
        raise ApiError(
            "invalid", _("“surrender” must be true or false."), field="options.surrender"
        )
    try:
        return rule_set.with_options(surrender=surrender)
    except ScoringError as error:
        raise ApiError("invalid", error_message(error), field="options.surrender") from None


def _scoring_error(error: ScoringError) -> ApiError:
    """The API's answer to an engine error: translated, naming the player and row at fault.

    Every engine error left after ``_read_players`` concerns one player and names the input
    at fault: a row (cards), the name (used twice), ``surrender`` or ``announce_natural``.
    """
    message = error_message(error)
    if error.player is None:
        return ApiError("invalid", message)
    part = error.field or "name"
    if error.row and "row_label" not in error.params:
        message = _("Player %(number)s, %(row)s: %(message)s") % {
            "number": error.player + 1,
            "row": _(ROW_NAMES[error.row]),
            "message": message,
        }
    return ApiError("invalid", message, field=f"players[{error.player}].{part}")


@csrf_exempt
@api_view(["POST"])
def api_score(request):
    """Score a hand sent as JSON and answer with the engine's result as JSON.

    Bad input of any kind is answered with HTTP 400 and the API error shape (see
    ``ofcleague.web.api``), in the visitor's language.
    """
    data = read_json(request)
    rule_set, hands = _read_players(data)
    try:
        result = score_rows(rule_set, hands)
    except ScoringError as error:
        raise _scoring_error(error) from None
    body = result.to_dict()
    for shown, player, hand in zip(body["players"], result.players, hands, strict=True):
        # What the next hand deals: a player in Fantasyland stays or leaves by the stay rule.
        shown["fantasyland_next"] = fantasyland.next_cards(
            rule_set, player, in_fantasyland=hand["fantasyland"] is not None
        )
    return JsonResponse(body)
