"""manage.py restore refuses every bad backup with one line and writes nothing; load_history and
restore give rows without history a starting record; two restores at once never crash."""

import gzip
import json
import threading
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from ofcleague.backup.starting_history import LOADED_FROM_HISTORY, RESTORED_FROM_BACKUP
from ofcleague.league import invariants, services
from ofcleague.league.models import Evening, EveningPlayer, Player, PrizeShare, RoundScore
from ofcleague.standings import kept as kept_module
from ofcleague.standings.kept.models import Standing
from tests.backup.test_backup import wipe
from tests.conftest import run_manage
from tests.factories import EveningFactory, EveningPlayerFactory, RoundScoreFactory

TRACKED = (Evening, EveningPlayer, RoundScore)


@pytest.fixture
def small_league(db):
    """A finished evening with round points (12, -4, -8) and a two-player evening whose
    finishing order was entered, with a pot of 20 € paid out 15/5."""
    points = EveningFactory(rounds=1)
    for place, value in enumerate([12, -4, -8], start=1):
        seat = EveningPlayerFactory(evening=points, place=place, total=value)
        RoundScoreFactory(evening_player=seat, round_number=1, points=value)
    entered = EveningFactory(places_source="entered", pot=Decimal("20.00"))
    for place, prize in enumerate(["15.00", "5.00"], start=1):
        EveningPlayerFactory(evening=entered, place=place, prize=Decimal(prize))
    return points, entered


def take_backup(tmp_path):
    target = tmp_path / "league.json.gz"
    call_command("backup", str(target), verbosity=0)
    return json.loads(gzip.decompress(target.read_bytes()))


def write(tmp_path, objects, name="edited.json.gz"):
    path = tmp_path / name
    path.write_bytes(gzip.compress(json.dumps(objects).encode()))
    return path


def row(objects, model, pk):
    return next(item for item in objects if item["model"] == model and item["pk"] == pk)


def label(evening):
    return f"Evening of {evening.date.isoformat()} (no. {evening.pk})"


def assert_refused(path, message):
    """Restore fails with one line holding ``message``, and the empty database stays as it was."""
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(path), verbosity=0)
    text = str(refused.value)
    assert message in text, text
    assert "\n" not in text
    assert not Evening.objects.exists() and not Player.objects.exists()
    assert PrizeShare.objects.count() == 2
    return text


def first_seat(evening):
    return evening.seats.get(place=1)


def sum_495(objects, points, entered):
    seat = first_seat(points)
    row(objects, "league.roundscore", seat.scores.get().pk)["fields"]["points"] = 507
    row(objects, "league.eveningplayer", seat.pk)["fields"]["total"] = 507
    return points, "round 1 adds up to +495, not zero."


def total_off(objects, points, entered):
    row(objects, "league.eveningplayer", first_seat(points).pk)["fields"]["total"] = 13
    return points, "a total differs from the sum of its round points."


def place_7(objects, points, entered):
    row(objects, "league.eveningplayer", first_seat(entered).pk)["fields"]["place"] = 7
    return entered, "a place lies outside 1 to 2."


def prize_too_high(objects, points, entered):
    row(objects, "league.eveningplayer", first_seat(entered).pk)["fields"]["prize"] = "150000.00"
    return entered, "prize '150000.00' is refused: Ensure this value is less than or equal to"


def prize_negative(objects, points, entered):
    row(objects, "league.eveningplayer", first_seat(entered).pk)["fields"]["prize"] = "-5.00"
    return entered, "prize '-5.00' is refused"


def prize_nine_digits(objects, points, entered):
    row(objects, "league.eveningplayer", first_seat(entered).pk)["fields"]["prize"] = "1234567.00"
    return entered, "no more than 8 digits"


def prize_nine_digits_in_history(objects, points, entered):
    seat = first_seat(entered).pk
    for item in objects:
        if item["model"] == "league.historicaleveningplayer" and item["fields"]["id"] == seat:
            item["fields"]["prize"] = "1234567.00"
    return entered, "no more than 8 digits"


def prizes_miss_the_pot(objects, points, entered):
    row(objects, "league.evening", entered.pk)["fields"]["pot"] = "25.00"
    return entered, "its prizes do not add up to the pot."


def hands_40000(objects, points, entered):
    row(objects, "league.evening", points.pk)["fields"]["hands_per_round"] = 40000
    return points, "hands_per_round 40000"


def date_2999(objects, points, entered):
    row(objects, "league.evening", points.pk)["fields"]["date"] = "2999-01-01"
    return None, "An evening can be planned at most a year ahead."


def unknown_field(objects, points, entered):
    row(objects, "league.evening", points.pk)["fields"]["colour"] = "red"
    return points, "has no 'colour'"


def seat_of_a_missing_evening(objects, points, entered):
    row(objects, "league.eveningplayer", first_seat(entered).pk)["fields"]["evening"] = 999
    return None, "The backup does not load:"


