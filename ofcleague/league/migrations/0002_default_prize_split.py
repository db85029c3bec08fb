from django.db import migrations

# Two thirds of the pot to the winner, one third to second place.
DEFAULT_SPLIT = {1: 2, 2: 1}


def create_default_split(apps, schema_editor):
    PrizeShare = apps.get_model("league", "PrizeShare")
    for place, weight in DEFAULT_SPLIT.items():
        PrizeShare.objects.get_or_create(place=place, defaults={"weight": weight})


def remove_default_split(apps, schema_editor):
    apps.get_model("league", "PrizeShare").objects.filter(place__in=DEFAULT_SPLIT).delete()


class Migration(migrations.Migration):
    dependencies = [("league", "0001_initial")]

    operations = [migrations.RunPython(create_default_split, remove_default_split)]
