# The invites, the claims that link accounts to players and the former addresses, moved here from
# the league app (issue 39) without copying a row: the tables keep their names (league_invite,
# league_playerclaim, league_formeraddress), so only Django's picture of the models changes.
# The content types follow the models (so their permissions and admin log entries stay theirs).

import django.db.models.deletion
import ofcleague.league.invites
from django.conf import settings
from django.db import migrations, models

MOVED = ["formeraddress", "invite", "playerclaim"]


def content_types_to(app_label, from_label):
    def move(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        ContentType.objects.filter(app_label=from_label, model__in=MOVED).update(
            app_label=app_label
        )

    return move


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0035_members_move_out'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('members', '0001_import_job'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='FormerAddress',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('slug', models.SlugField(max_length=40, unique=True, verbose_name='address')),
                        ('until', models.DateTimeField(auto_now_add=True, verbose_name='until')),
                        ('league', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='former_addresses', to='league.league', verbose_name='league')),
                    ],
                    options={
                        'verbose_name': 'former address',
                        'verbose_name_plural': 'former addresses',
                        'db_table': 'league_formeraddress',
                    },
                ),
                migrations.CreateModel(
                    name='Invite',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('token', models.CharField(default=ofcleague.league.invites.new_token, max_length=64, unique=True, verbose_name='token')),
                        ('role', models.CharField(choices=[('owner', 'owner'), ('scorekeeper', 'scorekeeper'), ('member', 'member')], default='member', max_length=12, verbose_name='role')),
                        ('expires_at', models.DateTimeField(blank=True, null=True, verbose_name='expires')),
                        ('max_uses', models.PositiveIntegerField(blank=True, null=True, verbose_name='uses allowed')),
                        ('uses', models.PositiveIntegerField(default=0, verbose_name='uses')),
                        ('revoked_at', models.DateTimeField(blank=True, null=True, verbose_name='revoked')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='made')),
                        ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='made by')),
                        ('league', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invites', to='league.league', verbose_name='league')),
                        ('player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='league.player', verbose_name='player')),
                    ],
                    options={
                        'verbose_name': 'invite',
                        'verbose_name_plural': 'invites',
                        'db_table': 'league_invite',
                        'ordering': ['-created_at', '-id'],
                        'constraints': [models.CheckConstraint(condition=models.Q(('role__in', ['owner', 'scorekeeper', 'member'])), name='invite_role'), models.CheckConstraint(condition=models.Q(('token', ''), _negated=True), name='invite_token_set'), models.CheckConstraint(condition=models.Q(('uses__gte', 0)), name='invite_uses_positive'), models.CheckConstraint(condition=models.Q(('max_uses__isnull', True), ('max_uses__gte', 1), _connector='OR'), name='invite_max_uses_at_least_1'), models.CheckConstraint(condition=models.Q(('max_uses__isnull', True), ('uses__lte', models.F('max_uses')), _connector='OR'), name='invite_uses_within_max')],
                    },
                ),
                migrations.CreateModel(
                    name='PlayerClaim',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('status', models.CharField(choices=[('pending', 'waiting for the owner'), ('confirmed', 'confirmed'), ('refused', 'refused')], default='pending', max_length=10, verbose_name='status')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='asked')),
                        ('decided_at', models.DateTimeField(blank=True, null=True, verbose_name='decided')),
                        ('decided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='decided by')),
                        ('league', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.league', verbose_name='league')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='claims', to='league.player', verbose_name='player')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='player_claims', to=settings.AUTH_USER_MODEL, verbose_name='account')),
                    ],
                    options={
                        'verbose_name': 'player claim',
                        'verbose_name_plural': 'player claims',
                        'db_table': 'league_playerclaim',
                        'ordering': ['created_at', 'id'],
                        'constraints': [models.CheckConstraint(condition=models.Q(('status__in', ['pending', 'confirmed', 'refused'])), name='claim_status_valid'), models.CheckConstraint(condition=models.Q(models.Q(('decided_at__isnull', True), ('status', 'pending')), models.Q(models.Q(('status', 'pending'), _negated=True), ('decided_at__isnull', False)), _connector='OR'), name='claim_decided_unless_pending'), models.UniqueConstraint(condition=models.Q(('status', 'confirmed')), fields=('player',), name='one_account_per_player'), models.UniqueConstraint(condition=models.Q(('status', 'confirmed')), fields=('league', 'user'), name='one_player_per_account'), models.UniqueConstraint(condition=models.Q(('status', 'pending')), fields=('league', 'user'), name='one_pending_claim_per_account')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(
            content_types_to("members", "league"), content_types_to("league", "members")
        ),
    ]
