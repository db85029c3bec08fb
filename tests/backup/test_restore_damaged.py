"""A damaged backup of any shape is refused in one line on stderr, exit status 1, and the
database stays as it was: cut short, not JSON, JSON of another shape, values of the wrong type,
ids too large for any column, nesting deep enough to break the parser, no file at all."""

from __future__ import annotations

import copy
import gzip
import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ofcleague.backup.writing import backup_models
from ofcleague.league.models import Evening, Player, PrizeShare
from tests.backup.test_backup import snapshot, wipe
from tests.backup.test_restore import take_backup
from tests.conftest import run_manage
from tests.factories import EveningFactory, EveningPlayerFactory, RoundScoreFactory, UserFactory


@pytest.fixture
def good_backup(seeded, tmp_path):
    """The objects of a sound backup of an evening (12, -4, -8 in one round) and an account,
    which the database no longer holds."""
    evening = EveningFactory(rounds=1)
    for place, value in enumerate([12, -4, -8], start=1):
        seat = EveningPlayerFactory(evening=evening, place=place, total=value)
        RoundScoreFactory(evening_player=seat, round_number=1, points=value)
    UserFactory(username="anna")
    objects = take_backup(tmp_path)
    wipe()
    return objects


def packed(value) -> bytes:
    return gzip.compress(value if isinstance(value, bytes) else json.dumps(value).encode())


def first(objects, model):
    return next(item for item in objects if item["model"] == model)


def edited(objects, model, **fields):
    """The backup with the first row of ``model`` given these field values."""
    objects = copy.deepcopy(objects)
    first(objects, model)["fields"].update(fields)
    return packed(objects)


def with_pk(objects, model, pk):
    objects = copy.deepcopy(objects)
    if pk is _MISSING:
        del first(objects, model)["pk"]
    else:
        first(objects, model)["pk"] = pk
    return packed(objects)


_MISSING = object()
DEEP = 100_000
NESTED = json.loads("[" * 500 + "]" * 500)

