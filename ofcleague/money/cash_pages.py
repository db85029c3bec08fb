"""The league's cash ("Kasse"): each player's open balance and the open transfers, for the
league's members only (anonymous visitors go to the login, other accounts get 403); settling
the open balances and marking a transfer paid (POST only).

Money is private-ish even in a public league: the evening and player pages show their money
sections to members only, and those pages' public (cached) copies never hold it.
A page here runs a fixed number of queries whatever the number of evenings and transfers.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.db.models import OuterRef, Subquery
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ofcleague.league.current import current_league
from ofcleague.league.leagues import ENTERS_RESULTS, Membership
from ofcleague.league.models import Evening
from ofcleague.league.roles import MEMBERS_ONLY, refusal
from ofcleague.members.invites import ClaimStatus, PlayerClaim
from ofcleague.money.cash_book import league_money
from ofcleague.money.models import Transfer
from ofcleague.money.services import settling as money_services
from ofcleague.web.money import money


@dataclass(frozen=True)
class Viewer:
    """Who looks at the money: whether they may see it, settle, and which player they are."""

    sees: bool
    settles: bool
    player: int | None

    def may_mark_paid(self, transfer) -> bool:
        return self.settles or self.player in (transfer.payer_id, transfer.payee_id)


NOBODY = Viewer(False, False, None)


def viewer(user, league) -> Viewer:
    """The viewer of ``league``'s money (one query for a member, none for anybody else)."""
    if league is None or not user.is_authenticated or not user.is_active:
        return NOBODY
    if user.is_superuser:
        return Viewer(True, True, None)
    # The account's player: the one whose claim ("that's me") the owner confirmed.
    claimed = PlayerClaim.objects.filter(
        league=OuterRef("league"), user=OuterRef("user"), status=ClaimStatus.CONFIRMED
    ).values("player_id")[:1]
    found = (
        Membership.objects.filter(league=league, user=user)
        .annotate(claimed=Subquery(claimed))
        .values_list("role", "claimed")
        .first()
    )
    role, player = found if found is not None else (None, None)
    # The role is read now: ``roles.role_of`` (the menu, the permissions) asks no more.
    user.__dict__.setdefault("_league_roles", {})[league.pk] = role
    if role is None:
        return NOBODY
    return Viewer(True, role in ENTERS_RESULTS, player)


@dataclass(frozen=True)
class TransferRow:
    pk: int
    payer: str
    payee: str
    amount: str
    text: str
    paid: bool
    markable: bool
    evening_date: object = None
    # Paid, but a correction since made it too much: an open transfer gives some back.
    misfit: bool = False


def _evening_date(transfer):
    """The date of the transfer's evening; none for open balances or a deleted evening."""
    try:
        return transfer.evening.date if transfer.evening is not None else None
    except Evening.DoesNotExist:
        return None


def misfits(transfers) -> set[int]:
    """The paid transfers a correction made too much (a paid mark that no longer fits): an
    open transfer of the same settlement pays their payer or is paid by their payee."""
    payees, payers = set(), set()
    for transfer in transfers:
        if transfer.paid_at is None:
            payees.add((transfer.evening_id, transfer.payee_id))
            payers.add((transfer.evening_id, transfer.payer_id))
    return {
        transfer.pk
        for transfer in transfers
        if transfer.paid_at is not None
        and (
            (transfer.evening_id, transfer.payer_id) in payees
            or (transfer.evening_id, transfer.payee_id) in payers
        )
    }


def transfer_rows(transfers, who: Viewer, scope=None) -> list[TransferRow]:
    """Transfers as the pages print them: "Micha zahlt Andreas 12,50 €"; a paid one that no
    longer fits the transfers of ``scope`` (default: these) is flagged."""
    rows = []
    flagged = misfits(transfers if scope is None else scope)
    for transfer in transfers:
        amount = money(transfer.amount, exact=True)
        text = _("%(payer)s pays %(payee)s %(amount)s") % {
            "payer": transfer.payer.name,
            "payee": transfer.payee.name,
            "amount": amount,
        }
        rows.append(
            TransferRow(
                transfer.pk,
                transfer.payer.name,
                transfer.payee.name,
                amount,
                text,
                transfer.paid_at is not None,
                transfer.paid_at is None and who.may_mark_paid(transfer),
                _evening_date(transfer),
                transfer.pk in flagged,
            )
        )
    return rows


def balance_rows(balances: dict[int, Decimal], names: dict[int, str]) -> list[dict]:
    """Each player's open balance, those who get money first, then by name."""
    rows = [
        {
            "name": names[key],
            "amount": money(abs(value), exact=True),
            "state": "gets" if value > 0 else "owes" if value < 0 else "even",
            "value": value,
        }
        for key, value in balances.items()
    ]
    return sorted(rows, key=lambda row: (-row["value"], row["name"]))


def _league_viewer(request):
    league = current_league()
    who = viewer(request.user, league)
    if not request.user.is_authenticated:
        return league, None
    if not who.sees:
        raise refusal(MEMBERS_ONLY)
    return league, who


def cash(request):
    """The league's cash: open balances, open transfers, the paid ones of late."""
    league, who = _league_viewer(request)
    if who is None:
        return redirect_to_login(request.get_full_path())
    book = league_money(league)
    open_balances = book.open_balances
    uncovered = any(book.uncovered.values())
    paid = [transfer for transfer in book.transfers if transfer.paid_at is not None]
    paid.sort(key=lambda transfer: transfer.paid_at, reverse=True)
    return render(
        request,
        "money/cash.html",
        {
            "balances": balance_rows(
                {key: value for key, value in open_balances.items() if value}, book.names
            ),
            "open_transfers": transfer_rows(book.open_transfers, who),
            "paid_transfers": transfer_rows(paid[:20], who, scope=book.transfers),
            "uncovered": uncovered,
            "problems": book.problems,
            "who": who,
            "next": request.path,
        },
    )


def _back(request, fallback):
    target = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return redirect(target)
    return redirect(fallback)


@login_required
@require_POST
def settle_open(request):
    league, who = _league_viewer(request)
    try:
        proposed = money_services.settle_open(league, request.user)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        if proposed:
            messages.success(request, _("The open balances are settled: see who pays whom."))
        else:
            messages.info(request, _("Nobody owes anybody anything."))
    return redirect("money:cash")


@login_required
@require_POST
def transfer_paid(request, pk):
    league, who = _league_viewer(request)
    transfer = get_object_or_404(Transfer, pk=pk)
    try:
        money_services.mark_paid(transfer, request.user)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Marked paid."))
    return _back(request, "money:cash")
