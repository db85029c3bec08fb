# The players' personal links, their answers, the mails sent for an evening and the private
# calendar links move to the rsvp app (issue 39). Only Django's picture of the models changes
# here: their tables stay as they are, under the same names, with every row (the rsvp app's
# 0001_moved_from_league takes them over).

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0033_standings_move_out"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="CalendarFeed"),
                migrations.DeleteModel(name="PlayerLink"),
                migrations.DeleteModel(name="ReminderSent"),
                migrations.DeleteModel(name="Rsvp"),
            ],
            database_operations=[],
        ),
    ]
