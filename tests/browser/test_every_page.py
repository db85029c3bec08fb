"""Every page on a phone (390x844): axe-core finds nothing serious, nothing is wider than the
screen, and the logged-in header stays compact.

One sweep visits every page once, in one browser with one logged-in context (plus an
anonymous one for the login page), and records what the tests below check; the tests are
parametrized by page so a failure names the page. The league it visits has a player with a
40-character name without spaces in every evening, and the new-evening form shows an error
quoting a 500-character word: the inputs that used to make pages up to 5,169 px wide. One
Pineapple evening is played at tables (a table of three with the long name and one of two), so
the sweep sees its round page with the seating form, the score pad, the score sheet, the live
section and the statistics from hands; a second Pineapple evening played at a table is
finished, so the sweep sees an evening page with hands after the live part is gone.

The pages a scorekeeper or a follower looks at late at night are swept again with the phone
set to dark (Playwright's ``color_scheme="dark"``): the pad in points and boards mode, the
seating page, the live evening in progress (also as the anonymous follower) and finished, the
player page and the statistics with hands, the printable sheet, and before an evening the
announce form, the announced evening (answers, waitlist, forecast, chat message), a waiting
player's personal link, the links page and the calendar page. Every box that scrolls sideways
must take the keyboard's focus and carry a name (axe's ``scrollable-region-focusable`` checks
the focus; the measurement here the name too).
"""

import datetime
import importlib
import os
import uuid
from decimal import Decimal
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.apps import apps
from django.core.management import call_command

from ofcleague.league import services
from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Role
from ofcleague.league.models import Player, RoundScore, Variant
from ofcleague.table import services as tables
from ofcleague.table.services import ResultInput
from tests.factories import UserFactory, scorekeeper_of
from tests.table.boards import ENTERS

from .conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH, PHONE_HEIGHT = 390, 844
#: At most 12 % of the screen's height.
HEADER_MAX = int(PHONE_HEIGHT * 0.12)
LONG_NAME = "Maximilianfriedrichwilhelmvonundzuostend"
# 499 letters without a break opportunity: the longest name the form takes, then quotes as too long.
LONG_WORD = ("Donaudampfschifffahrt" * 24)[:499]
BLOCKING = {"serious", "critical"}

PUBLIC = [
    "front",
    "home",
    "history",
    "evening-points",
    "evening-order",
    "alltime",
    "seasons",
    "season",
    "player",
    "rules",
    "calculator-result",
    "evening-tables",
    "evening-tables-finished",
    "statistics",
    "login",
    "signup",
    "signup-errors",
    "follower",
    "rsvp",
]
#: Pages an anonymous visitor sees (no login).
ANONYMOUS = ["login", "signup", "signup-errors", "follower", "rsvp"]
SCOREKEEPING = [
    "menu",
    "new-evening",
    "new-evening-errors",
    "edit",
    "points",
    "points-tie",
    "points-errors",
    "order",
    "prizes",
    "delete",
    "deleted",
    "round",
    "pad",
    "pad-boards",
    "sheet",
    "cash",
    "stakes",
    "announce",
    "announce-errors",
    "evening-announced",
    "rsvp-links",
    "calendar",
]
#: The owner's pages of running the league (the sweep's account owns the first league).
RUNNING = [
    "league-new",
    "league-settings",
    "players-manage",
    "members",
    "join",
    "import",
    "import-preview",
    "export",
    "league-delete",
]
LIGHT = PUBLIC + SCOREKEEPING + RUNNING
LOGGED_IN = [name for name in LIGHT if name not in ANONYMOUS]
#: Swept again with the phone in dark mode (suffix ``@dark`` in the results).
DARK = [
    "front",
    "home",
    "evening-tables",
    "evening-tables-finished",
    "player",
    "statistics",
    "round",
    "pad",
    "pad-boards",
    "sheet",
    "follower",
    "members",
    "join",
    "import-preview",
    "league-settings",
    "cash",
    "announce",
    "evening-announced",
    "rsvp",
    "rsvp-links",
    "calendar",
]
PAGES = LIGHT + [f"{name}@dark" for name in DARK]
#: Pages whose first screen ``make screenshots`` keeps for the README, by file name.
SHOTS = {
    "pad": "pad-points",
    "pad@dark": "pad-points-dark",
    "pad-boards": "pad-boards",
    "pad-boards@dark": "pad-boards-dark",
    "round@dark": "seating-dark",
    "follower@dark": "follower-dark",
}


