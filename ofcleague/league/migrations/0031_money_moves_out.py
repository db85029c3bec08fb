# The stakes of pairs and the transfers move to the money app (issue 39). Only Django's picture
# of the models changes here: their tables stay as they are, under the same names, with every
# row (the money app's 0001_moved_from_league takes them over).

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0030_playerlink_seat_mail"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="PairStake"),
                migrations.DeleteModel(name="Transfer"),
            ],
            database_operations=[],
        ),
    ]
