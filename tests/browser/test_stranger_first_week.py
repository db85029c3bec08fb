"""A stranger's first week on a phone (390x844), in one go, in German and in English (the
league's language chosen at founding, the browser asking for the same).

A new owner signs up and confirms the address from the mail, founds a league, pastes six names
on the players page and announces an evening of four seats at two rounds of three hands. Five
players answer through the group link read from the chat message (two taps each): four get a
seat, the fifth waits. The owner starts the evening from the answers (two tables of two), and
the tables play twelve hands on the pad, two of them as boards; the phone at table 2 goes
offline for two hands and is reloaded meanwhile. The owner finishes the evening on its visible
step, settles up; the result mail goes out, and the evening's card answers an image.

Every tap (link, button, choice; typing is not counted) is counted per step and must equal what
the steps take today, so a step that grows a tap fails. The server's stored hands equal what
was entered, none lost or doubled. axe finds nothing serious or critical on any page visited,
light and dark.
"""

import datetime
import io
import os
import re
from pathlib import Path

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone
from PIL import Image
from playwright.sync_api import expect

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League
from ofcleague.league.models import Evening, Status
from ofcleague.money.models import Transfer
from ofcleague.table.models import Hand, TableSeat

from .axe import serious_findings
from .test_offline import controlled
from .test_pad_reload import offline

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "pik-ass-13579"
#: Pasted as a tired owner would: addresses after a space or a comma.
PASTE = "Anna anna@example.org\nBen, ben@example.org\nCarla carla@example.org\nDaniel\nEmil\nFrida"
SIX = ["Anna", "Ben", "Carla", "Daniel", "Emil", "Frida"]
#: The five who answer yes through the group link, in order: Emil, the fifth, waits.
ANSWERING = SIX[:5]
#: Heads-up boards (no foul, no Fantasyland): seat 1, seat 2.
BOARDS = [
    ("2s 3s 4d", "5h 6s 7s 8s 9d", "Jc Qc Kc 8c Tc"),
    ("2h 3h 5d", "7h 7d 9h 6d 8d", "Js Qs Jd Ac 9s"),
]
#: Seat 1's points of each hand (seat 2 gets the rest); None: the boards above.
POINTS = {
    (1, 1): [4, -2, 6],
    (1, 2): [3, 7, -1],
    (2, 1): [None, 5, -3],
    (2, 2): [None, -6, 2],
}
#: The taps of each step as measured; a regression that adds one fails.
TAPS = {
    "sign-up": 3,
    "found": 2,
    "players": 4,
    "announce": 4,
    "answers": 10,
    "start": 1,
    "pad": 28,
    "finish": 2,
    "settle": 1,
}
LANGUAGES = {"de": "de-DE", "en": "en-GB"}
LEAGUES = {"de": "Donnerstagsrunde", "en": "Thursday Club"}


class Phone:
    """A phone's page that counts the taps of the step under way."""

    def __init__(self, page, taps):
        self.page, self.taps = page, taps
        self.step = None

    def tap(self, locator, navigates=True):
        self.taps[self.step] = self.taps.get(self.step, 0) + 1
        if navigates:
            with self.page.expect_navigation():
                locator.tap()
        else:
            locator.tap()


class Shots:
    """The README's pictures of the steps (``SCREENSHOT_DIR``, the German run): what the phone
    shows, at the screen's own pixels and 256 colours, so each stays small."""

    def __init__(self, language):
        folder = os.environ.get("SCREENSHOT_DIR")
        self.folder = Path(folder) if folder and language == "de" else None

    def _save(self, png, name):
        self.folder.mkdir(parents=True, exist_ok=True)
        image = Image.open(io.BytesIO(png)).convert("RGB").quantize(colors=256)
        image.save(self.folder / f"{name}.png", optimize=True)

    def __call__(self, page, name):
        if self.folder:
            self._save(page.screenshot(scale="css"), name)

    def element(self, locator, name):
        if self.folder:
            self._save(locator.screenshot(scale="css"), name)

    def image(self, png, name):
        if self.folder:
            self._save(png, name)


