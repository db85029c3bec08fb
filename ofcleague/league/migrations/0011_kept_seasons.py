"""The kept seasons: a row per calendar year with its count of finished evenings, for the
seasons list (``league/kept/seasons.py``). Derived data: the migration counts them from the
evenings, as ``manage.py rebuild_standings`` would."""

from collections import Counter

from django.db import migrations, models


def count_seasons(apps, schema_editor):
    Evening = apps.get_model("league", "Evening")
    Season = apps.get_model("league", "Season")
    dates = Evening.objects.filter(status="finished").values_list("date", flat=True)
    counted = Counter(date.year for date in dates)
    Season.objects.bulk_create(
        Season(year=year, evenings=evenings) for year, evenings in sorted(counted.items())
    )


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0010_rivalries_and_seat_index'),
    ]

    operations = [
        migrations.CreateModel(
            name='Season',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('year', models.PositiveSmallIntegerField(unique=True, verbose_name='year')),
                ('evenings', models.PositiveIntegerField(verbose_name='evenings')),
            ],
            options={
                'verbose_name': 'season',
                'verbose_name_plural': 'seasons',
            },
        ),
        migrations.RunPython(count_seasons, migrations.RunPython.noop),
    ]
