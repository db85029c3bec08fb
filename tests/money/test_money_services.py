"""Who pays whom: stakes, settling an evening and the open balances, marking paid."""

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from ofcleague.league.models import Evening, Status
from ofcleague.money.cash_book import evening_money, league_money
from ofcleague.money.invariants import (
    TransferFacts,
    evening_money_problems,
    paid_transfer_problems,
    settlement_problems,
)
from ofcleague.money.models import PairStake, Transfer
from ofcleague.money.services.settling import mark_paid, set_stakes, settle_evening, settle_open
from tests.factories import PlayerFactory, UserFactory, confirmed_claim, scorekeeper_of
from tests.league.builders import evening_from_points

pytestmark = pytest.mark.django_db

D = Decimal


@pytest.fixture
def four():
    return [PlayerFactory(name=name) for name in ["Andreas", "Melanie", "Micha", "Swantje"]]


def _evening(four, *, stake=None, date=datetime.date(2024, 5, 3)):
    andreas, melanie, micha, swantje = four
    evening = evening_from_points(
        {andreas: [10, 2], melanie: [-4, 4], micha: [-1, -3], swantje: [-5, -3]},
        prizes={andreas: D("30"), melanie: D("10"), micha: D("0"), swantje: D("0")},
        pot=D("40"),
        date=date,
    )
    if stake is not None:
        Evening.objects.filter(pk=evening.pk).update(stake_per_point=stake)
        evening.refresh_from_db()
    return evening


def _transfers(evening=None, **filters):
    return [
        (t.payer.name, t.payee.name, t.amount)
        for t in Transfer.objects.filter(**filters)
        .select_related("payer", "payee")
        .order_by("payer__name", "payee__name")
    ]


def test_prize_money_only_settles_in_the_fewest_transfers(four, keeper):
    evening = _evening(four)
    money = evening_money(evening)
    assert money.balances == dict(
        zip([p.pk for p in four], [D("20"), D("0"), D("-10"), D("-10")], strict=True)
    )
    settle_evening(evening, keeper)
    assert _transfers(evening=evening) == [
        ("Micha", "Andreas", D("10.00")),
        ("Swantje", "Andreas", D("10.00")),
    ]


def test_a_stake_adds_points_times_the_stake(four, keeper):
    evening = _evening(four, stake=D("0.50"))
    balances = evening_money(evening).balances
    # Andreas: +20 prize money, +12 points at 0,50 €.
    assert balances[four[0].pk] == D("26.00")
    assert sum(balances.values()) == 0
    transfers = settle_evening(evening, keeper)
    assert len(transfers) <= 3
    assert not settlement_problems(
        balances,
        [TransferFacts(t.pk, t.payer_id, t.payee_id, t.amount) for t in transfers],
    )


def test_set_stakes_with_a_pair_override(four, keeper):
    evening = _evening(four)
    andreas, melanie = four[0], four[1]
    set_stakes(evening, keeper, "0,10", {(melanie.pk, andreas.pk): "1"})
    evening.refresh_from_db()
    assert evening.stake_per_point == D("0.10")
    stake = PairStake.objects.get(evening=evening)
    assert (stake.player_a_id, stake.player_b_id, stake.stake) == (
        min(andreas.pk, melanie.pk),
        max(andreas.pk, melanie.pk),
        D("1.00"),
    )
    assert sum(evening_money(evening).balances.values()) == 0
    # An empty pair stake removes it, an empty stake ends money per point.
    set_stakes(evening, keeper, "", {(andreas.pk, melanie.pk): ""})
    evening.refresh_from_db()
    assert evening.stake_per_point is None
    assert not PairStake.objects.exists()


@pytest.mark.parametrize("garbage", ["abc", "-1", "0", "1e9", "0.001", "NaN", "Infinity"])
def test_a_stake_that_is_no_amount_is_refused_and_nothing_written(four, keeper, garbage):
    evening = _evening(four)
    with pytest.raises(ValidationError):
        set_stakes(evening, keeper, garbage, {})
    evening.refresh_from_db()
    assert evening.stake_per_point is None


def test_a_pair_stake_for_a_stranger_is_refused(four, keeper):
    evening = _evening(four)
    stranger = PlayerFactory(name="Tommy")
    with pytest.raises(ValidationError):
        set_stakes(evening, keeper, "1", {(four[0].pk, stranger.pk): "1"})
    assert not PairStake.objects.exists()


def test_members_may_not_set_stakes_or_settle(four):
    evening = _evening(four)
    member = UserFactory()
    scorekeeper_of(member, role="member")
    with pytest.raises(PermissionDenied):
        set_stakes(evening, member, "1", {})
    with pytest.raises(PermissionDenied):
        settle_evening(evening, member)
    assert not Transfer.objects.exists()


