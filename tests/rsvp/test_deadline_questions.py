"""An answer deadline already past is refused with the reason and the input kept; a closed
evening offers only "I can't"; with two announced evenings on one personal link the answer
goes to the evening it was given for (issue 36, point 11)."""

import datetime
import re

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from ofcleague.league.leagues import League
from ofcleague.league.models import Evening
from ofcleague.rsvp.models import PlayerLink, Rsvp
from ofcleague.rsvp.services.answers import announce_evening, change_announcement

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_english")]

PASSED = "This deadline has passed already"


def _announce(owner, days, **more):
    return announce_evening(
        League.objects.get(pk=1),
        owner,
        date=timezone.localdate() + datetime.timedelta(days=days),
        start_time=datetime.time(19, 30),
        most_seats=6,
        **more,
    )


def test_a_deadline_in_the_past_is_refused_with_the_reason(owner):
    with pytest.raises(ValidationError) as error:
        _announce(owner, 5, rsvp_until=timezone.now() - datetime.timedelta(hours=1))
    assert PASSED in " ".join(error.value.message_dict["rsvp_until"])
    assert not Evening.objects.exists()


def test_the_announce_form_keeps_the_input_beside_the_reason(client, owner):
    client.force_login(owner)
    day = timezone.localdate() + datetime.timedelta(days=5)
    past = timezone.localtime() - datetime.timedelta(days=1)
    response = client.post(
        "/ofc-runde/evenings/announce/",
        {
            "date": day.isoformat(),
            "start_time": "19:30",
            "location": "At Eli's",
            "buy_in": "5",
            "variant": "classic",
            "rule_set": "",
            "most_seats": "5",
            "rsvp_until": past.strftime("%Y-%m-%dT%H:%M"),
            "notes": "",
        },
    )
    page = response.content.decode()
    assert response.status_code == 200 and PASSED in page
    assert 'value="At Eli&#x27;s"' in page or 'value="At Eli\'s"' in page
    assert not Evening.objects.exists()


def test_a_change_keeps_a_passed_deadline_but_refuses_a_new_one(owner):
    evening = _announce(owner, 5, rsvp_until=timezone.now() + datetime.timedelta(hours=1))
    later = timezone.now() + datetime.timedelta(hours=2)
    Evening.objects.filter(pk=evening.pk).update(rsvp_until=timezone.now())
    evening.refresh_from_db()
    kept = evening.rsvp_until
    change_announcement(evening, owner, location="Elsewhere", rsvp_until=kept, now=later)
    with pytest.raises(ValidationError) as error:
        change_announcement(
            evening, owner, rsvp_until=later - datetime.timedelta(minutes=5), now=later
        )
    assert PASSED in " ".join(error.value.message_dict["rsvp_until"])
    assert Evening.objects.get(pk=evening.pk).rsvp_until == kept


@pytest.fixture
def two_evenings(owner, eight):
    """Two announced evenings; the first's answers closed an hour ago."""
    closed = _announce(owner, 3, rsvp_until=timezone.now() + datetime.timedelta(hours=1))
    Evening.objects.filter(pk=closed.pk).update(
        rsvp_until=timezone.now() - datetime.timedelta(hours=1)
    )
    open_ = _announce(owner, 10)
    return closed, open_


def test_a_closed_evening_offers_no_yes_and_the_first_yes_is_the_open_ones(
    client, eight, two_evenings
):
    closed, open_ = two_evenings
    link = PlayerLink.objects.create(player=eight[0])
    page = client.get(f"/ofc-runde/rsvp/{link.token}/").content.decode()
    forms = re.findall(r'name="evening" value="(\d+)"(.*?)</form>', page, re.S)
    assert [int(pk) for pk, _body in forms] == [closed.pk, open_.pk]
    assert 'value="yes"' not in forms[0][1] and 'value="no"' in forms[0][1]
    assert 'value="yes"' in forms[1][1]
    assert f'id="answers-closed-{closed.pk}"' in page
    first_yes = page.index('value="yes"')
    assert page.rindex('name="evening"', 0, first_yes) == page.index(
        f'name="evening" value="{open_.pk}"'
    )


def test_the_answer_goes_to_the_evening_it_was_given_for(client, eight, two_evenings):
    closed, open_ = two_evenings
    link = PlayerLink.objects.create(player=eight[0])
    url = f"/ofc-runde/rsvp/{link.token}/"
    answered = client.post(url, {"evening": open_.pk, "answer": "yes"}, follow=True)
    assert list(Rsvp.objects.values_list("evening", "answer")) == [(open_.pk, "yes")]
    said = " ".join(str(message) for message in answered.context["messages"])
    assert "It counts for the evening of" in said
    refused = client.post(url, {"evening": closed.pk, "answer": "yes"}, follow=True)
    assert [m.level_tag for m in refused.context["messages"]] == ["error"]
    assert Rsvp.objects.count() == 1
