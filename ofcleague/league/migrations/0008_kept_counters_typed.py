"""The kept counters in typed columns, with rows per player and year (``SeasonTotal``) and per
player (``PlayerTotal``) instead of the year-0 rows.

The rows are derived data: the old ones are dropped with their table, and ``manage.py
rebuild_standings`` (which ``make run`` and ``make serve`` run after ``migrate``) fills the
new ones from the evenings.
"""

import django.db.models.deletion
from django.db import migrations, models

import ofcleague.standings.kept.models


def counters():
    return [
        ('evenings', models.PositiveIntegerField(verbose_name='evenings')),
        ('places', ofcleague.standings.kept.models.CountsField(verbose_name='places')),
        ('place_sum', models.PositiveIntegerField(verbose_name='sum of places')),
        ('best_place', models.PositiveSmallIntegerField(verbose_name='best place')),
        ('largest_field', models.PositiveSmallIntegerField(verbose_name='largest field')),
        ('opponents_beaten', ofcleague.standings.kept.models.CountsField(verbose_name='opponents beaten')),
        ('beaten_evenings', models.PositiveIntegerField(verbose_name='evenings with opponents')),
        ('points', models.BigIntegerField(null=True, verbose_name='points')),
        ('points_evenings', models.PositiveIntegerField(verbose_name='evenings with points')),
        ('money_evenings', models.PositiveIntegerField(verbose_name='evenings with payouts')),
        ('buy_ins', models.DecimalField(decimal_places=2, max_digits=14, null=True, verbose_name='buy-ins')),
        ('prizes', models.DecimalField(decimal_places=2, max_digits=14, null=True, verbose_name='prizes')),
        ('first_date', models.DateField(verbose_name='first evening')),
        ('last_date', models.DateField(verbose_name='last evening')),
        ('last_start_time', models.TimeField(verbose_name='start time of the last evening')),
        ('last_evening', models.PositiveBigIntegerField(verbose_name='id of the last evening')),
        ('mu', models.FloatField(null=True, verbose_name='rating mu')),
        ('sigma', models.FloatField(null=True, verbose_name='rating sigma')),
    ]


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0007_evening_rule_set'),
    ]

    operations = [
        migrations.DeleteModel(name='Standing'),
        migrations.CreateModel(
            name='Standing',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                *counters(),
                ('year', models.PositiveSmallIntegerField(verbose_name='year')),
                ('variant', models.CharField(choices=[('ofc', 'OFC'), ('pineapple', 'Pineapple'), ('classic', 'Chinese Poker')], max_length=20, verbose_name='variant')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='standings', to='league.player', verbose_name='player')),
            ],
            options={
                'verbose_name': 'standing',
                'verbose_name_plural': 'standings',
                'indexes': [models.Index(fields=['year', 'variant'], name='standing_year_variant')],
                'constraints': [models.UniqueConstraint(fields=('player', 'year', 'variant'), name='one_standing_per_player_year_variant')],
            },
        ),
        migrations.CreateModel(
            name='SeasonTotal',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                *counters(),
                ('year', models.PositiveSmallIntegerField(verbose_name='year')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seasons', to='league.player', verbose_name='player')),
            ],
            options={
                'verbose_name': 'season total',
                'verbose_name_plural': 'season totals',
                'indexes': [models.Index(fields=['year'], name='season_total_year')],
                'constraints': [models.UniqueConstraint(fields=('player', 'year'), name='one_season_total_per_year')],
            },
        ),
        migrations.CreateModel(
            name='PlayerTotal',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                *counters(),
                ('player', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='total', to='league.player', verbose_name='player')),
            ],
            options={
                'verbose_name': 'player total',
                'verbose_name_plural': 'player totals',
            },
        ),
    ]