def test_an_unfinished_evening_or_a_pot_not_of_the_buy_ins_is_not_settled(four, keeper):
    evening = _evening(four)
    Evening.objects.filter(pk=evening.pk).update(status=Status.IN_PROGRESS)
    with pytest.raises(ValidationError):
        settle_evening(evening, keeper)
    Evening.objects.filter(pk=evening.pk).update(status=Status.FINISHED, buy_in=D("12"))
    with pytest.raises(ValidationError, match="ausgezahlt"):  # money in must equal money out
        settle_evening(evening, keeper)
    assert not Transfer.objects.exists()


def test_paid_transfers_stay_and_only_open_ones_are_proposed_again(four, keeper):
    evening = _evening(four)
    first = settle_evening(evening, keeper)
    paid = mark_paid(first[0], keeper)
    before = [
        TransferFacts(
            paid.pk, paid.payer_id, paid.payee_id, paid.amount, paid.evening_id, paid.paid_at
        )
    ]
    # More money per point: the next settlement keeps the paid one.
    set_stakes(evening, keeper, "1", {})
    again = settle_evening(evening, keeper)
    stored = Transfer.objects.get(pk=paid.pk)
    after = [
        TransferFacts(
            stored.pk,
            stored.payer_id,
            stored.payee_id,
            stored.amount,
            stored.evening_id,
            stored.paid_at,
        )
    ]
    assert not paid_transfer_problems(before, after)
    assert stored.paid_at == paid.paid_at
    evening.refresh_from_db()
    balances = evening_money(evening).balances
    facts = [TransferFacts(t.pk, t.payer_id, t.payee_id, t.amount) for t in [stored, *again]]
    assert not settlement_problems(balances, facts)


def test_a_paid_transfer_is_not_marked_again(four, keeper):
    evening = _evening(four)
    transfer = settle_evening(evening, keeper)[0]
    mark_paid(transfer, keeper)
    stamp = Transfer.objects.get(pk=transfer.pk).paid_at
    with pytest.raises(ValidationError):
        mark_paid(transfer, keeper)
    assert Transfer.objects.get(pk=transfer.pk).paid_at == stamp


def test_either_side_marks_paid_and_nobody_else(four, keeper):
    evening = _evening(four)
    transfer = settle_evening(evening, keeper)[0]
    outsider = UserFactory()
    scorekeeper_of(outsider, role="member")
    with pytest.raises(PermissionDenied):
        mark_paid(transfer, outsider)
    payer_account = UserFactory()
    scorekeeper_of(payer_account, role="member")
    confirmed_claim(payer_account, transfer.payer)
    assert mark_paid(transfer, payer_account).paid_by == payer_account


def test_open_balances_carry_over_and_settle_together(four, keeper):
    one = _evening(four, date=datetime.date(2024, 5, 3))
    two = _evening(four, date=datetime.date(2024, 6, 7))
    first = settle_evening(one, keeper)
    mark_paid(first[0], keeper)  # Micha paid Andreas 10 € for the first evening
    book = league_money(keeper.memberships.get().league)
    andreas, _melanie, micha, swantje = four
    assert book.open_balances == {
        andreas.pk: D("30"),
        four[1].pk: D("0"),
        micha.pk: D("-10"),
        swantje.pk: D("-20"),
    }
    batch = settle_open(one.league, keeper)
    assert {(t.payer_id, t.payee_id, t.amount) for t in batch} == {
        (micha.pk, andreas.pk, D("10.00")),
        (swantje.pk, andreas.pk, D("20.00")),
    }
    assert all(t.evening_id is None for t in batch)
    # The paid one is still there, the evening's other open one gave way to the batch.
    assert Transfer.objects.count() == 3
    # An evening the open balances settled is not settled again on its own.
    with pytest.raises(ValidationError):
        settle_evening(two, keeper)


def test_invariants_see_money_that_does_not_add_up():
    assert evening_money_problems({1: D("1"), 2: D("-1")}) == []
    assert evening_money_problems({1: D("1"), 2: D("-0.99")})
    assert settlement_problems({1: D("-5"), 2: D("5")}, [TransferFacts(1, 1, 2, D("4"))])
    assert settlement_problems({1: D("0")}, [TransferFacts(1, 1, 1, D("0"))])
    paid = TransferFacts(1, 1, 2, D("5"), None, "now")
    assert paid_transfer_problems([paid], [])
    assert paid_transfer_problems([paid], [TransferFacts(1, 1, 2, D("6"), None, "now")])
    assert not paid_transfer_problems([TransferFacts(2, 1, 2, D("5"))], [])