class Visits:
    """axe's serious findings on every page visited, light and dark."""

    def __init__(self):
        self.findings = {}

    def check(self, page, name):
        """axe on the page as it is, light and dark."""
        self.findings[name] = serious_findings(page)
        page.emulate_media(color_scheme="dark")
        self.findings[f"{name}@dark"] = serious_findings(page)
        page.emulate_media(color_scheme="light")


def sign_up_and_found(owner, live_server, language, visits):
    page = owner.page
    owner.step = "sign-up"
    # The site's first league is someone else's: founding one begins at its address.
    page.goto(f"{live_server.url}/leagues/new/")
    visits.check(page, "found-anonymous")
    owner.tap(page.locator("main a[href^='/accounts/signup/']").first)
    visits.check(page, "sign-up")
    address = f"owner-{language}@example.org"
    page.locator("[name=email]").fill(address)
    page.locator("[name=password1]").fill(PASSWORD)
    page.locator("[name=password2]").fill(PASSWORD)
    owner.tap(page.locator("main form button[type=submit]"))
    sent = [message for message in mail.outbox if message.to == [address]]
    assert len(sent) == 1
    page.goto(re.search(r"http://\S+/accounts/confirm-email/\S+", sent[0].body).group(0))
    visits.check(page, "confirm")
    owner.tap(page.locator("main form button[type=submit]"))
    page.wait_for_url(f"{live_server.url}/leagues/new/")

    owner.step = "found"
    visits.check(page, "found")
    page.locator("#id_name").fill(LEAGUES[language])
    owner.tap(page.locator("#id_language"), navigates=False)
    page.locator("#id_language").select_option(language)
    owner.tap(page.locator("main form button[type=submit]"))
    league = League.objects.get(name=LEAGUES[language])
    assert league.language == language
    assert page.url == f"{live_server.url}/{league.slug}/"
    visits.check(page, "league")
    return league


def paste_players_and_announce(owner, league, visits, shots):
    page = owner.page
    owner.step = "players"
    # A new league's home offers to announce; the players page is in the menu.
    owner.tap(page.locator(".account-menu summary"), navigates=False)
    owner.tap(page.locator(".menu-panel a[href$='/players/manage/']"))
    visits.check(page, "players")
    field = page.locator("textarea").first
    owner.tap(field, navigates=False)
    page.keyboard.insert_text(PASTE)
    shots(page, "first-week-2-players")
    owner.tap(page.locator("main form button[type=submit]").first)
    visits.check(page, "players-added")

    owner.step = "announce"
    owner.tap(page.locator("a.brand"))
    owner.tap(page.locator(".empty-next a.button"))
    visits.check(page, "announce")
    day = timezone.localdate() + datetime.timedelta(days=3)
    page.locator("#id_date").fill(day.isoformat())
    page.locator("#id_start_time").fill("19:30")
    page.locator("#id_most_seats").fill("4")
    # Pineapple seats three a table: four players sit at two tables.
    owner.tap(page.locator("#id_variant"), navigates=False)
    page.locator("#id_variant").select_option("pineapple")
    page.locator("#id_rounds").fill("2")
    page.locator("#id_hands_per_round").fill("3")
    owner.tap(page.locator("main form.form button[type=submit]"))
    evening = Evening._base_manager.get(league=league)
    expect(page.locator("#rsvp-silent")).to_have_text(", ".join(SIX))
    visits.check(page, "evening-announced")
    shots.element(page.locator("#tell-group"), "first-week-3-chat-message")
    return evening


def answer_by_group_link(browser, context_args, owner, visits, shots):
    """Each of five players opens the chat message's link on their phone: name, then yes."""
    message = owner.page.locator("#chat-message").input_value()
    link = re.search(r"http://\S+/rsvp/evening/\S+/", message).group(0)
    assert owner.page.locator("#group-link").get_attribute("href") in link
    for name in ANSWERING:
        # Answering needs no service worker; without it a closed phone leaves no request of
        # its worker running beside the next phone's (the test database is one shared
        # in-memory SQLite, which answers two such requests "database table is locked").
        context = browser.new_context(**context_args, service_workers="block")
        try:
            guest = Phone(context.new_page(), owner.taps)
            guest.step = "answers"
            guest.page.goto(link)
            if name == ANSWERING[0]:
                visits.check(guest.page, "group-link")
                shots(guest.page, "first-week-4-group-link")
            guest.tap(guest.page.locator("#group-names a.name-button", has_text=name))
            guest.tap(guest.page.locator("button[name=answer][value=yes]"))
            expected = "waiting" if name == ANSWERING[-1] else "yes"
            expect(guest.page.locator(".rsvp-mine")).to_have_attribute("data-answer", expected)
            if name == ANSWERING[-1]:
                visits.check(guest.page, "group-link-waiting")
        finally:
            context.close()