# Each shape turns the sound backup's objects into the bytes of a damaged file.
SHAPES = {
    "cut-short": lambda o: packed(o)[: len(packed(o)) // 2],
    "json-cut-short": lambda o: packed(json.dumps(o).encode()[:-40]),
    "not-json": lambda o: packed(b"evening,player,points\n1,Anna,12\n"),
    "empty-file": lambda o: b"",
    "empty-gzip": lambda o: packed(b""),
    "only-spaces": lambda o: packed(b"   \n "),
    "binary-junk": lambda o: bytes(range(256)) * 8,
    "gzip-of-an-image": lambda o: packed(b"\x89PNG\r\n\x1a\n" + bytes(range(256))),
    "gzip-of-utf16": lambda o: packed(json.dumps(o).encode("utf-16")),
    "gzip-then-junk": lambda o: packed(o) + b"trailing junk",
    "list-of-strings": lambda o: packed(["league.evening", "league.player"]),
    "an-object": lambda o: packed({"model": "league.evening", "pk": 1, "fields": {}}),
    "a-number": lambda o: packed(42),
    "empty-list": lambda o: packed([]),
    "row-without-model": lambda o: packed([{"pk": 1, "fields": {}}]),
    "row-without-fields": lambda o: packed([{"model": "league.evening", "pk": 1}]),
    "fields-a-list": lambda o: packed([{"model": "league.evening", "pk": 1, "fields": []}]),
    "model-a-number": lambda o: packed([{"model": 7, "pk": 1, "fields": {}}]),
    "unknown-model": lambda o: packed([{"model": "league.nonsense", "pk": 1, "fields": {}}]),
    "model-not-backed-up": lambda o: packed(
        [{"model": "auth.permission", "pk": 1, "fields": {"codename": "x"}}]
    ),
    "unknown-field": lambda o: edited(o, "league.evening", colour="red"),
    "string-for-int": lambda o: edited(o, "league.evening", rounds="3"),
    "bool-for-int": lambda o: edited(o, "league.evening", rounds=True),
    "float-for-int": lambda o: edited(o, "league.evening", rounds=3.5),
    "null-for-int": lambda o: edited(o, "league.evening", rounds=None),
    "list-for-text": lambda o: edited(o, "league.evening", notes=["corrected"]),
    "object-for-text": lambda o: edited(o, "league.evening", notes={"a": 1}),
    "int-for-text": lambda o: edited(o, "league.player", name=12),
    "int-for-date": lambda o: edited(o, "league.evening", date=20160101),
    "no-date": lambda o: edited(o, "league.evening", date="yesterday"),
    "nan-for-money": lambda o: edited(o, "league.evening", buy_in="NaN"),
    "list-for-money": lambda o: edited(o, "league.eveningplayer", prize=["5.00"]),
    "word-for-money": lambda o: edited(o, "league.eveningplayer", prize="five"),
    "string-for-bool": lambda o: edited(o, "league.player", active="yes"),
    "nan-for-rating": lambda o: edited(o, "league.eveningplayer", mu_after=float("nan")),
    "nul-in-text": lambda o: edited(o, "league.evening", notes="before\x00after"),
    "lone-surrogate": lambda o: edited(o, "league.evening", notes="\ud800"),
    "string-for-link": lambda o: edited(o, "league.eveningplayer", evening="first"),
    "list-for-link": lambda o: edited(o, "league.eveningplayer", player=[1, 2]),
    "bool-for-link": lambda o: edited(o, "league.eveningplayer", evening=True),
    "link-beyond-64-bits": lambda o: edited(o, "league.eveningplayer", evening=2**70),
    "int-beyond-64-bits": lambda o: edited(o, "league.historicalevening", id=2**64),
    "unknown-account": lambda o: edited(o, "league.historicalevening", history_user=["nobody"]),
    "account-an-object": lambda o: edited(
        o, "league.historicalevening", history_user={"username": "anna"}
    ),
    "unknown-permission": lambda o: edited(
        o, "auth.group", permissions=[["no_such_thing", "league", "evening"]]
    ),
    "permissions-a-string": lambda o: edited(o, "auth.group", permissions="enter_results"),
    "id-a-string": lambda o: with_pk(o, "league.evening", "1"),
    "id-a-list": lambda o: with_pk(o, "league.evening", [1]),
    "id-missing": lambda o: with_pk(o, "league.evening", _MISSING),
    "id-beyond-64-bits": lambda o: with_pk(o, "league.evening", 2**64),
    "id-of-5000-digits": lambda o: packed(
        json.dumps(o).replace('"pk": 1,', '"pk": ' + "9" * 5000 + ",", 1).encode()
    ),
    "id-twice": lambda o: packed(o + [first(o, "league.player")]),
    "nested-100000-deep-open": lambda o: packed(b"[" * DEEP),
    "nested-100000-deep-closed": lambda o: packed(b"[" * DEEP + b"]" * DEEP),
    "nested-in-a-field": lambda o: edited(o, "league.evening", notes=NESTED),
}


def refused_on_the_command_line(path, capsys) -> str:
    """Run ``manage.py restore path`` as the shell would; return its one line on stderr."""
    capsys.readouterr()
    with pytest.raises(SystemExit) as exit:
        run_manage("restore", str(path))
    assert exit.value.code == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Nothing was restored" in lines[0] or "backup" in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("shape", SHAPES.values(), ids=SHAPES.keys())
def test_a_damaged_backup_is_refused_in_one_line_and_writes_nothing(
    good_backup, tmp_path, capsys, shape
):
    path = tmp_path / "damaged.json.gz"
    path.write_bytes(shape(good_backup))
    before = snapshot()
    refused_on_the_command_line(path, capsys)
    assert snapshot() == before


def test_the_sound_backup_the_shapes_start_from_restores(good_backup, tmp_path):
    path = tmp_path / "sound.json.gz"
    path.write_bytes(packed(good_backup))
    call_command("restore", str(path), stdout=io.StringIO())
    assert Evening.objects.count() == 1


@pytest.mark.parametrize(
    ("name", "message"),
    [("missing.json.gz", "No backup at"), ("a-folder", "is a folder")],
)
def test_a_missing_file_or_a_folder_is_refused_in_one_line(seeded, tmp_path, capsys, name, message):
    (tmp_path / "a-folder").mkdir()
    before = snapshot()
    line = refused_on_the_command_line(tmp_path / name, capsys)
    assert message in line
    assert snapshot() == before


# Random JSON: scalars, lists and objects, and lists of rows of the backed-up models whose
# fields (real names and made-up ones) hold random values.
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text(max_size=12)
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@st.composite
def rows(draw):
    model = draw(st.sampled_from(backup_models()))
    names = [field.name for field in model._meta.concrete_fields] + ["colour"]
    fields = draw(st.dictionaries(st.sampled_from(names), JSON, max_size=4))
    return {"model": model._meta.label_lower, "pk": draw(JSON), "fields": fields}


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(content=JSON | st.lists(rows(), min_size=1, max_size=4))
def test_random_json_is_refused_in_one_line_or_restored_never_crashes(seeded, tmp_path, content):
    path = tmp_path / "random.json.gz"
    path.write_bytes(packed(content))
    restores_or_refuses_in_one_line(path)


def restores_or_refuses_in_one_line(path):
    """Restore ``path`` in a transaction rolled back afterwards: it restores, or it refuses in
    one line leaving the database as it was; nothing else."""
    with transaction.atomic():
        try:
            call_command("restore", str(path), stdout=io.StringIO())
        except CommandError as error:
            assert "\n" not in str(error)
            assert not Evening.objects.exists() and not Player.objects.exists()
            assert PrizeShare.objects.count() == 2
        transaction.set_rollback(True)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_sound_backup_with_one_random_value_restores_or_is_refused_in_one_line(
    good_backup, tmp_path, data
):
    objects = copy.deepcopy(good_backup)
    item = data.draw(st.sampled_from(objects), label="row")
    names = sorted(item["fields"]) + ["pk"]
    name = data.draw(st.sampled_from(names), label="field")
    value = data.draw(JSON, label="value")
    if name == "pk":
        item["pk"] = value
    else:
        item["fields"][name] = value
    path = tmp_path / "one-value.json.gz"
    path.write_bytes(packed(objects))
    restores_or_refuses_in_one_line(path)
