"""Issue #16's examples on the pages: the points page's merge after "changed meanwhile" keeps
rounds played at the tables read-only, the pad's pages render after corrections, and a restore
refuses a backup whose hands no longer make their round."""

import gzip
import json

import pytest
from django.core.management import CommandError
from django.urls import reverse

from ofcleague.backup.management.commands.backup import write_backup
from ofcleague.backup.management.commands.restore import restore_backup
from ofcleague.league.invariants import league_problems
from ofcleague.league.models import Evening, EveningPlayer, Player, RoundScore
from ofcleague.results.forms import points_name
from ofcleague.results.merge import keep_name
from ofcleague.table import evening as table_evening
from ofcleague.table import services
from ofcleague.table.models import Hand, HandResult, RoundTable
from tests.backup.test_backup import wipe
from tests.factories import PlayerFactory
from tests.table.conftest import points_hand, seat_ids
from tests.table.corrections import (
    chairs,
    correct,
    dealer_name,
    fresh,
    players_of,
    round_points,
    seat_of,
    stored_grid,
    without,
)

pytestmark = pytest.mark.django_db


# The points page after "changed meanwhile" ----------------------------------------------------


def posted(form) -> dict:
    """What the browser posts for a rendered points form (a 0 stays "0")."""
    values = {name: form[name].value() for name in form.fields}
    return {name: "" if value is None else value for name, value in values.items()}


def test_a_stale_points_page_offers_a_choice_only_for_typed_rounds(keeper, evening, table1):
    points_hand(table1, 1, [5, -2, -2, -1])
    anna, bert = seat_of(evening, "Anna").pk, seat_of(evening, "Bert").pk
    points, tables = stored_grid(evening)
    for seat, row in points.items():
        row[2] = {anna: 4, bert: -4}.get(seat, 0)
    table_evening.save_points_grid(fresh(evening), fresh(evening).version, points, tables)
    url = reverse("results:evening_points", args=[evening.pk])
    data = posted(keeper.get(url).context["form"])

    # Meanwhile: table 1 plays hand 2, and someone else corrects round 2.
    points_hand(table1, 2, [1, -1, 0, 0])
    points, tables = stored_grid(evening)
    points[anna][2], points[bert][2] = 6, -6
    table_evening.save_points_grid(fresh(evening), fresh(evening).version, points, tables)

    # The stale page changes round 1 (played at the tables) and round 2 (typed).
    data[points_name(anna, 1)], data[points_name(bert, 1)] = "99", "-99"
    data[points_name(anna, 2)], data[points_name(bert, 2)] = "5", "-5"
    data["save"] = "1"
    answer = keeper.post(url, data)
    assert answer.status_code == 200
    form = answer.context["form"]
    assert form.conflict_cells == [(anna, 2), (bert, 2)]
    assert keep_name(anna, 1) not in form.fields and keep_name(anna, 2) in form.fields
    # Round 1 shows what its hands make; nothing was saved.
    assert str(form[points_name(anna, 1)].value()) == "6"
    assert round_points(evening, 2)["Anna"] == (6, None)

    again = {**form.data.dict(), keep_name(anna, 2): "mine", keep_name(bert, 2): "mine"}
    assert keeper.post(url, again).status_code == 302
    assert round_points(evening, 2)["Anna"] == (5, None)
    assert round_points(evening, 1)["Anna"] == (6, 1)
    assert league_problems() == []


# The pages after the corrections --------------------------------------------------------------


