"""Game nights at the table: the score pad on phones, offline, two tables, and the live page."""

import re

import pytest
from playwright.sync_api import expect

from ofcleague.league.models import EveningPlayer, Player, RoundScore, Variant
from ofcleague.scoring.table import dealer_of
from ofcleague.table.models import Hand, HandResult, RoundTable, TableSeat
from tests.browser.conftest import PASSWORD
from tests.factories import EveningFactory, PlayerFactory
from tests.table.boards import ENTERS, STAYS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REGULARS = ["Andreas", "Melanie", "Micha", "Swantje"]
#: Pineapple deals 17 cards a player: three at a table, as the league seats it.
PINEAPPLE_TABLE = REGULARS[:3]


def game_night(names=REGULARS, guests=0, hands=15, variant=Variant.OFC, rounds=2):
    """An evening in progress: the players named (made where the league has no such player),
    in that order, and ``guests`` new players.

    House OFC seats four at a table, Pineapple three.
    """
    evening = EveningFactory(
        status="in_progress", rounds=rounds, hands_per_round=hands, variant=variant
    )
    for name in names:
        player = Player.objects.filter(name=name).first() or PlayerFactory(name=name)
        EveningPlayer.objects.create(evening=evening, player=player)
    for number in range(guests):
        EveningPlayer.objects.create(
            evening=evening, player=PlayerFactory(name=f"Gast {number + 1}")
        )
    return evening


def login(page, live_server):
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("E-Mail oder Benutzername").fill("keeper")
    page.get_by_label("Passwort").fill(PASSWORD)
    page.get_by_role("button", name="Anmelden").click()
    page.wait_for_url(f"{live_server.url}/ofc-runde/")


def seat(page, live_server, evening, table=1):
    """Seat a table through the round page (the form offers the players not seated yet)."""
    page.goto(f"{live_server.url}/ofc-runde/evenings/{evening.pk}/rounds/1/")
    page.locator("#id_table").select_option(str(table))
    page.locator(".seat-form button[type=submit]").click()
    page.wait_for_url(f"**/rounds/1/tables/{table}/")
    expect(page.locator("#pad-status")).not_to_be_empty()


def points(page, values):
    """Enter a hand by points: the last player's value is offered, then saved."""
    for position, value in enumerate(values[:-1], 1):
        page.locator(f"#points-{position}").fill(str(value))
    expect(page.locator(f"#points-{len(values)}")).to_have_value(str(values[-1]))
    page.locator("#pad-save").click()


def boards(page, rows):
    page.locator('input[name="entry"][value="boards"]').check()
    for position, (front, middle, back) in enumerate(rows, 1):
        page.locator(f"#front-{position}").fill(front)
        page.locator(f"#middle-{position}").fill(middle)
        page.locator(f"#back-{position}").fill(back)
    page.locator("#pad-score").click()
    expect(page.locator("#pad-preview")).to_be_visible()
    page.locator("#pad-save").click()
    page.locator('input[name="entry"][value="points"]').check()


def saved_rows(page, count):
    expect(page.locator("#pad-hands tbody tr:not(.waiting)")).to_have_count(count)


