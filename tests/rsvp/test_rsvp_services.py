"""Announcing an evening, the answers and the waitlist, starting from the answers."""

import datetime
import random

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from ofcleague.league.invariants import league_problems
from ofcleague.league.leagues import League
from ofcleague.league.models import Evening, EveningPlayer, Status
from ofcleague.league.services.starting import propose_tables, table_sizes
from ofcleague.rsvp.invariants.answers import AnswerFacts, RsvpFacts, rsvp_problems
from ofcleague.rsvp.models import PlayerLink, Rsvp
from ofcleague.rsvp.services.answers import (
    announce_evening,
    answer_evening,
    cancel_evening,
    change_announcement,
    make_links,
    renew_link,
)
from ofcleague.rsvp.services.starting import start_and_seat
from ofcleague.table.models import RoundTable
from tests.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

T0 = timezone.now()


def _at(minutes):
    return T0 + datetime.timedelta(minutes=minutes)


def _holding(evening):
    return [
        r.player.name
        for r in Rsvp.objects.filter(evening=evening, answer="yes", waiting_since=None)
        .select_related("player")
        .order_by("answered_at")
    ]


def _waiting(evening):
    return [
        r.player.name
        for r in Rsvp.objects.filter(evening=evening, waiting_since__isnull=False)
        .select_related("player")
        .order_by("waiting_since")
    ]


def test_announce_makes_a_planned_evening_without_players(announced):
    assert announced.status == Status.PLANNED
    assert announced.most_seats == 6
    assert announced.announced_at is not None
    assert not league_problems()


def test_an_announcement_takes_the_leagues_defaults_where_it_names_none(owner):
    league = League.objects.get(pk=1)
    League.objects.filter(pk=1).update(
        rounds=2, hands_per_round=12, buy_in=5, start_time=datetime.time(20, 15)
    )
    league.refresh_from_db()
    day = timezone.localdate() + datetime.timedelta(days=3)
    evening = announce_evening(league, owner, date=day, most_seats=6, rounds=None)
    assert (evening.rounds, evening.hands_per_round) == (2, 12)
    assert (evening.buy_in, evening.start_time) == (5, datetime.time(20, 15))
    given = announce_evening(league, owner, date=day, most_seats=6, rounds=4, hands_per_round=9)
    assert (given.rounds, given.hands_per_round) == (4, 9)


def test_only_owner_and_scorekeepers_announce(db):
    with pytest.raises(PermissionDenied):
        announce_evening(
            League.objects.get(pk=1),
            UserFactory(),
            date=timezone.localdate(),
            start_time=datetime.time(19),
            most_seats=6,
        )
    assert not Evening.objects.exists()


@pytest.mark.parametrize(
    ("variant", "seats", "ok"),
    [("pineapple", 12, True), ("pineapple", 13, False), ("ofc", 16, True), ("ofc", 1, False)],
)
def test_the_seats_follow_the_rule_sets_tables(owner, variant, seats, ok):
    def announce():
        return announce_evening(
            League.objects.get(pk=1),
            owner,
            date=timezone.localdate(),
            start_time=datetime.time(23, 59),
            variant=variant,
            most_seats=seats,
        )

    if ok:
        assert announce().most_seats == seats
    else:
        with pytest.raises(ValidationError) as error:
            announce()
        assert "most_seats" in error.value.message_dict
        assert not Evening.objects.exists()


def test_an_evening_in_the_past_or_a_deadline_after_the_start_is_refused(owner):
    league = League.objects.get(pk=1)
    with pytest.raises(ValidationError):
        announce_evening(
            league,
            owner,
            date=timezone.localdate() - datetime.timedelta(days=1),
            start_time=datetime.time(19),
            most_seats=6,
        )
    with pytest.raises(ValidationError):
        day = timezone.localdate() + datetime.timedelta(days=2)
        announce_evening(
            league,
            owner,
            date=day,
            start_time=datetime.time(19),
            most_seats=6,
            rsvp_until=timezone.make_aware(datetime.datetime.combine(day, datetime.time(20))),
        )
    assert not Evening.objects.exists()


def test_yes_beyond_the_seats_waits_and_moves_up_when_someone_cancels(announced, eight):
    for minute, player in enumerate(eight):
        answer_evening(announced, player, "yes", now=_at(minute))
    assert _holding(announced) == [p.name for p in eight[:6]]
    assert _waiting(announced) == [eight[6].name, eight[7].name]
    assert not league_problems()
    answer_evening(announced, eight[2], "no", "Sorry, krank", now=_at(20))
    assert eight[6].name in _holding(announced)
    assert _waiting(announced) == [eight[7].name]
    assert not league_problems()


def test_a_yes_again_keeps_its_seat_and_a_maybe_frees_it(announced, eight):
    for minute, player in enumerate(eight[:7]):
        answer_evening(announced, player, "yes", now=_at(minute))
    answer_evening(announced, eight[0], "yes", "later", now=_at(30))
    assert eight[0].name in _holding(announced)
    assert Rsvp.objects.get(player=eight[0]).remark == "later"
    answer_evening(announced, eight[1], "maybe", now=_at(31))
    assert _waiting(announced) == []
    assert eight[6].name in _holding(announced)


def test_more_seats_let_the_waiting_move_up_fewer_than_held_are_refused(announced, eight):
    for minute, player in enumerate(eight):
        answer_evening(announced, player, "yes", now=_at(minute))
    with pytest.raises(ValidationError):
        change_announcement(announced, announced_owner(announced), most_seats=4)
    change_announcement(
        Evening.objects.get(pk=announced.pk), announced_owner(announced), most_seats=8
    )
    assert len(_holding(announced)) == 8
    assert not league_problems()