@pytest.mark.parametrize(
    "edit",
    [
        sum_495,
        total_off,
        place_7,
        prize_too_high,
        prize_negative,
        prize_nine_digits,
        prize_nine_digits_in_history,
        prizes_miss_the_pot,
        hands_40000,
        date_2999,
        unknown_field,
        seat_of_a_missing_evening,
    ],
)
def test_restore_refuses_a_broken_backup_naming_evening_and_rule(small_league, tmp_path, edit):
    objects = take_backup(tmp_path)
    evening, rule = edit(objects, *small_league)
    path = write(tmp_path, objects)
    wipe()
    text = assert_refused(path, rule)
    assert "Nothing was restored" in text
    if evening is not None:
        assert text.startswith(f"{label(evening)}: ")


def test_the_sound_small_league_restores(small_league, tmp_path):
    path = write(tmp_path, take_backup(tmp_path))
    wipe()
    call_command("restore", str(path), verbosity=0)
    assert Evening.objects.count() == 2 and RoundScore.objects.count() == 3


def test_after_a_restore_no_new_row_takes_the_id_of_a_deleted_evening(small_league, tmp_path):
    # The last evening made holds the highest ids of evenings, seats and scores.
    last = EveningFactory(rounds=1)
    for place, value in enumerate([5, -5], start=1):
        seat = EveningPlayerFactory(evening=last, place=place, total=value)
        RoundScoreFactory(evening_player=seat, round_number=1, points=value)
    seats = set(last.seats.values_list("pk", flat=True))
    scores = set(RoundScore.objects.filter(evening_player__in=seats).values_list("pk", flat=True))
    services.delete_evening(last, last.version)
    path = write(tmp_path, take_backup(tmp_path))
    wipe()
    call_command("restore", str(path), verbosity=0)

    new = EveningFactory(rounds=1)
    seat = EveningPlayerFactory(evening=new, place=1, total=0)
    score = RoundScoreFactory(evening_player=seat, round_number=1, points=0)
    assert new.pk > last.pk and seat.pk > max(seats) and score.pk > max(scores)
    # So the deleted evening is still listed, and comes back whole.
    assert last.pk in [record.id for record in services.deleted_evenings()]
    restored = services.restore_evening(last.pk)
    assert set(restored.seats.values_list("pk", flat=True)) == seats


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"this is no backup at all", "damaged or cut short"),
        (gzip.compress(b'[{"model": "league.evening", '), "JSON breaks off or is broken"),
        (gzip.compress(b"\xff\xfe garbage"), "does not hold UTF-8 text"),
        (gzip.compress(b'{"model": "league.evening"}'), "holds no list of rows"),
        (gzip.compress(b"[1, 2]"), "object 1 is not a table row"),
        (
            gzip.compress(b'[{"model": "league.nonsense", "pk": 1, "fields": {}}]'),
            "belongs to 'league.nonsense', which no backup holds",
        ),
    ],
    ids=["garbage", "json-cut-short", "not-utf8", "not-a-list", "not-rows", "unknown-model"],
)
def test_restore_refuses_a_file_that_is_no_backup(seeded, tmp_path, content, message):
    path = tmp_path / "backup.json.gz"
    path.write_bytes(content)
    assert_refused(path, message)