def test_a_table_plays_a_round_by_points_and_boards(logged_in, live_server, league, shots):
    page = logged_in
    evening = game_night(PINEAPPLE_TABLE, variant=Variant.PINEAPPLE)
    seat(page, live_server, evening)
    # Three seats in name order: Andreas, Melanie, Micha; Andreas deals hand 1.
    expect(page.locator("fieldset[data-seat]")).to_have_count(3)
    expect(page.locator("#pad-status")).to_contain_text("Andreas")
    points(page, [2, -1, -1])
    saved_rows(page, 1)

    # Hand 2 by boards: Andreas makes QQ in the front and enters Fantasyland (14 cards).
    page.locator('input[name="entry"][value="boards"]').check()
    page.locator("#front-1").click()
    # The calculator's card picker fills the rows too.
    page.locator("#card-picker .pick-card", has_text="Q♥").click()
    expect(page.locator("#front-1")).to_have_value("Qh")
    page.locator("#front-1").fill("")
    boards(page, ENTERS[:3])
    saved_rows(page, 2)
    expect(page.locator('fieldset[data-seat="1"] [data-badges]')).to_contain_text("14")
    expect(page.locator("#pad-status")).to_contain_text("14")

    # Hand 3: trips in the front keep him there.
    boards(page, STAYS[:3])
    saved_rows(page, 3)
    expect(page.locator('fieldset[data-seat="1"] [data-badges]')).to_contain_text("14")
    shots(page, "score-pad")

    # Hand 4 by points, undone.
    points(page, [2, 0, -2])
    saved_rows(page, 4)
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#pad-undo").click()
    saved_rows(page, 3)

    # Correct hand 1.
    page.locator("#pad-hands tbody tr").first.locator("th button").click()
    page.locator("#points-1").fill("6")
    page.locator("#points-2").fill("-3")
    page.locator("#points-3").fill("-3")
    page.locator("#pad-save").click()
    expect(page.locator("#pad-hands tbody tr").first).to_contain_text("+6")

    # The rest of the round by points: the round closes itself after hand 15.
    for number in range(4, 16):
        points(page, [number % 3, 1, -(number % 3) - 1])
        saved_rows(page, number)
    expect(page.locator("#pad-closed")).to_be_visible()
    expect(page.locator("#calc-form")).to_be_hidden()

    # The paper backup of the round.
    page.get_by_role("link", name=re.compile("score sheet|Spielzettel|Punktezettel", re.I)).click()
    expect(page.locator(".sheet-grid tbody tr")).to_have_count(15)
    page.emulate_media(media="print")
    shots(page, "score-sheet-print")
    page.emulate_media(media="screen")

    assert Hand.objects.count() == 15
    for score in RoundScore.objects.filter(round_number=1):
        hands = HandResult.objects.filter(evening_player=score.evening_player)
        assert score.points == sum(hands.values_list("points", flat=True))
    andreas = HandResult.objects.filter(evening_player__player__name="Andreas")
    assert andreas.get(hand__number=3).fantasyland == 14
    assert andreas.get(hand__number=1).points == 6


def test_two_tables_at_once_and_hands_entered_offline(
    logged_in, live_server, league, browser, browser_context_args
):
    # Six at Pineapple: two tables of three (Andreas, Gast 1, Gast 2 | Melanie, Micha, Swantje).
    evening = game_night(guests=2, hands=5, variant=Variant.PINEAPPLE)
    first = logged_in
    seat(first, live_server, evening, table=1)
    second_context = browser.new_context(**browser_context_args)
    second = second_context.new_page()
    login(second, live_server)
    seat(second, live_server, evening, table=2)

    points(first, [1, -1, 0])
    points(second, [4, -4, 0])
    saved_rows(first, 1)
    saved_rows(second, 1)

    # The second phone loses its signal: three hands wait on the phone.
    second_context.set_offline(True)
    for values in ([2, -2, 0], [3, -3, 0]):
        points(second, values)
    # The button moves on over the waiting hands as the server records it: hand 4 is next
    # (the server's own next hand is still hand 2).
    table2 = RoundTable.objects.get(evening=evening, round_number=1, table=2)
    dealer = table2.chairs.get(position=dealer_of(table2.first_dealer, 4, 3))
    assert dealer.position != dealer_of(table2.first_dealer, 2, 3)
    expect(second.locator(f'fieldset[data-seat="{dealer.position}"] [data-badges]')).to_have_text(
        "Button"
    )
    expect(second.locator("#pad-status")).to_contain_text(
        f"{dealer.evening_player.player.name} gibt"
    )
    points(second, [5, 0, -5])
    expect(second.locator("#pad-queue")).to_contain_text("3")
    expect(second.locator("#pad-hands tbody tr.waiting")).to_have_count(3)
    points(first, [1, -1, 0])
    saved_rows(first, 2)
    second_context.set_offline(False)
    expect(second.locator("#pad-queue")).to_be_hidden(timeout=15000)
    saved_rows(second, 4)
    # A reload sends nothing twice.
    second.reload()
    saved_rows(second, 4)
    second_context.close()

    table2 = Hand.objects.filter(round_table__table=2)
    assert table2.count() == 4
    assert sorted(table2.values_list("number", flat=True)) == [1, 2, 3, 4]
    seated = TableSeat.objects.filter(round_table__evening=evening, round_table__round_number=1)
    assert {
        table: sorted(
            seated.filter(round_table__table=table).values_list(
                "evening_player__player__name", flat=True
            )
        )
        for table in (1, 2)
    } == {1: ["Andreas", "Gast 1", "Gast 2"], 2: ["Melanie", "Micha", "Swantje"]}
    melanie = RoundScore.objects.get(evening_player__player__name="Melanie", round_number=1)
    assert melanie.points == 4 + 2 + 3 + 5


