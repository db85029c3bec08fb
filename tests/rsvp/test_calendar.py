"""The league's calendar feed, an evening's .ics and a members-only league's private links:
parsed back by icalendar and by vobject, with the league's time zone."""

import datetime
import zoneinfo

import icalendar
import pytest
import vobject
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.models import Evening, Status
from ofcleague.rsvp.calendar_feeds import CalendarFeed
from ofcleague.rsvp.services.calendar_feeds import new_calendar_feed, revoke_calendar_feeds
from ofcleague.web.cache import invalidate_league_pages
from tests.factories import EveningFactory, UserFactory

pytestmark = pytest.mark.django_db

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")


@pytest.fixture
def evenings():
    planned = EveningFactory(
        date=datetime.date(2026, 7, 4),
        start_time=datetime.time(19, 30),
        status=Status.PLANNED,
        location="Bei Müller",
        notes="Bring Snacks",
    )
    finished = EveningFactory(date=datetime.date(2026, 1, 10), status=Status.FINISHED)
    return planned, finished


def events(body):
    return {str(event["UID"]): event for event in icalendar.Calendar.from_ical(body).walk("VEVENT")}


def test_the_feed_lists_the_evenings_in_the_leagues_time_zone(client, evenings):
    planned, finished = evenings
    response = client.get("/ofc-runde/calendar.ics")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    calendar = icalendar.Calendar.from_ical(response.content)
    zones = [str(zone["TZID"]) for zone in calendar.walk("VTIMEZONE")]
    assert zones == ["Europe/Berlin"]
    found = events(response.content)
    assert set(found) == {f"evening-{planned.pk}@testserver", f"evening-{finished.pk}@testserver"}
    event = found[f"evening-{planned.pk}@testserver"]
    start = event.decoded("DTSTART")
    assert start == datetime.datetime(2026, 7, 4, 19, 30, tzinfo=BERLIN)
    assert str(start.tzinfo) == "Europe/Berlin"
    assert event.decoded("DTEND") - start == datetime.timedelta(hours=5)
    assert str(event["LOCATION"]) == "Bei Müller"
    assert "Bring Snacks" in str(event["DESCRIPTION"])
    assert str(event["URL"]) == f"http://testserver/ofc-runde/evenings/{planned.pk}/"
    assert int(event["SEQUENCE"]) == planned.version
    assert str(event["STATUS"]) == "CONFIRMED"
    assert "DTSTART;TZID=Europe/Berlin:20260704T193000" in response.content.decode()


def test_a_second_parser_reads_the_feed_too(client, evenings):
    planned, _finished = evenings
    parsed = vobject.readOne(client.get("/ofc-runde/calendar.ics").content.decode())
    assert len(parsed.vevent_list) == 2
    assert parsed.vtimezone.tzid.value == "Europe/Berlin"
    event = next(e for e in parsed.vevent_list if e.uid.value == f"evening-{planned.pk}@testserver")
    start = event.dtstart.value
    assert start.utcoffset() == datetime.timedelta(hours=2)  # summer time in Berlin
    assert start.replace(tzinfo=None) == datetime.datetime(2026, 7, 4, 19, 30)
    assert event.location.value == "Bei Müller"


def test_an_update_moves_the_event_with_a_higher_sequence(client, evenings):
    planned, _finished = evenings
    first = client.get("/ofc-runde/calendar.ics")
    Evening.objects.filter(pk=planned.pk).update(
        start_time=datetime.time(20, 0), version=F("version") + 1
    )
    invalidate_league_pages(1)
    second = client.get("/ofc-runde/calendar.ics", HTTP_IF_NONE_MATCH=first["ETag"])
    assert second.status_code == 200
    before = events(first.content)[f"evening-{planned.pk}@testserver"]
    after = events(second.content)[f"evening-{planned.pk}@testserver"]
    assert int(after["SEQUENCE"]) == int(before["SEQUENCE"]) + 1
    assert after.decoded("DTSTART").hour == 20