def start_from_the_answers(owner, evening, visits):
    page = owner.page
    owner.step = "start"
    page.reload()
    expect(page.locator("#rsvp-coming li")).to_have_count(4)
    expect(page.locator("#rsvp-waiting li")).to_have_text([ANSWERING[-1]])
    visits.check(page, "evening-answered")
    owner.tap(page.locator("form[action$='/start/'] button[type=submit]"))
    evening.refresh_from_db()
    assert evening.status == Status.IN_PROGRESS
    tables = TableSeat.objects.filter(round_table__evening=evening, round_table__round_number=1)
    assert sorted(seat.round_table.table for seat in tables) == [1, 1, 2, 2]
    visits.check(page, "evening-started")


def enter_points(owner, seat_one):
    """A heads-up hand by points: seat 1 typed, seat 2 offered; saved."""
    page = owner.page
    page.locator("#points-1").fill(str(seat_one))
    expect(page.locator("#points-2")).to_have_value(str(-seat_one))
    owner.tap(page.locator("#pad-save"), navigates=False)


def enter_boards(owner):
    """A heads-up hand by boards, typed into the row inputs, scored, saved; back to points."""
    page = owner.page
    owner.tap(page.locator('input[name="entry"][value="boards"]'), navigates=False)
    for position, rows in enumerate(BOARDS, 1):
        for row, cards in zip(("front", "middle", "back"), rows, strict=True):
            page.locator(f"#{row}-{position}").fill(cards.replace(" ", ""))
    owner.tap(page.locator("#pad-score"), navigates=False)
    expect(page.locator("#pad-preview")).to_be_visible()
    owner.tap(page.locator("#pad-save"), navigates=False)
    owner.tap(page.locator('input[name="entry"][value="points"]'), navigates=False)


def saved(page, count):
    expect(page.locator("#pad-hands tbody tr:not(.waiting)")).to_have_count(count)


def to_table(owner, round_number, table):
    """From a closed pad to another table: the evening, its score pad, the table."""
    page = owner.page
    owner.tap(page.locator("#pad-closed a").first)
    owner.tap(page.locator("main a[href$='/pad/']").first)
    if round_number == 1:
        owner.tap(page.locator(f"main a[href$='/rounds/1/tables/{table}/']"))
    else:
        owner.tap(page.locator(f'[data-same-table="{table}"]'))


def play_the_hands(owner, context, evening, visits, shots):
    """Round 1 at both tables (table 2 offline for two hands, reloaded meanwhile), then
    round 2 at the same seats, each table's first hand as boards. One phone walks from
    table to table, as the evening's scorekeeper would."""
    page = owner.page
    owner.step = "pad"
    owner.tap(page.locator("main a[href$='/pad/']").first)
    visits.check(page, "round-1")
    owner.tap(page.locator("main a[href$='/rounds/1/tables/1/']"))
    controlled(page)
    visits.check(page, "pad")
    for number, points in enumerate(POINTS[(1, 1)], 1):
        enter_points(owner, points)
        saved(page, number)
    expect(page.locator("#pad-closed")).to_be_visible()

    to_table(owner, 1, 2)
    first, *cut = POINTS[(1, 2)]
    enter_points(owner, first)
    saved(page, 1)
    offline(context, True)
    enter_points(owner, cut[0])
    expect(page.locator("#pad-hands tbody tr.waiting")).to_have_count(1)
    page.reload()
    expect(page.locator(".offline-note")).to_be_visible()
    expect(page.locator("#pad-hands tbody tr.waiting")).to_have_count(1)
    shots(page, "first-week-5-pad-offline")
    enter_points(owner, cut[1])
    expect(page.locator("#pad-hands tbody tr.waiting")).to_have_count(2)
    offline(context, False)
    expect(page.locator("#pad-queue")).to_be_hidden(timeout=15000)
    saved(page, 3)
    expect(page.locator("#pad-closed")).to_be_visible()

    owner.tap(page.locator("#pad-closed a.primary"))  # the next round
    visits.check(page, "round-2")
    owner.tap(page.locator('[data-same-table="1"]'))
    for table in (1, 2):
        if table == 2:
            to_table(owner, 2, 2)
        for number, points in enumerate(POINTS[(2, table)], 1):
            if points is None:
                enter_boards(owner)
            else:
                enter_points(owner, points)
            saved(page, number)
        expect(page.locator("#pad-closed")).to_be_visible()
    visits.check(page, "pad-closed")