def seed_what_migrations_seed():
    """The prize split and the Scorekeepers group (an earlier live-server test flushed them)."""
    split = importlib.import_module("ofcleague.league.migrations.0002_default_prize_split")
    group = importlib.import_module("ofcleague.league.migrations.0003_scorekeepers_group")
    from tests.factories import ensure_first_league

    ensure_first_league()
    split.create_default_split(apps, None)
    group.create_scorekeepers(apps, None)


def grid(seats, *rounds):
    return {
        seat.pk: {number: values[index] for number, values in enumerate(rounds, 1)}
        for index, seat in enumerate(seats)
    }


def build_league():
    """Evenings of every kind, each with the long-named player; returns the pages' paths."""
    seed_what_migrations_seed()
    keeper = UserFactory(username="keeper")
    scorekeeper_of(keeper, role=Role.OWNER)
    names = [LONG_NAME, "Andreas", "Melanie", "Micha", "Swantje"]
    players = services.create_players(names)
    details = {
        "start_time": datetime.time(19, 0),
        "buy_in": Decimal("10.00"),
        "hands_per_round": 15,
        "variant": Variant.PINEAPPLE,
        "location": LONG_WORD[:120],
    }

    # 2019: only a finishing order, as the league's early evenings.
    ordered = services.create_evening(
        players=players, date=datetime.date(2019, 5, 3), rounds=3, **details
    )
    seats = list(ordered.seats.order_by("player__name"))
    ordered = services.save_finishing_order(
        ordered, ordered.version, {seat.pk: place for place, seat in enumerate(seats, 1)}
    )

    # 2020: three rounds of points, finished, prizes paid, then corrected (a change log).
    scored = services.create_evening(
        players=players[:4], date=datetime.date(2020, 7, 24), rounds=3, **details
    )
    seats = sorted(scored.seats.all(), key=lambda seat: seat.player.name != LONG_NAME)
    points = grid(seats, [9, -3, -2, -4], [4, 1, -2, -3], [2, -1, 1, -2])
    scored = services.save_points_grid(scored, scored.version, points, finish=True)
    scored = services.set_prizes(
        scored, scored.version, Decimal("40.00"), {1: Decimal("26.67"), 2: Decimal("13.33")}
    )
    points[seats[0].pk][3] = 3
    points[seats[1].pk][3] = -2
    scored = services.save_points_grid(scored, scored.version, points)

    # Tonight: in progress, one of three rounds played.
    running = services.create_evening(
        players=players, date=datetime.date(2020, 8, 7), rounds=3, **details
    )
    seats = list(running.seats.order_by("player__name"))
    running = services.save_points_grid(running, running.version, grid(seats, [5, -1, -2, 0, -2]))

    doomed = services.create_evening(
        players=players[1:3], date=datetime.date(2020, 8, 14), rounds=1, **details
    )
    services.delete_evening(doomed, doomed.version)

    at_tables = play_at_tables(players, details)
    finished_at_tables = finish_at_a_table(players, details)

    long_slug = Player.objects.get(name=LONG_NAME).slug
    invite = another_league_and_an_invite(keeper)
    announced, waiting_link = announce_with_answers(keeper, players)
    return {
        "front": "/",
        "home": "/ofc-runde/",
        "history": "/ofc-runde/history/",
        "evening-points": f"/ofc-runde/evenings/{scored.pk}/",
        "evening-order": f"/ofc-runde/evenings/{ordered.pk}/",
        "alltime": "/ofc-runde/alltime/",
        "seasons": "/ofc-runde/seasons/",
        "season": "/ofc-runde/seasons/2020/",
        "player": f"/ofc-runde/players/{long_slug}/",
        "rules": "/ofc-runde/rules/",
        "calculator-result": "/ofc-runde/calculator/",
        "login": "/login/",
        "signup": "/accounts/signup/",
        "signup-errors": "/accounts/signup/",
        "menu": "/ofc-runde/",  # the owner's menu is a league's: the site's front page enters none
        "new-evening": "/ofc-runde/evenings/new/",
        "new-evening-errors": "/ofc-runde/evenings/new/",
        "edit": f"/ofc-runde/evenings/{scored.pk}/edit/",
        "points": f"/ofc-runde/evenings/{running.pk}/points/",
        "points-tie": f"/ofc-runde/evenings/{running.pk}/points/",
        "points-errors": f"/ofc-runde/evenings/{running.pk}/points/",
        "order": f"/ofc-runde/evenings/{ordered.pk}/order/",
        "prizes": f"/ofc-runde/evenings/{scored.pk}/prizes/",
        "delete": f"/ofc-runde/evenings/{scored.pk}/delete/",
        "deleted": "/ofc-runde/evenings/deleted/",
        "evening-tables": f"/ofc-runde/evenings/{at_tables.pk}/",
        "evening-tables-finished": f"/ofc-runde/evenings/{finished_at_tables.pk}/",
        "follower": f"/ofc-runde/evenings/{at_tables.pk}/",
        "pad-boards": f"/ofc-runde/evenings/{at_tables.pk}/rounds/1/tables/1/",
        "statistics": "/ofc-runde/statistics/",
        "cash": "/ofc-runde/cash/",
        "stakes": f"/ofc-runde/evenings/{scored.pk}/stakes/",
        "round": f"/ofc-runde/evenings/{at_tables.pk}/rounds/2/",
        "pad": f"/ofc-runde/evenings/{at_tables.pk}/rounds/1/tables/1/",
        "sheet": f"/ofc-runde/evenings/{at_tables.pk}/rounds/1/tables/1/sheet/",
        "league-new": "/leagues/new/",
        "league-settings": "/ofc-runde/settings/",
        "players-manage": "/ofc-runde/players/manage/",
        "members": "/ofc-runde/members/",
        "join": f"/join/{invite.token}/",
        "import": "/ofc-runde/import/",
        "import-preview": "/ofc-runde/import/",
        "export": "/ofc-runde/export/",
        "league-delete": "/ofc-runde/delete/",
        "announce": "/ofc-runde/evenings/announce/",
        "announce-errors": "/ofc-runde/evenings/announce/",
        "evening-announced": f"/ofc-runde/evenings/{announced.pk}/",
        "rsvp": f"/ofc-runde/rsvp/{waiting_link.token}/",
        "rsvp-links": "/ofc-runde/rsvp/links/",
        "calendar": "/ofc-runde/calendar/",
    }


