"""Two people, one thing: both read a form, both change something different, both save.

Every form that changes a shared thing remembers what it showed (``web/stale.py``): the
later save finds the other person's change, shows the form again with both changes and
says so; saving that keeps both. Where both changed the same field, the later person is
told the value saved meanwhile. Never a silent loss.
"""

import datetime
from dataclasses import dataclass
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from ofcleague.league.leagues import League
from ofcleague.league.models import Evening, EveningPlayer, Player
from ofcleague.money.models import PairStake
from ofcleague.rsvp.services.answers import announce_evening
from tests.factories import EveningFactory, PlayerFactory, UserFactory, scorekeeper_of
from tests.page_forms import form_data

pytestmark = pytest.mark.django_db

MEANWHILE = "inzwischen gespeichert"


@pytest.fixture
def two_people(seeded):
    """Two owners of the first league, each on their own phone."""
    phones = []
    for name in ("eli", "gus"):
        client = Client()
        client.force_login(scorekeeper_of(UserFactory(username=name), role="owner"))
        phones.append(client)
    return phones


def _names():
    return [PlayerFactory(name=name) for name in ("Anna", "Bert", "Cleo", "Dora")]


def _announced():
    owner = scorekeeper_of(UserFactory(username="announcer"), role="owner")
    evening = announce_evening(
        League.objects.get(pk=1),
        owner,
        date=timezone.localdate() + datetime.timedelta(days=7),
        start_time=datetime.time(19, 30),
        location="Bei Micha",
        buy_in=10,
        variant="pineapple",
        rule_set="",
        most_seats=6,
        notes="",
    )
    return reverse("rsvp:evening_announce_edit", args=[evening.pk]), evening.pk


def _running():
    evening = EveningFactory(status="in_progress", rounds=3)
    for player in _names():
        EveningPlayer.objects.create(evening=evening, player=player)
    return evening


def _edit():
    evening = _running()
    return reverse("results:evening_edit", args=[evening.pk]), evening.pk


def _stakes():
    evening = _running()
    return reverse("money:evening_stakes", args=[evening.pk]), evening.pk


def _prizes():
    evening = EveningFactory(status="finished", rounds=3)
    for place, player in enumerate(_names(), 1):
        EveningPlayer.objects.create(evening=evening, player=player, place=place)
    return reverse("results:evening_prizes", args=[evening.pk]), evening.pk


def _settings():
    return reverse("leagueadmin:settings"), 1


def _pair_name(pk):
    anna, bert = (Player.objects.get(name=name).pk for name in ("Anna", "Bert"))
    return f"pair_{min(anna, bert)}_{max(anna, bert)}"


def _evening(pk):
    return Evening.objects.get(pk=pk)


@dataclass
class Case:
    """A form, the change of each person (field: value, or a function of the page's data),
    and what is stored after both saved."""

    name: str
    make: object
    first: object
    second: object
    stored: object
    # The field both change in the conflict test, and the two values they type.
    both: tuple


CASES = [
    Case(
        "announce",
        _announced,
        {"most_seats": "2"},
        {"location": "Bei Ute"},
        lambda pk: (_evening(pk).most_seats, _evening(pk).location) == (2, "Bei Ute"),
        ("notes", "Erst", "Zweit"),
    ),
    Case(
        "stakes",
        _stakes,
        {"stake": "0,50"},
        lambda pk, data: {_pair_name(pk): "1"},
        lambda pk: (
            _evening(pk).stake_per_point == Decimal("0.50")
            and PairStake.objects.filter(evening_id=pk).values_list("stake", flat=True).first() == 1
        ),
        ("stake", "0,50", "0,20"),
    ),
    Case(
        "league settings",
        _settings,
        {"buy_in": "25"},
        {"rounds": "4"},
        lambda pk: (
            (League.objects.get(pk=pk).buy_in, League.objects.get(pk=pk).rounds) == (Decimal(25), 4)
        ),
        ("name", "Erste Runde", "Zweite Runde"),
    ),
    Case(
        "evening edit",
        _edit,
        {"location": "Erst"},
        {"buy_in": "5"},
        lambda pk: (_evening(pk).location, _evening(pk).buy_in) == ("Erst", Decimal(5)),
        ("notes", "Erst", "Zweit"),
    ),
    Case(
        "prizes",
        _prizes,
        # 40 € paid 2:1 to places 1 and 2; each moves money between other places.
        lambda pk, data: {"pot": "50", "payout_1": str(Decimal(data["payout_1"][0]) + 10)},
        lambda pk, data: {
            "payout_2": str(Decimal(data["payout_2"][0]) - 3),
            "payout_3": str(Decimal(data["payout_3"][0]) + 3),
        },
        lambda pk: (
            sorted(EveningPlayer.objects.filter(evening_id=pk).values_list("place", "prize"))[:3]
            == [(1, Decimal("36.67")), (2, Decimal("10.33")), (3, Decimal("3.00"))]
        ),
        ("notes", None, None),
    ),
]


