from django.db import migrations

GROUP = "Scorekeepers"


def create_scorekeepers(apps, schema_editor):
    # Permissions are only created after all migrations ran, so make sure this one exists now.
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    content_type, _ = ContentType.objects.get_or_create(app_label="league", model="evening")
    permission, _ = Permission.objects.get_or_create(
        content_type=content_type,
        codename="enter_results",
        defaults={"name": "Can enter and correct results"},
    )
    group, _ = Group.objects.get_or_create(name=GROUP)
    group.permissions.add(permission)


def remove_scorekeepers(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0002_default_prize_split"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_scorekeepers, remove_scorekeepers)]