def announce_with_answers(owner, players):
    """The next evening, announced with three seats: Andreas, Melanie and Micha come, the long
    name waits with a remark of a word too long to break, Swantje may come; every player has a
    personal link. Returns the evening and the waiting player's link."""
    from ofcleague.rsvp.models import REMARK_LENGTH, PlayerLink
    from ofcleague.rsvp.services import answers as rsvp

    league = League.objects.get(pk=1)
    evening = rsvp.announce_evening(
        league,
        owner,
        date=datetime.date.today() + datetime.timedelta(days=5),
        start_time=datetime.time(19, 30),
        location=LONG_WORD[:120],
        buy_in=Decimal("10.00"),
        variant=Variant.PINEAPPLE,
        rule_set="",
        most_seats=3,
        notes=LONG_WORD[:200],
    )
    rsvp.make_links(league, owner)
    by_name = {player.name: player for player in players}
    for name in ("Andreas", "Melanie", "Micha"):
        rsvp.answer_evening(evening, by_name[name], "yes")
    rsvp.answer_evening(evening, by_name[LONG_NAME], "yes", LONG_WORD[:REMARK_LENGTH])
    rsvp.answer_evening(evening, by_name["Swantje"], "maybe", "Vielleicht später")
    return evening, PlayerLink.objects.get(player=by_name[LONG_NAME], revoked_at=None)


