"""Numbers in URLs: beyond 64 bits no page exists (404), never a database overflow (500).

Every URL with a number in its path is tried, each number in turn replaced by one the
database cannot hold, with the others pointing at a real evening, round, table and hand.
"""

import datetime

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.converters import IntConverter

from ofcleague.league.models import EveningPlayer
from ofcleague.standings.counted.models import SeasonWindow
from ofcleague.table import services
from ofcleague.web.converters import IdConverter
from tests.factories import EveningFactory, PlayerFactory
from tests.table.conftest import points_hand

pytestmark = pytest.mark.django_db

#: Numbers no id, round, table, hand or year can be: 404 everywhere.
TOO_BIG = [str(2**63), str(2**64), "99999999999999999999999", str(10**30), "9" * 5000]


def numbered_urls(patterns=None, namespace=""):
    """(URL name, converters by argument) of every URL pattern with a converter."""
    found = []
    for entry in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            found += numbered_urls(entry.url_patterns, inner)
        elif isinstance(entry, URLPattern) and entry.name and entry.pattern.converters:
            found.append((f"{namespace}{entry.name}", entry.pattern.converters))
    return found


NUMBERED = [
    (name, argument)
    for name, converters in numbered_urls()
    for argument, converter in converters.items()
    if isinstance(converter, IdConverter | IntConverter)
]


@pytest.fixture
def real_arguments(db):
    """Path arguments that name a real evening, its round 1, table 1 and hand 1 (house OFC:
    four at a table)."""
    evening = EveningFactory(status="in_progress", rounds=3, hands_per_round=5, variant="ofc")
    seats = [
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name)).pk
        for name in ("Anna", "Bert", "Cleo", "Dora")
    ]
    table = services.seat_table(evening, 1, 1, seats)
    points_hand(table, 1, [5, -2, -2, -1])
    window = SeasonWindow.objects.create(
        name="2024", first_day=datetime.date(2024, 1, 1), last_day=datetime.date(2024, 12, 31)
    )
    return {
        "pk": evening.pk,
        "round_number": 1,
        "table": 1,
        "number": 1,
        "year": evening.date.year,
        "window": window.pk,
    }


def test_every_url_number_is_an_id():
    """No URL takes Django's unbounded ``int``: its numbers reach the database unchecked."""
    assert NUMBERED, "no numbered URLs found"
    for name, converters in numbered_urls():
        for argument, converter in converters.items():
            assert not isinstance(converter, IntConverter), f"{name}: <int:{argument}>"


@pytest.mark.parametrize("name,argument", NUMBERED)
@pytest.mark.parametrize("number", [TOO_BIG[0], TOO_BIG[-1]])
def test_a_number_beyond_64_bits_is_a_404(keeper_client, real_arguments, name, argument, number):
    kwargs = {key: real_arguments[key] for key in dict(numbered_urls())[name]}
    url = reverse(name, kwargs={**kwargs, argument: number})
    assert keeper_client.get(url).status_code == 404
    assert keeper_client.post(url, "{}", content_type="application/json").status_code == 404


@pytest.mark.parametrize("number", TOO_BIG)
def test_the_converter_refuses_what_no_column_holds(number):
    with pytest.raises(ValueError):
        IdConverter().to_python(number)


@pytest.mark.parametrize("text", ["0", "1", "007", "2026", str(2**63 - 1)])
def test_the_converter_reads_every_64_bit_number(text):
    assert IdConverter().to_python(text) == int(text)
    assert IdConverter().to_url(int(text)) == str(int(text))


@pytest.mark.parametrize("name,argument", NUMBERED)
def test_the_largest_64_bit_number_is_no_server_error(
    keeper_client, real_arguments, name, argument
):
    kwargs = {key: real_arguments[key] for key in dict(numbered_urls())[name]}
    url = reverse(name, kwargs={**kwargs, argument: 2**63 - 1})
    assert keeper_client.get(url).status_code < 500
    assert keeper_client.post(url, "{}", content_type="application/json").status_code < 500