def test_restore_refuses_a_truncated_backup(small_league, tmp_path):
    call_command("backup", str(tmp_path / "league.json.gz"), verbosity=0)
    whole = (tmp_path / "league.json.gz").read_bytes()
    path = tmp_path / "cut.json.gz"
    path.write_bytes(whole[: len(whole) // 2])
    wipe()
    assert_refused(path, "damaged or cut short")


def test_refusal_on_the_command_line_is_one_line_and_exit_status_1(small_league, tmp_path, capsys):
    objects = take_backup(tmp_path)
    _, rule = sum_495(objects, *small_league)
    path = write(tmp_path, objects)
    wipe()
    with pytest.raises(SystemExit) as exit:
        run_manage("restore", str(path))
    assert exit.value.code == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.strip().count("\n") == 0 and rule in err


def test_load_history_writes_one_starting_record_per_row(history):
    for model in TRACKED:
        records = model.history.all()
        assert records.count() == model.objects.count()
        assert set(records.values_list("history_type", "history_change_reason")) <= {
            ("+", LOADED_FROM_HISTORY)
        }
    assert Evening.history.count() == 6 and EveningPlayer.history.count() == 34


def test_restore_adds_starting_records_only_where_the_backup_has_none(small_league, tmp_path):
    points, entered = small_league
    objects = take_backup(tmp_path)
    seats = set(entered.seats.values_list("pk", flat=True))
    objects = [
        item
        for item in objects
        if not (
            (item["model"] == "league.historicalevening" and item["fields"]["id"] == entered.pk)
            or (item["model"] == "league.historicaleveningplayer" and item["fields"]["id"] in seats)
        )
    ]
    kept = {model: model.history.count() for model in TRACKED}
    path = write(tmp_path, objects)
    wipe()

    call_command("restore", str(path), verbosity=0)

    started = Evening.history.filter(history_change_reason=RESTORED_FROM_BACKUP)
    assert list(started.values_list("id", "history_type")) == [(entered.pk, "+")]
    assert (
        set(
            EveningPlayer.history.filter(history_change_reason=RESTORED_FROM_BACKUP).values_list(
                "id", flat=True
            )
        )
        == seats
    )
    assert Evening.history.filter(id=points.pk).count() == 1
    # The dropped records were replaced by one starting record each, nothing duplicated.
    assert Evening.history.count() == kept[Evening]
    assert EveningPlayer.history.count() == kept[EveningPlayer]
    assert RoundScore.history.count() == kept[RoundScore]
    assert not RoundScore.history.filter(history_change_reason=RESTORED_FROM_BACKUP).exists()


@pytest.mark.django_db(transaction=True)
def test_two_restores_at_once_give_one_league_and_one_clear_refusal(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite lets one writer in at a time; the race needs PostgreSQL")
    points = EveningFactory(rounds=1)
    for place, value in enumerate([3, -3], start=1):
        seat = EveningPlayerFactory(evening=points, place=place, total=value)
        RoundScoreFactory(evening_player=seat, round_number=1, points=value)
    path = write(tmp_path, take_backup(tmp_path))
    wipe()
    start = threading.Barrier(2)
    outcomes = []

    def restore():
        try:
            start.wait()
            call_command("restore", str(path), verbosity=0)
            outcomes.append("restored")
        except CommandError as error:
            outcomes.append(str(error))
        except Exception as error:  # the crash this test is about
            outcomes.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=restore) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    # One restores; the other waits for it, then finds the database full (unserialized, the
    # second either crashed on a duplicate key or silently wrote over the first).
    assert len(outcomes) == 2 and outcomes.count("restored") == 1, outcomes
    refusal = next(outcome for outcome in outcomes if outcome != "restored")
    assert isinstance(refusal, str) and "only into an empty database" in refusal
    assert Evening.objects.count() == 1 and RoundScore.objects.count() == 2


def test_a_backup_from_before_name_keys_and_pots_restores(small_league, tmp_path):
    """Nightly backups written by the previous version lack the fields added since."""
    objects = take_backup(tmp_path)
    for item in objects:
        item["fields"].pop("name_key", None)
        if item["model"] == "league.evening":
            item["fields"].pop("pot", None)
    path = write(tmp_path, objects)
    wipe()
    call_command("restore", str(path), verbosity=0)
    assert sorted(Player.objects.values_list("name_key", flat=True)) == sorted(
        player.name.casefold() for player in Player.objects.all()
    )
    assert Evening.objects.get(places_source="entered").pot == Decimal("20.00")


def test_a_backup_with_the_counters_kept_as_text_restores_and_rebuilds_them(small_league, tmp_path):
    """Backups written before the kept counters became typed columns hold them as text (place
    counts "1:1", opponents beaten, the rating "position|mu|sigma", a year-0 row for all
    years): they are derived, so restore leaves them out and rebuilds them."""
    objects = [item for item in take_backup(tmp_path) if "total" not in item["model"]]
    kept = [item for item in objects if item["model"] == "standings.standing"]
    assert kept
    for item in kept:
        fields = item["fields"]
        fields["places"] = "1:1"
        fields["fair_parts"] = "2:1"
        fields["rating"] = "1|25.0|8.3"
        for name in ("opponents_beaten", "beaten_evenings", "mu", "sigma"):
            fields.pop(name, None)
    before = {(i["fields"]["player"], i["fields"]["year"]) for i in kept}
    path = write(tmp_path, objects)
    wipe()
    call_command("restore", str(path), verbosity=0)
    assert set(Standing.objects.values_list("player_id", "year")) == before
    assert kept_module.kept_matches_rebuild()
    assert invariants.league_problems() == []


def test_a_rule_added_to_the_invariants_refuses_a_restore_over_every_evening(
    small_league, tmp_path, capsys, monkeypatch
):
    """Restore checks the invariants as they are stated, over all evenings restored: a rule
    added to them (as tables' rules are) refuses a backup without any change to restore."""
    objects = take_backup(tmp_path)
    path = write(tmp_path, objects)
    wipe()
    checked = []

    def one_more_rule(facts, today=None):
        checked.append(facts.id)
        return ["a new rule is broken."]

    monkeypatch.setattr(invariants, "evening_problems", one_more_rule)
    with pytest.raises(SystemExit) as exit:
        run_manage("restore", str(path))
    assert exit.value.code == 1
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "a new rule is broken. Nothing was restored." in err
    assert sorted(checked) == sorted(
        item["pk"] for item in objects if item["model"] == "league.evening"
    )
    assert not Evening.objects.exists() and not Player.objects.exists()
