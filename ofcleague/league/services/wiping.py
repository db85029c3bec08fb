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
from ofcleague.league.models import Evening, Player


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


def _owned_history(histories: dict, evening_ids: set[int]) -> dict:
    """The ids of every row ever recorded under the league's evenings (deleted ones too):
    the evenings, then whatever points to those (seats, tables), then to those, and so on."""
    owned = {Evening: set(evening_ids)}
    changed = True
    while changed:
        changed = False
        for model, history in histories.items():
            for field in model._meta.concrete_fields:
                parents = owned.get(field.related_model) if field.is_relation else None
                if not parents:
                    continue
                ids = set(
                    history.objects.filter(**{f"{field.attname}__in": parents}).values_list(
                        "id", flat=True
                    )
                )
                if not ids <= owned.setdefault(model, set()):
                    owned[model] |= ids
                    changed = True
    return owned


def _forget_history(doomed: dict, evening_ids: set[int]) -> None:
    """Delete the history records of the deleted rows and of everything the league's
    evenings ever held (deleted evenings included)."""
    histories = _history_models()
    owned = _owned_history(histories, evening_ids)
    for model, history in histories.items():
        ids = doomed.get(model, set()) | owned.get(model, set())
        if ids:
            history.objects.filter(id__in=ids).delete()
