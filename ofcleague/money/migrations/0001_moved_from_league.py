# The stakes of pairs and the transfers, moved here from the league app (issue 39) without
# copying a row: the tables keep their names (league_pairstake, league_transfer), so only
# Django's picture of the models changes. The content types follow the models (so their
# permissions and admin log entries stay theirs).

import django.db.models.deletion
import ofcleague.league.current
from decimal import Decimal
from django.conf import settings
from django.db import migrations, models


MOVED = ["pairstake", "transfer"]


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
        ('league', '0031_money_moves_out'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='PairStake',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('stake', models.DecimalField(decimal_places=2, max_digits=7, verbose_name='stake per point')),
                        ('evening', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='pair_stakes', to='league.evening', verbose_name='evening')),
                        ('player_a', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.player', verbose_name='player')),
                        ('player_b', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.player', verbose_name='opponent')),
                    ],
                    options={
                        'verbose_name': 'stake of a pair',
                        'verbose_name_plural': 'stakes of pairs',
                        'db_table': 'league_pairstake',
                        'ordering': ['evening', 'player_a', 'player_b'],
                        'constraints': [models.UniqueConstraint(fields=('evening', 'player_a', 'player_b'), name='one_stake_per_pair_and_evening'), models.CheckConstraint(condition=models.Q(('player_a__lt', models.F('player_b'))), name='pair_stake_players_in_order'), models.CheckConstraint(condition=models.Q(('stake__gte', Decimal('0.01')), ('stake__lte', Decimal('1000'))), name='pair_stake_within_limits')],
                    },
                ),
                migrations.CreateModel(
                    name='Transfer',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('amount', models.DecimalField(decimal_places=2, max_digits=8, verbose_name='amount')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='proposed')),
                        ('paid_at', models.DateTimeField(blank=True, null=True, verbose_name='paid')),
                        ('evening', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='transfers', to='league.evening', verbose_name='evening')),
                        ('league', models.ForeignKey(default=ofcleague.league.current.current_league_pk, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.league', verbose_name='league')),
                        ('paid_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='marked paid by')),
                        ('payee', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.player', verbose_name='payee')),
                        ('payer', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.player', verbose_name='payer')),
                    ],
                    options={
                        'verbose_name': 'transfer',
                        'verbose_name_plural': 'transfers',
                        'db_table': 'league_transfer',
                        'ordering': ['created_at', 'pk'],
                        'indexes': [models.Index(fields=['league', 'paid_at'], name='transfer_league_paid')],
                        'constraints': [models.CheckConstraint(condition=models.Q(('amount__gt', 0)), name='transfer_amount_positive'), models.CheckConstraint(condition=models.Q(('payer', models.F('payee')), _negated=True), name='transfer_payer_is_not_payee'), models.CheckConstraint(condition=models.Q(('paid_by__isnull', True), ('paid_at__isnull', False), _connector='OR'), name='transfer_paid_by_only_when_paid')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(
            content_types_to("money", "league"), content_types_to("league", "money")
        ),
    ]
