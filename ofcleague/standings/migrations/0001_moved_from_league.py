# The kept numbers (standings, season and player totals, rivalries, seasons) moved here from
# the league app (issue 39) without copying a row: the tables keep their names (league_standing,
# league_seasontotal, league_playertotal, league_rivalry, league_season), so only Django's
# picture of the models changes. The content types follow the models (so their permissions and
# admin log entries stay theirs).

import django.db.models.deletion
import ofcleague.league.current
import ofcleague.standings.kept.models
from django.db import migrations, models

MOVED = ["playertotal", "rivalry", "season", "seasontotal", "standing"]


def content_types_to(app_label, from_label):
    def move(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        ContentType.objects.filter(app_label=from_label, model__in=MOVED).update(
            app_label=app_label
        )

    return move


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('league', '0033_standings_move_out'),
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='PlayerTotal',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
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
                        ('league', models.ForeignKey(default=ofcleague.league.current.current_league_pk, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.league', verbose_name='league')),
                        ('player', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='total', to='league.player', verbose_name='player')),
                    ],
                    options={
                        'verbose_name': 'player total',
                        'verbose_name_plural': 'player totals',
                        'db_table': 'league_playertotal',
                    },
                ),
                migrations.CreateModel(
                    name='Rivalry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('evenings', models.PositiveIntegerField(verbose_name='evenings')),
                        ('ahead', models.PositiveIntegerField(verbose_name='ahead')),
                        ('behind', models.PositiveIntegerField(verbose_name='behind')),
                        ('level', models.PositiveIntegerField(verbose_name='level')),
                        ('points_evenings', models.PositiveIntegerField(verbose_name='evenings with points')),
                        ('net_points', models.BigIntegerField(null=True, verbose_name='net points')),
                        ('league', models.ForeignKey(default=ofcleague.league.current.current_league_pk, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.league', verbose_name='league')),
                        ('opponent', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.player', verbose_name='opponent')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rivalries', to='league.player', verbose_name='player')),
                    ],
                    options={
                        'verbose_name': 'rivalry',
                        'verbose_name_plural': 'rivalries',
                        'db_table': 'league_rivalry',
                        'constraints': [models.UniqueConstraint(fields=('player', 'opponent'), name='one_rivalry_per_pair')],
                    },
                ),
                migrations.CreateModel(
                    name='Season',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('year', models.PositiveSmallIntegerField(verbose_name='year')),
                        ('evenings', models.PositiveIntegerField(verbose_name='evenings')),
                        ('league', models.ForeignKey(default=ofcleague.league.current.current_league_pk, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.league', verbose_name='league')),
                    ],
                    options={
                        'verbose_name': 'season',
                        'verbose_name_plural': 'seasons',
                        'db_table': 'league_season',
                        'constraints': [models.UniqueConstraint(fields=('league', 'year'), name='one_season_per_league_year')],
                    },
                ),
                migrations.CreateModel(
                    name='SeasonTotal',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
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
                        ('year', models.PositiveSmallIntegerField(verbose_name='year')),
                        ('league', models.ForeignKey(default=ofcleague.league.current.current_league_pk, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.league', verbose_name='league')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seasons', to='league.player', verbose_name='player')),
                    ],
                    options={
                        'verbose_name': 'season total',
                        'verbose_name_plural': 'season totals',
                        'db_table': 'league_seasontotal',
                        'indexes': [models.Index(fields=['league', 'year'], name='season_total_league_year')],
                        'constraints': [models.UniqueConstraint(fields=('player', 'year'), name='one_season_total_per_year')],
                    },
                ),
                migrations.CreateModel(
                    name='Standing',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
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
                        ('year', models.PositiveSmallIntegerField(verbose_name='year')),
                        ('variant', models.CharField(choices=[('ofc', 'OFC'), ('pineapple', 'Pineapple'), ('classic', 'Chinese Poker')], max_length=20, verbose_name='variant')),
                        ('league', models.ForeignKey(default=ofcleague.league.current.current_league_pk, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.league', verbose_name='league')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='standings', to='league.player', verbose_name='player')),
                    ],
                    options={
                        'verbose_name': 'standing',
                        'verbose_name_plural': 'standings',
                        'db_table': 'league_standing',
                        'indexes': [models.Index(fields=['league', 'year', 'variant'], name='standing_league_year_variant')],
                        'constraints': [models.UniqueConstraint(fields=('player', 'year', 'variant'), name='one_standing_per_player_year_variant')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(
            content_types_to("standings", "league"), content_types_to("league", "standings")
        ),
    ]