def _changed(case_change, pk, data):
    change = case_change(pk, data) if callable(case_change) else case_change
    changed = {name: list(values) for name, values in data.items()}
    changed.update({name: [value] for name, value in change.items()})
    return changed


def _read(phone, url):
    response = phone.get(url)
    assert response.status_code == 200
    return form_data(response)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_both_changes_are_kept(two_people, case):
    first, second = two_people
    url, pk = case.make()
    first_page, second_page = _read(first, url), _read(second, url)

    assert first.post(url, _changed(case.first, pk, first_page)).status_code == 302
    later = second.post(url, _changed(case.second, pk, second_page))

    # The later person is told, and shown the form with the other person's change in.
    assert later.status_code == 200
    assert MEANWHILE in later.content.decode()
    merged = form_data(later)
    assert not case.stored(pk)
    # Saving that form again keeps both changes.
    assert second.post(url, merged).status_code == 302
    assert case.stored(pk)


CONFLICTS = [case for case in CASES if case.both[1] is not None]


@pytest.mark.parametrize("case", CONFLICTS, ids=[case.name for case in CONFLICTS])
def test_a_field_both_changed_is_named_with_the_value_saved_meanwhile(two_people, case):
    first, second = two_people
    url, pk = case.make()
    name, mine, theirs = case.both
    first_page, second_page = _read(first, url), _read(second, url)
    assert first.post(url, _changed({name: mine}, pk, first_page)).status_code == 302

    later = second.post(url, _changed({name: theirs}, pk, second_page))

    assert later.status_code == 200
    text = later.content.decode()
    assert f"geändert zu „{mine}“" in text
    merged = form_data(later)
    assert merged[name] == [theirs]
    # Nothing of the later page was saved: the first person's value is stored.
    assert second.post(url, merged).status_code == 302
    again = _read(second, url)
    assert again[name] == [theirs]


def test_the_evening_form_shown_again_carries_the_other_persons_values(two_people):
    """Point 18: saving the re-shown form never puts back what the other person changed."""
    first, second = two_people
    url, pk = _edit()
    first_page, second_page = _read(first, url), _read(second, url)
    first.post(url, _changed({"buy_in": "25", "location": "Bei Hal"}, pk, first_page))

    later = second.post(url, _changed({"notes": "Hal bringt Karten"}, pk, second_page))

    merged = form_data(later)
    assert merged["buy_in"] == ["25.00"] or merged["buy_in"] == ["25"]
    assert merged["location"] == ["Bei Hal"]
    assert merged["notes"] == ["Hal bringt Karten"]
    second.post(url, merged)
    evening = _evening(pk)
    assert (evening.buy_in, evening.location, evening.notes) == (
        Decimal(25),
        "Bei Hal",
        "Hal bringt Karten",
    )


def test_a_rename_after_another_is_told_about_it_and_asked(two_people):
    """Point 19: the later rename names the earlier one and goes through only when sent
    again."""
    first, second = two_people
    anna = PlayerFactory(name="Anna")
    url = reverse("leagueadmin:players")
    first_page = form_data(first.get(url), "rename-name")
    second_page = form_data(second.get(url), "rename-name")
    rename = {"rename-player": [str(anna.pk)]}
    assert first.post(url, {**first_page, **rename, "rename-name": ["Anne"]}).status_code == 302

    later = second.post(url, {**second_page, **rename, "rename-name": ["Annika"]})

    assert later.status_code == 200
    assert "„Anna“ in „Anne“ umbenannt" in later.content.decode()
    anna.refresh_from_db()
    assert anna.name == "Anne"
    asked = form_data(later, "rename-name")
    assert asked["rename-name"] == ["Annika"]
    assert second.post(url, asked).status_code == 302
    anna.refresh_from_db()
    assert anna.name == "Annika"
