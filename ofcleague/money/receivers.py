"""What the money does when the core changes something (``ofcleague.league.hooks``),
registered by :func:`connect` when the app is ready."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext as _

from ofcleague.league import hooks
from ofcleague.league.models import Evening, Player
from ofcleague.money.invariants import money_problems
from ofcleague.money.models import PairStake, Transfer
from ofcleague.money.services.following import follow_money


def evening_deleted(gone: Evening) -> None:
    """What was paid for a deleted evening stays as it was; what was only proposed goes with
    it, and what was paid for it is proposed back, or the league's open balances settled anew."""
    Transfer.objects.filter(evening_id=gone.pk, paid_at=None).delete()
    follow_money(gone)


def evening_changed(change: hooks.EveningChange) -> None:
    """A written evening's pot, prizes and open transfers follow it (before the kept numbers
    count its prizes). Not for a deleted evening (``evening_deleted`` follows it once gone)
    nor for several written together (a merge moves the money itself: ``move_money``)."""
    if not change.together and not change.deleting:
        follow_money(change.evenings[0])


def move_money(keep: Player, merge: Player) -> None:
    """The merged player's transfers and pair stakes become the kept player's;
    refused where the two paid each other (two people, then)."""
    between = Transfer.objects.filter(Q(payer=keep, payee=merge) | Q(payer=merge, payee=keep))
    if between.exclude(paid_at=None).exists():
        raise ValidationError(
            _("%(keep)s and %(merge)s paid each other money, so they are two people.")
            % {"keep": keep.name, "merge": merge.name},
            code="paid_each_other",
        )
    between.delete()
    Transfer.objects.filter(payer=merge).update(payer=keep)
    Transfer.objects.filter(payee=merge).update(payee=keep)
    for stake in PairStake.objects.filter(Q(player_a=merge) | Q(player_b=merge)):
        other = stake.player_b_id if stake.player_a_id == merge.pk else stake.player_a_id
        stake.player_a_id, stake.player_b_id = sorted([keep.pk, other])
        stake.save(update_fields=["player_a", "player_b"])


def connect() -> None:
    """The money's receivers, each once."""
    hooks.register(hooks.EVENING_CHANGED, evening_changed, order=hooks.MONEY_FOLLOWS)
    hooks.register(hooks.EVENING_DELETED, evening_deleted)
    hooks.register(hooks.PLAYERS_MERGING, move_money)
    hooks.register(hooks.LEAGUE_RULES, money_problems)