def test_the_pages_render_after_a_latecomer_and_a_leaver(keeper, four):
    table = services.seat_table(four, 1, 1, seat_ids(four), first_dealer=2)
    points_hand(table, 1, [5, -2, -2, -1])
    correct(four, [*players_of(four), PlayerFactory(name="Emil")])
    correct(four, [*players_of(four), PlayerFactory(name="Fred")])
    ids = dict(EveningPlayer.objects.filter(evening=four).values_list("player__name", "pk"))
    first = services.seat_table(four, 2, 1, [ids["Emil"], ids["Anna"], ids["Bert"]])
    second = services.seat_table(four, 2, 2, [ids["Cleo"], ids["Dora"], ids["Fred"]], 3)
    # Fred goes home before round 2 starts: his chair goes, the button passes on to Cleo
    # (the last seat).
    correct(four, without(four, "Fred"))
    assert chairs(second) == ["Cleo", "Dora"] and dealer_name(second) == "Cleo"
    points_hand(first, 1, [3, -1, -2])
    assert league_problems() == []
    pages = [
        reverse("table:current", args=[four.pk]),
        reverse("table:round", args=[four.pk, 1]),
        reverse("table:round", args=[four.pk, 2]),
        reverse("table:pad", args=[four.pk, 1, 1]),
        reverse("table:pad", args=[four.pk, 2, 1]),
        reverse("table:pad", args=[four.pk, 2, 2]),
        reverse("table:sheet", args=[four.pk, 1, 1]),
        reverse("table:sheet", args=[four.pk, 2, 2]),
        reverse("table:live", args=[four.pk]),
        fresh(four).get_absolute_url(),
        reverse("results:evening_points", args=[four.pk]),
        reverse("results:evening_edit", args=[four.pk]),
    ]
    for url in pages:
        answer = keeper.get(url, follow=True)
        assert answer.status_code == 200, url
    assert b"Emil" in keeper.get(reverse("table:pad", args=[four.pk, 2, 1])).content


def edit_form_data(client, evening) -> dict:
    """What the edit page posts for the evening as it is."""
    form = client.get(reverse("results:evening_edit", args=[evening.pk])).context["form"]
    data = {name: form[name].value() for name in form.fields}
    return {name: "" if value is None else value for name, value in data.items()}


def test_the_edit_page_takes_two_seated_players_off_one_table(keeper, evening):
    table = services.seat_table(evening, 1, 1, seat_ids(evening)[:4])
    data = edit_form_data(keeper, evening)
    names = dict(evening.seats.values_list("player_id", "player__name"))
    data["players"] = [pk for pk in data["players"] if names[pk] not in ("Anna", "Cleo")]
    # Today a 500: the second leaver's table saves the first leaver's deleted chair.
    keeper.raise_request_exception = False
    answer = keeper.post(reverse("results:evening_edit", args=[evening.pk]), data)
    assert answer.status_code == 302
    assert chairs(table) == ["Bert", "Dora"]
    assert league_problems() == []


# Restoring a backup ---------------------------------------------------------------------------


def backup_of(tmp_path):
    path = tmp_path / "league.json.gz"
    write_backup(path)
    return path, json.loads(gzip.decompress(path.read_bytes()))


def write(path, objects):
    path.write_bytes(gzip.compress(json.dumps(objects).encode()))
    return path


def test_a_backup_with_a_hand_result_changed_is_refused_whole(evening, table1, tmp_path):
    points_hand(table1, 1, [5, -2, -2, -1])
    points_hand(table1, 2, [1, -1, 0, 0])
    path, objects = backup_of(tmp_path)
    result = next(item for item in objects if item["model"] == "table.handresult")
    result["fields"]["points"] += 1
    write(path, objects)
    wipe()
    with pytest.raises(CommandError) as refused:
        restore_backup(path)
    text = str(refused.value)
    assert "\n" not in text and "Nothing was restored." in text
    label = f"Evening of {evening.date.isoformat()} (no. {evening.pk})"
    assert text.startswith(f"{label}: round 1, table 1: hand 1 adds up to +1, not zero."), text
    assert not Evening.objects.exists() and not Player.objects.exists()
    assert not Hand.objects.exists() and not HandResult.objects.exists()
    assert not RoundTable.objects.exists()


def test_the_same_backup_unchanged_restores(evening, table1, tmp_path):
    points_hand(table1, 1, [5, -2, -2, -1])
    path, _objects = backup_of(tmp_path)
    wipe()
    restore_backup(path)
    assert HandResult.objects.count() == 4 and RoundScore.objects.count() == 8
    assert league_problems() == []