def another_league_and_an_invite(owner):
    """A second public league (the front page lists both, the header names the league), a
    member who says "that's me" of the long name, and the invite links of the first league
    (one for the long name), the second's for the sweep's account to open."""
    from ofcleague.league.services import leagues
    from ofcleague.members.services import members

    first = League.objects.get(pk=1)
    members.make_invite(first, owner, Role.SCOREKEEPER, days=7, max_uses=3)
    members.make_invite(
        first, owner, Role.MEMBER, player=Player.objects.get(name=LONG_NAME, league=first)
    )
    member = UserFactory(username="mitglied")
    scorekeeper_of(member, role=Role.MEMBER)
    members.claim_player(Player.objects.get(name="Andreas", league=first), member)
    other_owner = UserFactory(username="andere")
    other = leagues.start_league(other_owner, "Andere Runde " + LONG_NAME)
    return members.make_invite(other, other_owner, Role.MEMBER)


def play_at_tables(players, details):
    """Five at Pineapple: in round 1 a table of three (Andreas, the long name, Melanie) plays a
    hand of boards (Andreas to Fantasyland) and one by points; Micha and Swantje sit at two."""
    evening = services.create_evening(
        players=players, date=datetime.date(2020, 8, 21), rounds=2, **details
    )
    seats = list(evening.seats.order_by("player__name").values_list("pk", flat=True))
    three = tables.seat_table(evening, 1, 1, seats[:3])
    tables.seat_table(evening, 1, 2, seats[3:])
    boards = [
        ResultInput(seat, front=f, middle=m, back=b) for seat, (f, m, b) in enumerate(ENTERS[:3], 1)
    ]
    hands = [
        ("boards", boards),
        ("points", [ResultInput(1, 2), ResultInput(2, -1), ResultInput(3, -1)]),
    ]
    for number, (entry, results) in enumerate(hands, 1):
        tables.record_hand(
            three, number=number, client_id=uuid.uuid4(), entry=entry, results=results
        )
    return evening


def finish_at_a_table(players, details):
    """Three at Pineapple play one round of two hands at one table (by points), then the
    scorekeeper finishes the evening from the round points the hands made."""
    evening = services.create_evening(
        players=players[1:4],
        date=datetime.date(2020, 8, 28),
        rounds=1,
        **{**details, "hands_per_round": 2},
    )
    seats = list(evening.seats.order_by("player__name").values_list("pk", flat=True))
    table = tables.seat_table(evening, 1, 1, seats)
    for number, points in enumerate(([4, -1, -3], [-2, 3, -1]), 1):
        results = [ResultInput(seat, value) for seat, value in enumerate(points, 1)]
        tables.record_hand(
            table, number=number, client_id=uuid.uuid4(), entry="points", results=results
        )
    evening.refresh_from_db()
    stored = RoundScore.objects.filter(evening_player__evening=evening)
    points = {score.evening_player_id: {1: score.points} for score in stored}
    return services.save_points_grid(
        evening, evening.version, points, {seat: {1: 1} for seat in seats}, finish=True
    )


def points_inputs(page):
    """The points grid's cells for round 1, in the grid's row order (by field name)."""
    return page.locator("input[name^='p_'][name$='_1']")


def submit_main_form(page):
    """Send the page's form with its first button; the layout under test may hide the button."""
    with page.expect_navigation():
        page.locator("main form [type=submit]:not([disabled])").first.evaluate(
            "button => button.click()"
        )


# Each state is reached the way a user reaches it: typing, or sending a form.
def score_a_hand(page):
    rows = {
        "#id_p0_name": LONG_NAME,
        "#id_p0_front": "5h 5d 5c",
        "#id_p0_middle": "3s 3h 3d 3c 2s",
        "#id_p0_back": "Js Ts 9s 8s 7s",
        "#id_p1_front": "Qh Jd 2h",
        "#id_p1_middle": "Ac Ad 9h 8d 6c",
        "#id_p1_back": "Kh Kd Kc 4h 4d",
    }
    for selector, cards in rows.items():
        page.fill(selector, cards)
    with page.expect_navigation():
        page.get_by_role("button", name="Hand auswerten").click()