def test_a_conditional_request_answers_304_from_one_query(client, evenings):
    first = client.get("/ofc-runde/calendar.ics")
    with CaptureQueriesContext(connection) as queries:
        again = client.get("/ofc-runde/calendar.ics", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert len(queries) == 1


def test_the_feed_costs_the_same_queries_for_more_evenings(client, evenings):
    # What a process reads once (other tests before it in a pytest-xdist worker, or none)
    # is read before counting.
    client.get("/ofc-runde/calendar.ics")
    invalidate_league_pages(1)
    with CaptureQueriesContext(connection) as few:
        client.get("/ofc-runde/calendar.ics")
    for day in range(1, 6):
        EveningFactory(date=datetime.date(2025, 2, day), status=Status.PLANNED)
    invalidate_league_pages(1)
    with CaptureQueriesContext(connection) as many:
        client.get("/ofc-runde/calendar.ics")
    assert len(many) == len(few)


def test_one_evenings_ics(client, evenings):
    planned, _finished = evenings
    response = client.get(f"/ofc-runde/evenings/{planned.pk}/calendar.ics")
    assert list(events(response.content)) == [f"evening-{planned.pk}@testserver"]
    assert client.get("/ofc-runde/evenings/99999/calendar.ics").status_code == 404


def test_a_cancelled_evening_shows_as_cancelled(client):
    evening = EveningFactory(
        date=datetime.date(2026, 9, 1), start_time=datetime.time(19), status=Status.CANCELLED
    )
    event = events(client.get("/ofc-runde/calendar.ics").content)[
        f"evening-{evening.pk}@testserver"
    ]
    assert str(event["STATUS"]) == "CANCELLED"
    assert int(event["SEQUENCE"]) == evening.version


def test_a_players_own_feed_holds_their_evenings_only(client, evenings):
    from ofcleague.league.models import EveningPlayer
    from ofcleague.rsvp.models import Answer, PlayerLink, Rsvp
    from tests.factories import PlayerFactory

    planned, finished = evenings
    other = EveningFactory(date=datetime.date(2026, 2, 7), status=Status.FINISHED)
    anna, bert = PlayerFactory(name="Anna"), PlayerFactory(name="Bert")
    EveningPlayer.objects.create(evening=finished, player=anna)
    EveningPlayer.objects.create(evening=other, player=bert)
    Rsvp.objects.create(
        evening=planned, player=anna, answer=Answer.MAYBE, answered_at=datetime.datetime.now(BERLIN)
    )
    link = PlayerLink.objects.create(player=anna)
    url = f"/ofc-runde/rsvp/{link.token}/calendar.ics"
    found = events(client.get(url).content)
    assert set(found) == {f"evening-{planned.pk}@testserver", f"evening-{finished.pk}@testserver"}
    page = client.get(f"/ofc-runde/rsvp/{link.token}/").content.decode()
    assert f"webcal://testserver{url}" in page
    PlayerLink.objects.filter(pk=link.pk).update(revoked_at=datetime.datetime.now(BERLIN))
    assert client.get(url).status_code == 404
    assert client.get("/ofc-runde/rsvp/unknown/calendar.ics").status_code == 404


def test_the_history_page_offers_the_webcal_link(client, evenings):
    html = client.get("/ofc-runde/history/").content.decode()
    assert 'href="webcal://testserver/ofc-runde/calendar.ics"' in html


@pytest.fixture
def private():
    league = League.objects.create(name="Geheim", slug="geheim", visibility="members")
    member = UserFactory()
    Membership.objects.create(league=league, user=member, role=Role.MEMBER)
    with using_league(league):
        night = EveningFactory(date=datetime.date(2026, 8, 1), status=Status.PLANNED)
    public = EveningFactory(date=datetime.date(2026, 8, 2), status=Status.PLANNED)
    return league, member, night, public


def test_a_members_only_feed_is_not_for_anonymous_visitors(client, private):
    _league, _member, night, _public = private
    for path in ("/geheim/calendar.ics", f"/geheim/evenings/{night.pk}/calendar.ics"):
        response = client.get(path)
        assert response.status_code == 302
        assert "BEGIN:VCALENDAR" not in response.content.decode()


def test_a_private_link_shows_its_league_and_no_other(client, private):
    league, member, night, public = private
    feed = new_calendar_feed(member, league)
    response = client.get(f"/calendar/{feed.token}.ics")
    assert response.status_code == 200
    assert "private" in response["Cache-Control"]
    assert list(events(response.content)) == [f"evening-{night.pk}@testserver"]
    # In the league's language (German), whatever the calendar app's.
    assert "Geheim: Pokerabend" in response.content.decode()
    again = client.get(f"/calendar/{feed.token}.ics", HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304


def test_a_revoked_or_unknown_link_is_no_page(client, private):
    league, member, _night, _public = private
    feed = new_calendar_feed(member, league)
    assert revoke_calendar_feeds(member, league) == 1
    assert client.get(f"/calendar/{feed.token}.ics").status_code == 404
    assert client.get("/calendar/not-a-token.ics").status_code == 404


def test_a_new_link_revokes_the_old_one(private):
    league, member, _night, _public = private
    old = new_calendar_feed(member, league)
    new = new_calendar_feed(member, league)
    old.refresh_from_db()
    assert old.revoked_at is not None and new.revoked_at is None
    assert old.token != new.token


def test_only_members_get_a_link(private):
    from django.core.exceptions import PermissionDenied

    league, _member, _night, _public = private
    with pytest.raises(PermissionDenied):
        new_calendar_feed(UserFactory(), league)
    assert not CalendarFeed.objects.exists()


def test_the_calendar_page_makes_and_revokes_the_members_link(client, private):
    league, member, _night, _public = private
    client.force_login(member)
    page = client.get("/geheim/calendar/")
    assert page.status_code == 200
    assert "webcal://" not in page.content.decode()
    client.post("/geheim/calendar/", {"action": "new"})
    feed = CalendarFeed.objects.get(created_by=member)
    html = client.get("/geheim/calendar/").content.decode()
    assert f"webcal://testserver/calendar/{feed.token}.ics" in html
    client.post("/geheim/calendar/", {"action": "revoke"})
    feed.refresh_from_db()
    assert feed.revoked_at is not None
    assert feed.token not in client.get("/geheim/calendar/").content.decode()


def test_a_league_named_calendar_is_refused():
    from ofcleague.league.leagues import RESERVED_SLUGS

    assert "calendar" in RESERVED_SLUGS


def test_a_planned_evenings_page_offers_its_ics(client, evenings):
    planned, finished = evenings
    ics = f"/ofc-runde/evenings/{planned.pk}/calendar.ics"
    assert ics in client.get(f"/ofc-runde/evenings/{planned.pk}/").content.decode()
    assert "calendar.ics" not in client.get(f"/ofc-runde/evenings/{finished.pk}/").content.decode()


def test_the_front_page_offers_the_webcal_link(client, evenings):
    html = client.get("/ofc-runde/").content.decode()
    assert 'href="webcal://testserver/ofc-runde/calendar.ics"' in html


def test_a_members_only_league_links_its_calendar_page_not_a_feed(client, private):
    league, member, _night, _public = private
    client.force_login(member)
    html = client.get("/geheim/history/").content.decode()
    assert 'href="/geheim/calendar/"' in html
    assert "webcal://" not in html


def test_a_feed_spanning_years_reads_the_same_in_icalendar_and_vobject(client):
    """Summer and winter evenings of 2016 to 2026: every start the same instant in both."""
    days = [datetime.date(year, month, 10) for year in range(2016, 2027) for month in (1, 7)]
    made = [EveningFactory(date=day, start_time=datetime.time(19, 30)) for day in days]
    body = client.get("/ofc-runde/calendar.ics").content
    # vobject keeps the first VTIMEZONE it read for a TZID (another test's feed): forget it.
    vars(vobject.icalendar)["__tzidMap"].clear()
    assert b"RDATE" not in body and b"RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3" in body
    by_icalendar = {
        str(e["UID"]): e.decoded("DTSTART").astimezone(datetime.UTC)
        for e in icalendar.Calendar.from_ical(body).walk("VEVENT")
    }
    by_vobject = {
        e.uid.value: e.dtstart.value.astimezone(datetime.UTC)
        for e in vobject.readOne(body.decode()).vevent_list
    }
    assert by_vobject == by_icalendar and len(by_icalendar) == len(made)
    for evening in made:
        expected = datetime.datetime.combine(evening.date, evening.start_time, tzinfo=BERLIN)
        assert by_vobject[f"evening-{evening.pk}@testserver"] == expected.astimezone(datetime.UTC)
