"""Issue 35, point 4: finishing is a step one sees, on the pad and on the evening page, with
one line of what it does, and an undo that restores exactly the state before, while nobody
has changed the evening since."""

import uuid

import pytest
from django.core.exceptions import ValidationError

from ofcleague.league import services
from ofcleague.league.models import Evening, EveningPlayer, Status, Variant
from ofcleague.table import services as table_services
from ofcleague.table.services import ResultInput
from tests.factories import EveningFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def padded_evening(rounds=2, played=None):
    """An OFC evening being played on the pad: four players at one table, each round of two
    hands; ``played`` rounds (all by default) have their hands."""
    evening = EveningFactory(status="in_progress", rounds=rounds, hands_per_round=2)
    evening.variant = Variant.OFC
    evening.save()
    seats = [
        EveningPlayer.objects.create(evening=evening, player=PlayerFactory(name=name)).pk
        for name in ("Anna", "Bert", "Cleo", "Dora")
    ]
    for number in range(1, (rounds if played is None else played) + 1):
        table = table_services.seat_table(evening, number, 1, seats)
        for hand, values in enumerate(([6, -2, -2, -2], [-1, 3, -1, -1]), 1):
            results = [ResultInput(seat=s, points=v) for s, v in enumerate(values, 1)]
            table_services.record_hand(
                table, number=hand, client_id=uuid.uuid4(), entry="points", results=results
            )
    return Evening.objects.get(pk=evening.pk)


def state(evening):
    """Everything finishing may change, the version aside."""
    row = Evening.objects.filter(pk=evening.pk).values("status", "places_source", "pot").get()
    seats = list(
        EveningPlayer.objects.filter(evening=evening)
        .order_by("pk")
        .values("place", "total", "tie_break", "prize")
    )
    return row, seats


def test_finishing_and_undoing_restores_exactly_the_state_before(seeded):
    evening = padded_evening()
    before = state(evening)
    finished = services.finish_evening(evening, evening.version)
    assert finished.status == Status.FINISHED and finished.pot is not None
    assert services.undo_of(finished) is not None
    undone = services.undo_finish(finished, finished.version)
    assert undone.status == Status.IN_PROGRESS
    assert state(evening) == before
    assert services.undo_of(Evening.objects.get(pk=evening.pk)) is None


def test_finishing_is_refused_while_a_round_is_missing(seeded):
    evening = padded_evening(rounds=2, played=1)
    before = state(evening)
    assert services.finish_problems(evening)
    with pytest.raises(ValidationError):
        services.finish_evening(evening, evening.version)
    assert state(evening) == before


def test_no_undo_once_somebody_corrected_the_evening(seeded):
    evening = padded_evening()
    finished = services.finish_evening(evening, evening.version)
    pot = finished.pot
    services.set_prizes(finished, finished.version, pot, services.default_payouts(pot, 4))
    corrected = Evening.objects.get(pk=evening.pk)
    assert services.undo_of(corrected) is None
    before = state(evening)
    with pytest.raises(ValidationError):
        services.undo_finish(corrected, corrected.version)
    assert state(evening) == before


def test_an_evening_finished_by_its_points_page_has_no_undo(seeded):
    evening = padded_evening()
    _ids, points, tables = services.closing.stored_grid(evening)
    finished = services.finish_with_default_prizes(evening, evening.version, points, tables)
    assert services.undo_of(finished) is None


def test_the_evening_page_shows_the_step_and_its_undo(seeded, client, scorekeeper):
    evening = padded_evening()
    client.force_login(scorekeeper)
    page = client.get(evening.get_absolute_url()).content.decode()
    finish_url = f"/{evening.league.slug}/evenings/{evening.pk}/finish/"
    assert f'href="{finish_url}"' in page and 'class="hint finish-line"' in page
    assert "finish-step" in page
    step = client.get(finish_url)
    assert step.status_code == 200 and 'id="finish-evening"' in step.content.decode()
    done = client.post(finish_url, {"version": evening.version})
    assert done.status_code == 302
    assert Evening.objects.get(pk=evening.pk).status == Status.FINISHED
    page = client.get(evening.get_absolute_url()).content.decode()
    assert 'id="undo-finish"' in page
    finished = Evening.objects.get(pk=evening.pk)
    undo = client.post(f"{finish_url}undo/", {"version": finished.version})
    assert undo.status_code == 302
    assert Evening.objects.get(pk=evening.pk).status == Status.IN_PROGRESS


def test_the_pad_links_to_the_finish(seeded, client, scorekeeper):
    evening = padded_evening()
    client.force_login(scorekeeper)
    slug = evening.league.slug
    pad = client.get(f"/{slug}/evenings/{evening.pk}/rounds/2/tables/1/").content.decode()
    assert f'href="/{slug}/evenings/{evening.pk}/finish/"' in pad
    tables = client.get(f"/{slug}/evenings/{evening.pk}/rounds/2/").content.decode()
    assert f'href="/{slug}/evenings/{evening.pk}/finish/"' in tables


def test_the_finish_page_says_what_is_missing(seeded, client, scorekeeper):
    evening = padded_evening(rounds=2, played=1)
    client.force_login(scorekeeper)
    page = client.get(f"/{evening.league.slug}/evenings/{evening.pk}/finish/")
    html = page.content.decode()
    assert page.status_code == 200 and 'role="alert"' in html
    assert 'id="finish-evening"' not in html