def type_a_tie(page):
    # Name order: the long name, Andreas, Melanie, Micha, Swantje; Melanie and Swantje tie.
    # The tie-break box shows once every round is in, so rounds 2 and 3 end level.
    for cell, value in zip(points_inputs(page).all(), (5, -1, -2, 0, -2), strict=True):
        cell.fill(str(value))
    for number in (2, 3):
        for cell in page.locator(f"input[name^='p_'][name$='_{number}']").all():
            cell.fill("0")
    page.locator("#tie-breaks").wait_for(state="visible")


def send_a_round_that_does_not_add_up(page):
    for cell, value in zip(points_inputs(page).all(), (5, -1, -2, 0, 3), strict=True):
        cell.fill(str(value))
    submit_main_form(page)


def send_a_name_too_long(page):
    page.fill("[name=new_players]", LONG_WORD)
    submit_main_form(page)
    page.locator(".errorlist", has_text=LONG_WORD).wait_for()


def switch_the_pad_to_boards(page):
    page.locator("input[name=entry][value=boards]").check()
    page.locator("#calc-form.mode-boards").wait_for()


def announce_too_many_seats(page):
    page.fill("#id_most_seats", "99")
    submit_main_form(page)
    page.locator(".errorlist").first.wait_for()


def open_the_menu(page):
    page.locator("details.account-menu summary").click()
    page.get_by_role("link", name="Gelöschte Abende").wait_for()


def sign_up_with_a_bad_address(page):
    page.fill("[name=email]", "keine-adresse")
    page.fill("[name=password1]", "kurz")
    page.fill("[name=password2]", "anders")
    submit_main_form(page)


def paste_a_printed_evening(page):
    page.fill("textarea", PRINTED_EVENING)
    with page.expect_navigation():
        page.click("#import-read")
    page.get_by_label("„Andrea“ ist:").wait_for()


#: One evening as the league printed it, with a near name ("Andrea") that asks back.
PRINTED_EVENING = """Freitag, 04.09.2020, Start 19.00 Uhr
Buyin 10 €, 3mal 15 Hände Pineapple
1. Micha 2. Andrea
3. Swantje
"""

ACTIONS = {
    "menu": open_the_menu,
    "import-preview": paste_a_printed_evening,
    "signup-errors": sign_up_with_a_bad_address,
    "calculator-result": score_a_hand,
    "points-tie": type_a_tie,
    "points-errors": send_a_round_that_does_not_add_up,
    "new-evening-errors": send_a_name_too_long,
    "pad-boards": switch_the_pad_to_boards,
    "announce-errors": announce_too_many_seats,
}

MEASURE = r"""() => {
  const header = document.querySelector('header');
  const nav = document.querySelector('.site-nav');
  const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g).map(Number);
  return {
    dark: r + g + b < 3 * 96,
    width: document.documentElement.scrollWidth,
    header: header ? header.getBoundingClientRect().height : 0,
    navHidden: nav ? nav.scrollWidth - nav.clientWidth : 0,
    dateLinks: [...document.querySelectorAll('.evening-heading a')].map(
      link => getComputedStyle(link).textDecorationLine),
    // Boxes that scroll sideways (wider content than the box) without focus or a name.
    hiddenScrollers: [...document.querySelectorAll('main *')].filter(box => {
      const style = getComputedStyle(box);
      return ['auto', 'scroll'].includes(style.overflowX) && box.scrollWidth > box.clientWidth + 1
        && !(box.tabIndex >= 0 && (box.ariaLabel || box.getAttribute('aria-labelledby'))
             || box.querySelector('a, button, input, select, textarea'));
    }).map(box => box.className || box.tagName),
  };
}"""