@pytest.fixture
def english():
    from django.utils import translation

    with translation.override("en"):
        yield


def test_league_problems_name_an_evening_whose_money_does_not_add_up(four, english):
    from ofcleague.league.invariants import league_problems
    from ofcleague.league.models import EveningPlayer

    evening = _evening(four, stake=D("0.10"))
    assert league_problems([evening.pk]) == []
    # A cent more for the winner than the pot holds: money in and money out differ.
    EveningPlayer.objects.filter(evening=evening, player=four[0]).update(prize=D("30.01"))
    rules = [problem.rule for problem in league_problems([evening.pk])]
    assert "its money in and money out differ." in rules


def test_league_problems_name_a_transfer_across_leagues(four, first_league, english):
    from ofcleague.league.current import using_league
    from ofcleague.league.invariants import league_problems
    from ofcleague.league.leagues import League

    other = League.objects.create(name="Andere", slug="andere")
    with using_league(other):
        stranger = PlayerFactory(name="Fremd")
    assert league_problems() == []
    transfer = Transfer.objects.create(payer=four[0], payee=stranger, amount=D("5"))

    def rules_of_leagues():
        # A transfer made by hand settles no evening (a rule of its own, left out here).
        return [problem.rule for problem in league_problems() if "settle" not in problem.rule]

    rules = rules_of_leagues()
    assert rules == [f"transfer {transfer.pk} names a player or evening of another league."]
    Transfer.objects.filter(pk=transfer.pk).update(payee=four[1])
    assert rules_of_leagues() == []
    # A transfer for an evening of the other league.
    with using_league(other):
        theirs = evening_from_points(
            {stranger: [3], PlayerFactory(name="Auch"): [-3]}, date=datetime.date(2024, 1, 5)
        )
    Transfer.objects.filter(pk=transfer.pk).update(evening_id=theirs.pk)
    assert rules_of_leagues() == rules


def test_the_database_refuses_a_transfer_to_oneself_or_of_nothing(four):
    from django.db import IntegrityError, transaction

    for payee, amount in [(four[0], D("1")), (four[1], D("0"))]:
        with pytest.raises(IntegrityError), transaction.atomic():
            Transfer.objects.create(payer=four[0], payee=payee, amount=amount)


def test_a_merge_moves_the_transfers_of_the_player_merged_away(four, first_league):
    from ofcleague.league.leagues import Role
    from ofcleague.league.services.leagues import merge_players

    owner = UserFactory()
    scorekeeper_of(owner, role=Role.OWNER)
    andreas, melanie, micha, _swantje = four
    twin = PlayerFactory(name="Michi")
    Transfer.objects.create(payer=twin, payee=andreas, amount=D("5"), paid_at=None)
    Transfer.objects.create(payer=twin, payee=micha, amount=D("3"))
    merge_players(first_league, micha, twin, owner)
    assert _transfers() == [("Micha", "Andreas", D("5.00"))]
    # Two who paid each other are two people.
    Transfer.objects.create(
        payer=melanie, payee=andreas, amount=D("1"), paid_at="2024-01-01T00:00Z"
    )
    with pytest.raises(ValidationError) as refused:
        merge_players(first_league, andreas, melanie, owner)
    assert refused.value.error_list[0].code == "paid_each_other"


def test_a_deleted_evening_keeps_what_was_paid_and_its_restore_finds_it(four, keeper, client):
    from ofcleague.league.services.deleted import delete_evening, restore_evening

    evening = _evening(four)
    paid, proposed = settle_evening(evening, keeper)
    mark_paid(paid, keeper)
    stamp = Transfer.objects.get(pk=paid.pk).paid_at
    evening.refresh_from_db()
    delete_evening(evening, evening.version)
    # What was paid stays; the evening's balances are gone, so its payee is to pay it back.
    assert list(Transfer.objects.values_list("evening_id", "paid_at").order_by("pk")) == [
        (evening.pk, stamp),
        (evening.pk, None),
    ]
    back = Transfer.objects.get(paid_at=None)
    assert (back.payer_id, back.payee_id, back.amount) == (
        paid.payee_id,
        paid.payer_id,
        paid.amount,
    )
    # The paid money still counts: Micha paid Andreas for an evening that is gone.
    book = league_money(evening.league)
    assert book.open_balances[paid.payer_id] == paid.amount
    client.force_login(keeper)
    assert client.get("/ofc-runde/cash/").status_code == 200
    restore_evening(evening.pk)
    assert Transfer.objects.get(pk=paid.pk).evening.pk == evening.pk
    # Back with its balances: the open transfer is Swantje's 10 € to Andreas again.
    assert _transfers(paid_at=None) == [("Swantje", "Andreas", D("10.00"))]
    # Back with its balances: Andreas gets the 10 € Swantje has not paid yet.
    assert league_money(evening.league).open_balances[four[0].pk] == D("10")


