# The kept numbers (Standing, SeasonTotal, PlayerTotal, Rivalry, Season) move to the standings
# app (issue 39). Only Django's picture of the models changes here: their tables stay as they
# are, under the same names, with every row (the standings app's 0001_moved_from_league takes
# them over).

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0032_league_embed_sites"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="PlayerTotal"),
                migrations.DeleteModel(name="Rivalry"),
                migrations.DeleteModel(name="Season"),
                migrations.DeleteModel(name="SeasonTotal"),
                migrations.DeleteModel(name="Standing"),
            ],
            database_operations=[],
        ),
    ]
