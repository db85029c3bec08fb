import uuid

from django.db import migrations, models


def first_version(apps, schema_editor):
    apps.get_model("web", "LeagueVersion").objects.create(pk=1, token=uuid.uuid4().hex)


class Migration(migrations.Migration):
    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name="LeagueVersion",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("token", models.CharField(max_length=32)),
            ],
        ),
        migrations.RunPython(first_version, migrations.RunPython.noop),
    ]
