"""One live private calendar link per member and league (``0024`` revoked the doubled ones)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0024_revoke_dead_calendar_feeds"),
    ]

    operations = [
        migrations.AddConstraint(
            model_name="calendarfeed",
            constraint=models.UniqueConstraint(
                condition=models.Q(("revoked_at__isnull", True)),
                fields=("league", "created_by"),
                name="one_live_calendar_feed_per_member",
            ),
        ),
    ]
