"""Who pays whom: an evening's stakes, settling an evening or the open balances, paying.

Each function runs in one transaction and checks before it writes. A paid transfer never
changes: settling again keeps the paid ones and recomputes only the open ones (deleted and
proposed anew), and a transfer is marked paid once.

Settling one evening pays what its balances leave after the transfers already paid for it.
Settling the open balances pays what every finished evening of the league leaves after all
paid transfers, with transfers of no evening; an evening settled that way is not settled
again on its own (refused while a settlement of open balances from its day or later exists).
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation

from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import F
from django.utils import timezone
from django.utils.formats import date_format, number_format
from django.utils.translation import gettext as _

from ofcleague.league.choices import Status
from ofcleague.league.leagues import League
from ofcleague.league.limits import STAKE
from ofcleague.league.models import Evening, EveningPlayer
from ofcleague.league.roles import RESULTS_ONLY, enters_results, require
from ofcleague.league.services.version import EveningChanged
from ofcleague.members.invites import ClaimStatus, PlayerClaim
from ofcleague.money.cash_book import apply_transfers, evening_money, league_money
from ofcleague.money.invariants import (
    evening_money_problems,
)
from ofcleague.money.models import PairStake, Transfer
from ofcleague.money.services.following import follow_money
from ofcleague.money.services.transfers import propose_transfers, settle_open_balances
from ofcleague.scoring.money import pair
from ofcleague.web.league_writes import league_write
from ofcleague.web.money import money


def _stake(value) -> Decimal | None:
    """A stake as entered: empty for none, else a number of euros within the limits."""
    if value in (None, ""):
        return None
    try:
        stake = Decimal(str(value).replace(",", ".").strip())
    except InvalidOperation:
        raise ValidationError(
            _("A stake is an amount of euros, like %(example)s.")
            % {"example": number_format(Decimal("0.10"), 2)}
        ) from None
    if not stake.is_finite() or stake not in STAKE or stake != stake.quantize(Decimal("0.01")):
        raise ValidationError(
            _("A stake per point lies between %(low)s and %(high)s € in whole cents.")
            % {"low": money(STAKE.low, exact=True), "high": money(STAKE.high, exact=True)}
        )
    return stake


@league_write
def set_stakes(
    evening: Evening,
    user,
    stake,
    pair_stakes: Mapping[tuple[int, int], object],
    *,
    read_version: int | None = None,
):
    """Set what a point is worth this evening (empty: not played for money), and the pairs of
    players (by player key) that play for a stake of their own (empty: the evening's). With
    ``read_version`` (the version the page was read at), a change saved by someone else
    since is refused (:class:`EveningChanged`)."""
    evening = Evening._base_manager.select_for_update().get(pk=evening.pk)
    if read_version is not None and read_version != evening.version:
        raise EveningChanged()
    require(RESULTS_ONLY, user, evening.league)
    stake = _stake(stake)
    players = set(EveningPlayer.objects.filter(evening=evening).values_list("player_id", flat=True))
    wanted = {}
    for (a, b), value in pair_stakes.items():
        if a == b or a not in players or b not in players:
            raise ValidationError(_("A pair's stake is for two players of this evening."))
        value = _stake(value)
        if value is not None:
            wanted[pair(a, b)] = value
    Evening._base_manager.filter(pk=evening.pk).update(
        stake_per_point=stake, version=F("version") + 1
    )
    PairStake.objects.filter(evening=evening).delete()
    PairStake.objects.bulk_create(
        PairStake(evening=evening, player_a_id=a, player_b_id=b, stake=value)
        for (a, b), value in sorted(wanted.items())
    )
    # The stake moves the balances: the open transfers follow (services/following.py).
    follow_money(evening)
    evening.refresh_from_db()
    return evening


@league_write
def settle_evening(evening: Evening, user) -> list[Transfer]:
    """Propose and store the fewest transfers for a finished evening: what its balances
    leave after the transfers paid for it; its open transfers are proposed anew."""
    evening = (
        Evening._base_manager.select_for_update(of=("self",))
        .select_related("league")
        .get(pk=evening.pk)
    )
    league = evening.league
    require(RESULTS_ONLY, user, league)
    if evening.status != Status.FINISHED:
        raise ValidationError(_("Only a finished evening can be settled."))
    result = evening_money(evening)
    if result.problem:
        raise ValidationError(result.problem)
    problems = evening_money_problems(result.balances)
    if problems:  # pragma: no cover (the engine rounds to zero)
        raise ValidationError(problems)
    batch = Transfer.objects.filter(
        league=league, evening=None, created_at__date__gte=evening.date
    ).exists()
    if batch:
        raise ValidationError(
            _(
                "This evening was settled with the league's open balances already: settle "
                "the open balances again on the cash page instead."
            )
        )
    Transfer.objects.filter(evening=evening, paid_at=None).delete()
    paid = Transfer.objects.filter(evening=evening).exclude(paid_at=None)
    remaining = apply_transfers(result.balances, paid)
    return propose_transfers(league, evening, remaining, result.names)


@league_write
def settle_open(league, user) -> list[Transfer]:
    """Propose and store the fewest transfers for the open balances of all the league's
    finished evenings (after every paid transfer); every open transfer is proposed anew."""
    require(RESULTS_ONLY, user, league)
    # One settlement of the league at a time.
    League.objects.select_for_update().filter(pk=league.pk).first()
    book = league_money(league)
    if book.problems:
        first = book.problems[0]
        raise ValidationError(
            _("The evening of %(date)s cannot be settled: %(problem)s")
            % {
                "date": date_format(first.evening.date, "SHORT_DATE_FORMAT"),
                "problem": first.problem,
            }
        )
    return settle_open_balances(league, book)


def may_mark_paid(user, transfer: Transfer, league) -> bool:
    """Whether ``user`` may mark ``transfer`` paid: either side's account, or whoever enters
    the league's results."""
    if not user.is_authenticated or not user.is_active:
        return False
    if enters_results(user, league):
        return True
    # The account of a player is the one whose claim ("that's me") the owner confirmed.
    return PlayerClaim.objects.filter(
        league=league,
        user=user,
        status=ClaimStatus.CONFIRMED,
        player_id__in=[transfer.payer_id, transfer.payee_id],
    ).exists()


@league_write
def mark_paid(transfer: Transfer, by) -> Transfer:
    """Mark a transfer paid (once: a paid transfer never changes)."""
    transfer = (
        Transfer._base_manager.select_for_update(of=("self",))
        .select_related("league")
        .get(pk=transfer.pk)
    )
    if not may_mark_paid(by, transfer, transfer.league):
        raise PermissionDenied(
            _("Only the payer, the payee or the league's scorekeepers may mark this paid.")
        )
    if transfer.paid_at is not None:
        raise ValidationError(_("This transfer is paid already; a paid transfer never changes."))
    Transfer._base_manager.filter(pk=transfer.pk, paid_at=None).update(
        paid_at=timezone.now(), paid_by=by
    )
    transfer.refresh_from_db()
    return transfer
