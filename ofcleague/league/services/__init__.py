"""The write side of the league: every change to evenings, seats and points goes through here.

One module per concept of the league (players, evenings, the points grid's rules, storing
points, the places that follow from them, a plain finishing order, prizes, deleted evenings,
and the version every write claims); this package exports what callers use.

Each public function runs in one transaction, checks the rules that span rows (the database
checks the rest), recomputes the derived data (totals, places, prizes) in the same transaction
and bumps ``Evening.version``. A caller passes the version it read; when someone else saved the
evening meanwhile, the conditional ``UPDATE ... WHERE version = read_version`` touches no row and
the write is refused with :class:`EveningChanged`, so nobody silently overwrites anybody.

Pure helpers (``grid_problems``, ``finishing_order_problems``, ``default_payouts``,
``split_prizes``) hold the rules themselves; the forms use them to put messages next to the
fields, and the services use them again before writing.
"""

from ofcleague.league.services.closing import finish_evening, finish_problems, undo_finish, undo_of
from ofcleague.league.services.deleted import (
    CASCADE_MOMENT,
    DELETED_WITH_EVENING,
    RESTORED,
    delete_evening,
    deleted_evenings,
    deleted_with_evening,
    restore_evening,
)
from ofcleague.league.services.evenings import EVENING_FIELDS, create_evening, update_evening
from ofcleague.league.services.finishing import (
    finishing_order_problems,
    save_finishing_order,
    shared_places,
)
from ofcleague.league.services.grid import GridProblems, Points, grid_problems, grid_totals
from ofcleague.league.services.placing import tie_break_problems
from ofcleague.league.services.players import create_players, players_by_frequency, split_names
from ofcleague.league.services.points import (
    finish_with_default_prizes,
    save_points_grid,
    save_round,
)
from ofcleague.league.services.prizes import (
    default_payouts,
    payout_problem,
    set_prizes,
    split_prizes,
)
from ofcleague.league.services.version import EveningChanged

__all__ = [
    "CASCADE_MOMENT",
    "DELETED_WITH_EVENING",
    "EVENING_FIELDS",
    "RESTORED",
    "EveningChanged",
    "GridProblems",
    "Points",
    "create_evening",
    "create_players",
    "default_payouts",
    "delete_evening",
    "deleted_evenings",
    "deleted_with_evening",
    "finish_evening",
    "finish_problems",
    "finish_with_default_prizes",
    "finishing_order_problems",
    "grid_problems",
    "grid_totals",
    "payout_problem",
    "players_by_frequency",
    "restore_evening",
    "save_finishing_order",
    "save_points_grid",
    "save_round",
    "set_prizes",
    "shared_places",
    "split_names",
    "split_prizes",
    "tie_break_problems",
    "undo_finish",
    "undo_of",
    "update_evening",
]
