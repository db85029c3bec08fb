# The invites, the claims that link accounts to players and the former addresses move to the
# members app (issue 39). Only Django's picture of the models changes here: their tables stay
# as they are, under the same names, with every row (the members app's 0002_moved_from_league
# takes them over).

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0034_rsvp_moves_out"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="FormerAddress"),
                migrations.DeleteModel(name="Invite"),
                migrations.DeleteModel(name="PlayerClaim"),
            ],
            database_operations=[],
        ),
    ]