def visit(page, url, name, axe):
    page.goto(url)
    if name.split("@")[0] in ACTIONS:
        ACTIONS[name.split("@")[0]](page)
    found = axe.run(page).response["violations"]
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder and name in SHOTS:
        # The README's pictures of the pad: the phone's first screen, light and dark.
        page.screenshot(path=str(Path(folder) / f"{SHOTS[name]}.png"))
    return {
        "violations": [violation for violation in found if violation.get("impact") in BLOCKING],
        **page.evaluate(MEASURE),
    }


@pytest.fixture(scope="module")
def sweep(browser, browser_context_args, live_server, django_db_setup, django_db_blocker):
    """Visit every page once; map each page's name to its findings and measurements.

    The league is written outside any test transaction so the live server sees it; the
    tables are emptied again afterwards, as after every live-server test.
    """
    # The live server's thread asks the same blocker for database access.
    with django_db_blocker.unblock():
        try:
            from tests.factories import ensure_first_league

            # Module-scoped: set up before the tests' own league; the sweep's rows are the
            # first league's, as the history league's are.
            with using_league(ensure_first_league()):
                paths = build_league()
                results = run_the_sweep(browser, browser_context_args, live_server.url, paths)
        finally:
            call_command("flush", verbosity=0, interactive=False)
    return results


def run_the_sweep(browser, context_args, base, paths):
    axe = Axe()
    results = {}
    for scheme, names, suffix in (("light", LIGHT, ""), ("dark", DARK, "@dark")):
        args = {**context_args, "color_scheme": scheme}
        anonymous = browser.new_context(**args)
        try:
            page = anonymous.new_page()
            for name in [name for name in ANONYMOUS if name in names]:
                results[name + suffix] = visit(page, base + paths[name], name + suffix, axe)
        finally:
            anonymous.close()
        context = browser.new_context(**args)
        context.set_default_timeout(10_000)
        try:
            page = context.new_page()
            page.goto(f"{base}/login/")
            page.fill("[name=login]", "keeper")
            page.fill("[name=password]", PASSWORD)
            submit_main_form(page)
            for name in [name for name in LOGGED_IN if name in names]:
                results[name + suffix] = visit(page, base + paths[name], name + suffix, axe)
        finally:
            context.close()
    return results


def describe(violations):
    lines = []
    for violation in violations:
        targets = ", ".join(str(node["target"]) for node in violation["nodes"][:5])
        lines.append(f"{violation['impact']} {violation['id']}: {targets}")
    return "\n".join(lines)


@pytest.mark.parametrize("name", PAGES)
def test_axe_finds_nothing_serious(sweep, name):
    violations = sweep[name]["violations"]
    assert not violations, f"{name}:\n{describe(violations)}"


@pytest.mark.parametrize("name", PAGES)
def test_no_page_is_wider_than_the_phone(sweep, name):
    assert sweep[name]["width"] <= PHONE_WIDTH


@pytest.mark.parametrize("name", PAGES)
def test_every_box_that_scrolls_sideways_takes_the_focus_and_has_a_name(sweep, name):
    assert not sweep[name]["hiddenScrollers"], f"{name}: {sweep[name]['hiddenScrollers']}"


def test_the_dark_pages_are_dark(sweep):
    assert all(sweep[f"{name}@dark"]["dark"] for name in DARK)
    assert not any(sweep[name]["dark"] for name in DARK)


@pytest.mark.parametrize("name", LOGGED_IN)
def test_the_logged_in_header_takes_at_most_12_percent_of_the_screen(sweep, name):
    assert sweep[name]["header"] <= HEADER_MAX


@pytest.mark.parametrize("name", PAGES)
def test_every_page_link_of_the_main_menu_fits_on_the_phone(sweep, name):
    assert sweep[name]["navHidden"] <= 0


@pytest.mark.parametrize("name", ["home", "history"])
def test_dates_of_evenings_are_underlined_like_links(sweep, name):
    assert sweep[name]["dateLinks"]
    assert all("underline" in line for line in sweep[name]["dateLinks"])