def test_pair_stakes_take_the_score_pads_boards_pair_by_pair(keeper):
    """Three play one round of boards at one table; Andreas and Melanie play for 1 € a point,
    nobody else for money: their money is what the engine scores between those two boards."""
    import uuid

    from ofcleague.league import services
    from ofcleague.league.models import RoundScore, Variant
    from ofcleague.scoring import score_rows
    from ofcleague.table import services as tables
    from ofcleague.table.services import ResultInput
    from tests.table.boards import ENTERS

    players = [PlayerFactory(name=name) for name in ["Andreas", "Melanie", "Micha"]]
    evening = services.create_evening(
        players=players,
        date=datetime.date(2024, 5, 3),
        rounds=1,
        start_time=datetime.time(19),
        buy_in=D("0"),
        hands_per_round=1,
        variant=Variant.PINEAPPLE,
    )
    seats = list(evening.seats.order_by("player__name").values_list("pk", flat=True))
    table = tables.seat_table(evening, 1, 1, seats)
    boards = [
        ResultInput(seat, front=f, middle=m, back=b) for seat, (f, m, b) in enumerate(ENTERS[:3], 1)
    ]
    tables.record_hand(table, number=1, client_id=uuid.uuid4(), entry="boards", results=boards)
    evening.refresh_from_db()
    stored = RoundScore.objects.filter(evening_player__evening=evening)
    points = {score.evening_player_id: {1: score.points} for score in stored}
    services.save_points_grid(
        evening, evening.version, points, {s: {1: 1} for s in seats}, finish=True
    )
    evening.refresh_from_db()
    andreas, melanie, micha = players
    set_stakes(evening, keeper, "", {(andreas.pk, melanie.pk): "1"})
    evening.refresh_from_db()
    scored = score_rows(
        "pineapple",
        [
            {"name": str(i), "front": f, "middle": m, "back": b}
            for i, (f, m, b) in enumerate(ENTERS[:3])
        ],
    )
    between = scored.pair(0, 1).points  # what Andreas's board wins from Melanie's
    money = evening_money(evening)
    assert money.from_hands
    assert money.balances == {andreas.pk: D(between), melanie.pk: D(-between), micha.pk: D(0)}
    # The split by table would differ: (11 - (-27)) / 3 is not a whole number of points.
    assert D(between) * 3 != D(11 + 27)


def _prizes(draw_values, four):
    """Prizes of 40 € split by the drawn weights (whole euros adding up to the pot)."""
    weights = [value + 1 for value in draw_values]
    euros = [40 * weight // sum(weights) for weight in weights]
    euros[0] += 40 - sum(euros)
    return {player: D(amount) for player, amount in zip(four, euros, strict=True)}


def test_random_settlements_keep_paid_transfers_and_cover_the_open_balances(four, keeper):
    """Evenings with random prizes, settled one by one or all open balances at once, random
    transfers paid: paid transfers never change, and after a settlement of the open balances
    the open transfers cover what is still owed exactly."""
    import random

    chance = random.Random(21)
    andreas, melanie, micha, swantje = four
    league = keeper.memberships.get().league
    for month in range(1, 9):
        evening = evening_from_points(
            {andreas: [1], melanie: [0], micha: [0], swantje: [-1]},
            prizes=_prizes([chance.randrange(5) for _ in four], four),
            pot=D("40"),
            date=datetime.date(2023, month, 3),
        )
        paid_before = {
            t.pk: (t.payer_id, t.payee_id, t.amount, t.evening_id, t.paid_at)
            for t in Transfer.objects.exclude(paid_at=None)
        }
        if chance.random() < 0.5 and not Transfer.objects.filter(evening=None).exists():
            settle_evening(evening, keeper)
        else:
            settle_open(league, keeper)
        for transfer in Transfer.objects.filter(paid_at=None):
            if chance.random() < 0.4:
                mark_paid(transfer, keeper)
        for pk, facts in paid_before.items():
            t = Transfer.objects.get(pk=pk)
            assert (t.payer_id, t.payee_id, t.amount, t.evening_id, t.paid_at) == facts
    settle_open(league, keeper)
    book = league_money(league)
    owed = {key: value for key, value in book.open_balances.items() if value}
    facts = [TransferFacts(t.pk, t.payer_id, t.payee_id, t.amount) for t in book.open_transfers]
    assert not settlement_problems(owed, facts)
    assert len(facts) <= max(len(owed) - 1, 0)
    assert sum(book.open_balances.values()) == 0
