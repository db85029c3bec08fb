"""The player page's open money, as a tag: ``{% player_money player %}`` (members only)."""

from django import template

from ofcleague.league.current import current_league
from ofcleague.money.cash_book import league_money
from ofcleague.money.cash_pages import transfer_rows, viewer
from ofcleague.web.money import money

register = template.Library()


@register.inclusion_tag("money/_player_money.html", takes_context=True)
def player_money(context, player):
    request = context["request"]
    league = current_league()
    who = viewer(request.user, league)
    if not who.sees:
        return {"shown": False}
    book = league_money(league)
    balance = book.open_balances.get(player.pk, 0)
    mine = [
        transfer
        for transfer in book.open_transfers
        if player.pk in (transfer.payer_id, transfer.payee_id)
    ]
    return {
        "shown": True,
        "state": "gets" if balance > 0 else "owes" if balance < 0 else "even",
        "amount": money(abs(balance), exact=True),
        "transfers": transfer_rows(mine, who),
        "next": request.path,
        "csrf_token": context.get("csrf_token"),
    }
