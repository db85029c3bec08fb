"""Private calendar links end with the membership: the links of accounts that are no member
of their league any more (nor a superuser), or are deactivated, are revoked; of a member's
several live links to one league (two renewals at once) all but the newest. The next
migration makes the database keep one live link per member and league."""

from django.conf import settings
from django.db import migrations
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone


def revoke_dead_and_doubled_feeds(apps, schema_editor):
    CalendarFeed = apps.get_model("league", "CalendarFeed")
    Membership = apps.get_model("league", "Membership")
    now = timezone.now()
    live = CalendarFeed.objects.filter(revoked_at__isnull=True)
    membership = Membership.objects.filter(league=OuterRef("league"), user=OuterRef("created_by"))
    with_reason = live.filter(
        Q(created_by__is_superuser=True) | Exists(membership), created_by__is_active=True
    )
    live.exclude(pk__in=with_reason.values("pk")).update(revoked_at=now)
    newest = {}
    for pk, league, user in live.order_by("created", "pk").values_list(
        "pk", "league_id", "created_by_id"
    ):
        newest[(league, user)] = pk
    live.exclude(pk__in=list(newest.values())).update(revoked_at=now)


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0023_reminder_turn"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(revoke_dead_and_doubled_feeds, migrations.RunPython.noop),
    ]
