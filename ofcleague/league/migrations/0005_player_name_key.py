"""Player names are unique by ``name_key`` instead of ``Lower("name")``.

SQLite's ``LOWER()`` folds ASCII only, so ``ärger`` and ``ÄRGER`` could both exist there and
then break the move to PostgreSQL. The key is computed in Python (``names.name_key``), the
same on both databases.
"""

from django.db import migrations, models

from ofcleague.league.names import name_key


def fill_name_keys(apps, schema_editor):
    """Give every player the key of their name.

    The names stay as they are. Two existing players whose names share a key (``ärger`` and
    ``ÄRGER`` on SQLite, a look-alike made before this check) are left as two players: the
    later one gets its key suffixed with ``#`` and its id, so the constraint holds and nobody's
    evenings are merged without a person deciding. ``name_key__contains="#"`` finds them.
    """
    Player = apps.get_model("league", "Player")
    used = set()
    for player in Player.objects.order_by("pk"):
        key = name_key(player.name)
        if not key or key in used:
            key = f"{key}#{player.pk}"
        used.add(key)
        Player.objects.filter(pk=player.pk).update(name_key=key)


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0004_limits_and_pot"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="player",
            name="player_name_unique_ignoring_case",
        ),
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=models.CharField(default="", editable=False, max_length=120, verbose_name="name key"),
            preserve_default=False,
        ),
        migrations.RunPython(fill_name_keys, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                fields=("name_key",),
                name="player_name_key_unique",
                violation_error_message="A player with this name already exists.",
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.CheckConstraint(
                condition=models.Q(("name_key", ""), _negated=True),
                name="player_name_key_set",
            ),
        ),
    ]