def stored_hands(evening):
    """(round, table, hand) -> (seat 1's points, seat 2's), as the server keeps them."""
    seats = {
        (chair.round_table_id, chair.evening_player_id): chair.position
        for chair in TableSeat.objects.filter(round_table__evening=evening)
    }
    hands = {}
    for hand in Hand.objects.filter(round_table__evening=evening).select_related("round_table"):
        by_seat = {
            seats[(hand.round_table_id, result.evening_player_id)]: result.points
            for result in hand.results.all()
        }
        key = (hand.round_table.round_number, hand.round_table.table, hand.number)
        assert key not in hands, f"hand {key} stored twice"
        hands[key] = (by_seat[1], by_seat[2]), hand.entry
    return hands


def finish_and_settle(owner, evening, visits, shots):
    page = owner.page
    owner.step = "finish"
    # The last table's pad offers the finish step; the evening page does too.
    owner.tap(page.locator("#pad-closed a.primary"))
    visits.check(page, "finish")
    shots(page, "first-week-6-finish")
    owner.tap(page.locator("#finish-evening"))
    evening.refresh_from_db()
    assert evening.status == Status.FINISHED
    expect(page.locator("#undo-finish")).to_be_visible()
    visits.check(page, "finished")

    owner.step = "settle"
    owner.tap(page.locator("form[action$='/settle/'] button"))
    expect(page.locator("section.evening-money li[data-transfer]").first).to_be_visible()
    with using_league(evening.league):
        assert Transfer.objects.filter(evening=evening).exists()
    visits.check(page, "settled")
    shots.element(page.locator("section.evening-money"), "first-week-7-settled")


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_strangers_first_week_in_one_go(live_server, browser, browser_context_args, language):
    context_args = {**browser_context_args, "locale": LANGUAGES[language]}
    taps, visits, shots = {}, Visits(), Shots(language)
    context = browser.new_context(**context_args)
    try:
        owner = Phone(context.new_page(), taps)
        league = sign_up_and_found(owner, live_server, language, visits)
        evening = paste_players_and_announce(owner, league, visits, shots)
        answer_by_group_link(browser, context_args, owner, visits, shots)
        start_from_the_answers(owner, evening, visits)
        play_the_hands(owner, context, evening, visits, shots)
        hands = stored_hands(evening)
        finish_and_settle(owner, evening, visits, shots)

        mail.outbox.clear()
        call_command("send_reminders", stdout=io.StringIO())
        # The result goes to the players who played and gave an address at the paste.
        assert sorted(message.to[0] for message in mail.outbox) == [
            "anna@example.org",
            "ben@example.org",
            "carla@example.org",
        ]
        assert all(evening.get_absolute_url() in message.body for message in mail.outbox)

        page = owner.page
        image = page.locator('meta[property="og:image"]').get_attribute("content")
        card = page.request.get(image)
        assert card.status == 200 and card.headers["content-type"] == "image/png"
        shots.image(card.body(), "first-week-8-card")
    finally:
        context.close()

    print(f"\nFirst week ({language}): taps {taps}")
    entered = {}
    for (round_number, table), values in POINTS.items():
        for number, points in enumerate(values, 1):
            entered[(round_number, table, number)] = points
    assert sorted(hands) == sorted(entered)
    for key, points in entered.items():
        (one, two), entry = hands[key]
        if points is None:
            assert entry == "boards" and one == -two != 0, key
        else:
            assert (one, two, entry) == (points, -points, "points"), key
    assert taps == TAPS
    assert visits.findings == {name: [] for name in visits.findings}