def test_an_anonymous_phone_follows_the_evening_live(
    logged_in, live_server, league, browser, browser_context_args, shots
):
    evening = game_night()
    seat(logged_in, live_server, evening)
    points(logged_in, [3, -1, -1, -1])
    saved_rows(logged_in, 1)

    viewer_context = browser.new_context(**browser_context_args)
    viewer = viewer_context.new_page()
    viewer.goto(f"{live_server.url}{evening.get_absolute_url()}")
    andreas = viewer.locator('#evening-now [data-live-player="Andreas"] [data-live-total]')
    expect(andreas).to_have_text("3")

    points(logged_in, [10, -5, -5, 0])
    saved_rows(logged_in, 2)
    # No reload: the page polls and swaps its live section within a few seconds.
    expect(andreas).to_have_text("13", timeout=15000)
    expect(viewer.locator("#live .last-hands li")).to_have_count(2)
    shots(viewer, "live-evening")
    viewer_context.close()


def test_two_phones_at_one_table_never_overwrite(
    logged_in, live_server, league, browser, browser_context_args
):
    evening = game_night(hands=5)
    seat(logged_in, live_server, evening)
    other_context = browser.new_context(**browser_context_args)
    other = other_context.new_page()
    login(other, live_server)
    other.goto(logged_in.url)
    expect(other.locator("#pad-status")).not_to_be_empty()

    points(logged_in, [3, -1, -1, -1])
    saved_rows(logged_in, 1)
    # The other phone still shows hand 1 as the next one and enters it differently: both
    # versions are shown, and the table chooses (its hand waits until then).
    points(other, [8, -8, 0, 0])
    conflict = other.locator("#pad-conflict")
    expect(conflict).to_contain_text("+3")
    expect(conflict).to_contain_text("+8")
    expect(conflict.get_by_role("radio")).to_have_count(3)
    saved_rows(other, 1)
    other_context.close()
    assert list(HandResult.objects.order_by("pk").values_list("points", flat=True)) == [
        3,
        -1,
        -1,
        -1,
    ]


def test_a_hand_refused_after_going_online_comes_back_into_the_form(
    logged_in, live_server, league, context
):
    evening = game_night(hands=5)
    page = logged_in
    seat(page, live_server, evening)
    context.set_offline(True)
    page.locator('input[name="entry"][value="boards"]').check()
    rows = [list(board) for board in ENTERS]
    rows[0][0] = "Qh Qd Zz"
    for position, (front, middle, back) in enumerate(rows, 1):
        page.locator(f"#front-{position}").fill(front)
        page.locator(f"#middle-{position}").fill(middle)
        page.locator(f"#back-{position}").fill(back)
    page.locator("#pad-save").click()
    page.locator('input[name="entry"][value="points"]').check()
    points(page, [1, -1, 0, 0])
    expect(page.locator("#pad-queue")).to_contain_text("2")

    context.set_offline(False)
    expect(page.locator("#pad-queue")).to_be_hidden(timeout=15000)
    expect(page.locator("#pad-message")).to_contain_text("Zz")
    # The refused boards are back in the form; the hand after it became hand 1.
    expect(page.locator("#front-1")).to_have_value("Qh Qd Zz")
    saved_rows(page, 1)
    hand = Hand.objects.get()
    assert hand.number == 1
    assert list(hand.results.order_by("pk").values_list("points", flat=True)) == [1, -1, 0, 0]
