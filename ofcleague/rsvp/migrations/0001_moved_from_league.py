# The players' personal links, their answers, the mails sent for an evening and the private
# calendar links, moved here from the league app (issue 39) without copying a row: the tables
# keep their names (league_playerlink, league_rsvp, league_remindersent, league_calendarfeed),
# so only Django's picture of the models changes. The content types follow the models (so
# their permissions and admin log entries stay theirs).

import django.db.models.deletion
import ofcleague.rsvp.calendar_feeds
from django.conf import settings
from django.db import migrations, models


MOVED = ["calendarfeed", "playerlink", "remindersent", "rsvp"]


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
        ('league', '0034_rsvp_moves_out'),
        ('contenttypes', '0002_remove_content_type_name'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='CalendarFeed',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('token', models.CharField(default=ofcleague.rsvp.calendar_feeds.new_token, max_length=64, unique=True, verbose_name='token')),
                        ('created', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                        ('revoked_at', models.DateTimeField(blank=True, null=True, verbose_name='revoked')),
                        ('created_by', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='calendar_feeds', to=settings.AUTH_USER_MODEL, verbose_name='created by')),
                        ('league', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='calendar_feeds', to='league.league', verbose_name='league')),
                    ],
                    options={
                        'verbose_name': 'calendar feed',
                        'verbose_name_plural': 'calendar feeds',
                        'db_table': 'league_calendarfeed',
                        'indexes': [models.Index(fields=['league', 'created_by'], name='calendarfeed_member')],
                        'constraints': [models.UniqueConstraint(condition=models.Q(('revoked_at__isnull', True)), fields=('league', 'created_by'), name='one_live_calendar_feed_per_member')],
                    },
                ),
                migrations.CreateModel(
                    name='PlayerLink',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('token', models.CharField(default=ofcleague.rsvp.calendar_feeds.new_token, max_length=64, unique=True, verbose_name='token')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='made')),
                        ('revoked_at', models.DateTimeField(blank=True, null=True, verbose_name='revoked')),
                        ('remind_before', models.BooleanField(default=True, verbose_name='reminder the day before')),
                        ('send_result', models.BooleanField(default=True, verbose_name='the result after the evening')),
                        ('seat_mail', models.BooleanField(default=True, verbose_name='a mail when a seat comes free')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='links', to='league.player', verbose_name='player')),
                    ],
                    options={
                        'verbose_name': 'personal link',
                        'verbose_name_plural': 'personal links',
                        'db_table': 'league_playerlink',
                        'ordering': ['player', '-created_at'],
                        'constraints': [models.CheckConstraint(condition=models.Q(('token', ''), _negated=True), name='player_link_token_set'), models.UniqueConstraint(condition=models.Q(('revoked_at__isnull', True)), fields=('player',), name='one_live_link_per_player')],
                    },
                ),
                migrations.CreateModel(
                    name='ReminderSent',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('before', 'reminder the day before'), ('result', 'the result'), ('seated', 'a seat came free')], max_length=6, verbose_name='kind')),
                        ('turn', models.PositiveSmallIntegerField(default=1, verbose_name='turn')),
                        ('sent_at', models.DateTimeField(auto_now_add=True, verbose_name='sent')),
                        ('evening', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.evening', verbose_name='evening')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='league.player', verbose_name='player')),
                    ],
                    options={
                        'verbose_name': 'mail sent',
                        'verbose_name_plural': 'mails sent',
                        'db_table': 'league_remindersent',
                        'constraints': [models.UniqueConstraint(fields=('evening', 'player', 'kind', 'turn'), name='one_mail_per_kind_player_evening_turn'), models.CheckConstraint(condition=models.Q(('turn__gte', 1), models.Q(('turn', 1), ('kind', 'seated'), _connector='OR')), name='reminder_turn_only_for_seats'), models.CheckConstraint(condition=models.Q(('kind__in', ['before', 'result', 'seated'])), name='reminder_kind_valid')],
                    },
                ),
                migrations.CreateModel(
                    name='Rsvp',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('answer', models.CharField(choices=[('yes', 'yes'), ('maybe', 'maybe'), ('no', 'no')], max_length=5, verbose_name='answer')),
                        ('remark', models.CharField(blank=True, max_length=140, verbose_name='remark')),
                        ('answered_at', models.DateTimeField(verbose_name='answered')),
                        ('waiting_since', models.DateTimeField(blank=True, null=True, verbose_name='waiting since')),
                        ('evening', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rsvps', to='league.evening', verbose_name='evening')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rsvps', to='league.player', verbose_name='player')),
                    ],
                    options={
                        'verbose_name': 'answer',
                        'verbose_name_plural': 'answers',
                        'db_table': 'league_rsvp',
                        'ordering': ['evening', 'answered_at', 'pk'],
                        'constraints': [models.UniqueConstraint(fields=('evening', 'player'), name='one_answer_per_player_and_evening'), models.CheckConstraint(condition=models.Q(('answer__in', ['yes', 'maybe', 'no'])), name='rsvp_answer_valid'), models.CheckConstraint(condition=models.Q(('waiting_since__isnull', True), ('answer', 'yes'), _connector='OR'), name='rsvp_only_a_yes_waits')],
                    },
                ),            ],
            database_operations=[],
        ),
        migrations.RunPython(
            content_types_to("rsvp", "league"), content_types_to("league", "rsvp")
        ),
    ]