def announced_owner(evening):
    from ofcleague.league.leagues import Membership

    return Membership.objects.get(league_id=evening.league_id, role="owner").user


def test_bad_answers_are_refused_and_nothing_is_written(announced, eight):
    with pytest.raises(ValidationError):
        answer_evening(announced, eight[0], "perhaps")
    with pytest.raises(ValidationError):
        answer_evening(announced, eight[0], "yes", "x" * 141)
    assert not Rsvp.objects.exists()


def test_after_the_deadline_only_a_no_is_taken(announced, eight):
    Evening.objects.filter(pk=announced.pk).update(rsvp_until=_at(-5))
    with pytest.raises(ValidationError):
        answer_evening(announced, eight[0], "yes", now=_at(0))
    assert answer_evening(announced, eight[0], "no", now=_at(0)).answer == "no"


def test_a_cancelled_evening_takes_no_answers_and_keeps_the_ratings_quiet(announced, eight):
    cancel_evening(announced, announced_owner(announced))
    assert Evening.objects.get(pk=announced.pk).status == Status.CANCELLED
    with pytest.raises(ValidationError):
        answer_evening(announced, eight[0], "yes")
    assert not league_problems()


def test_links_are_made_once_and_renewing_revokes_the_old_one(announced, eight, owner):
    league = League.objects.get(pk=1)
    assert make_links(league, owner) == 8
    assert make_links(league, owner) == 0
    old = PlayerLink.objects.get(player=eight[0])
    new = renew_link(old, owner)
    old.refresh_from_db()
    assert old.revoked_at is not None and new.token != old.token
    assert PlayerLink.objects.filter(player=eight[0], revoked_at=None).get() == new


def test_start_from_answers_seats_two_tables_of_three(announced, eight, owner):
    for minute, player in enumerate(eight):
        answer_evening(announced, player, "yes", now=_at(minute))
    tables = start_and_seat(announced, owner, "random", random.Random(1))
    evening = Evening.objects.get(pk=announced.pk)
    assert evening.status == Status.IN_PROGRESS
    assert sorted(len(t) for t in tables) == [3, 3]
    assert EveningPlayer.objects.filter(evening=evening).count() == 6
    assert RoundTable.objects.filter(evening=evening, round_number=1).count() == 2
    # Announced for next week and started now, it is today's evening.
    assert evening.date == timezone.localdate() < announced.date
    assert evening.version > announced.version
    assert not league_problems()


def test_start_needs_two_yeses(announced, eight, owner):
    answer_evening(announced, eight[0], "yes")
    with pytest.raises(ValidationError):
        start_and_seat(announced, owner)
    assert Evening.objects.get(pk=announced.pk).status == Status.PLANNED


@pytest.mark.parametrize(
    ("players", "most", "sizes"), [(6, 3, [3, 3]), (8, 4, [4, 4]), (7, 4, [4, 3]), (5, 3, [3, 2])]
)
def test_table_sizes(players, most, sizes):
    assert table_sizes(players, most) == sizes


def test_balanced_tables_share_the_strong_players():
    tables = propose_tables(
        list("abcdef"), 3, "balanced", dict(zip("abcdef", [6, 5, 4, 3, 2, 1], strict=True))
    )
    assert tables == [["a", "d", "e"], ["b", "c", "f"]]


def test_the_answer_rules():
    t = [_at(m) for m in range(5)]
    ok = RsvpFacts(
        1, "x", 1, (AnswerFacts(1, "yes", t[0], None), AnswerFacts(2, "yes", t[1], t[1]))
    )
    assert rsvp_problems(ok) == []
    too_many = RsvpFacts(
        1, "x", 1, (AnswerFacts(1, "yes", t[0], None), AnswerFacts(2, "yes", t[1], None))
    )
    assert rsvp_problems(too_many)
    free_seat = RsvpFacts(
        1, "x", 2, (AnswerFacts(1, "yes", t[0], None), AnswerFacts(2, "yes", t[1], t[1]))
    )
    assert rsvp_problems(free_seat)
    disorder = RsvpFacts(
        1,
        "x",
        1,
        (
            AnswerFacts(1, "yes", t[0], None),
            AnswerFacts(2, "yes", t[3], t[1]),
            AnswerFacts(3, "yes", t[2], t[2]),
        ),
    )
    assert rsvp_problems(disorder)
    maybe_waits = RsvpFacts(
        1, "x", 1, (AnswerFacts(1, "yes", t[0], None), AnswerFacts(2, "maybe", t[1], t[1]))
    )
    assert rsvp_problems(maybe_waits)


def test_foreign_player_is_refused(announced):
    other = League.objects.create(name="Other", slug="other-league")
    stranger = PlayerFactory(name="Fremd", league=other)
    with pytest.raises(ValidationError):
        answer_evening(announced, stranger, "yes")


def test_a_merge_moves_the_answers_and_frees_a_doubled_seat(announced, eight, owner):
    from ofcleague.league.services.merging import merge_players

    for minute, player in enumerate(eight[:7]):
        answer_evening(announced, player, "yes", now=_at(minute))
    PlayerLink.objects.create(player=eight[1])
    merge_players(League.objects.get(pk=1), eight[0], eight[1], owner)
    assert Rsvp.objects.filter(evening=announced).count() == 6
    assert eight[6].name in _holding(announced)
    assert PlayerLink.objects.get().player == eight[0]
    assert not league_problems()
