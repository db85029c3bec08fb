"""Deleting a league with everything in it, its history records included.

The caller (``leagues.delete_league``) checks who asks and runs the transaction. The league's
evenings go first (with their seats, points, tables and hands, by cascade), then its players
(with their kept counters), then the league (with its memberships, prize split, seasons and
whatever else names it). The history records of every deleted row go too: a deleted league
leaves nothing behind that its evenings' change logs or a restore could bring back.
"""

from __future__ import annotations

from django.apps import apps
from django.db import DEFAULT_DB_ALIAS
from django.db.models.deletion import Collector
from simple_history.models import HistoricalChanges

from ofcleague.league.current import using_league
from ofcleague.league.leagues import League
from ofcleague.league.models import Evening, EveningPlayer, Player
from ofcleague.web.cache import invalidate_league_pages


def _history_models():
    """The history models and the models they record, by the recorded model."""
    return {
        model.instance_type: model
        for model in apps.get_models()
        if issubclass(model, HistoricalChanges) and hasattr(model, "instance_type")
    }


def _collected(queryset) -> dict:
    """The primary keys of every row deleting ``queryset`` would take, by model."""
    collector = Collector(using=DEFAULT_DB_ALIAS)
    collector.collect(list(queryset))
    found: dict = {}
    for model, instances in collector.data.items():
        found.setdefault(model, set()).update(instance.pk for instance in instances)
    return found


def wipe_league(league: League) -> None:
    """Delete ``league`` and everything of it, in the caller's transaction."""
    evenings = Evening._base_manager.filter(league=league)
    evening_ids = set(Evening.history.filter(league_id=league.pk).values_list("id", flat=True))
    evening_ids |= set(evenings.values_list("pk", flat=True))
    doomed = _collected(evenings)
    with using_league(league):
        for evening in evenings:
            evening.delete()
        Player._base_manager.filter(league=league).delete()
        League.objects.filter(pk=league.pk).delete()
        _forget_history(doomed, evening_ids)
        invalidate_league_pages()


def _forget_history(doomed: dict, evening_ids: set[int]) -> None:
    """Delete the history records of the deleted rows and of every evening the league ever
    had (deleted evenings included), with their seats' and points' records."""
    histories = _history_models()
    for model, pks in doomed.items():
        history = histories.get(model)
        if history is not None:
            history.objects.filter(id__in=pks).delete()
    seat_ids = set(
        EveningPlayer.history.filter(evening_id__in=evening_ids).values_list("id", flat=True)
    )
    for history in histories.values():
        fields = {field.attname for field in history._meta.concrete_fields}
        if "evening_id" in fields:
            history.objects.filter(evening_id__in=evening_ids).delete()
        if "evening_player_id" in fields:
            history.objects.filter(evening_player_id__in=seat_ids).delete()
    Evening.history.filter(id__in=evening_ids).delete()
