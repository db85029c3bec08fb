# The claims' mail tasks moved with the members' models (issue 39): a claim mail queued before
# the upgrade and not run yet names the task's old place; it names the new one, so the worker
# still finds it.

from django.db import migrations

MOVED_TASKS = {
    "ofcleague.league.services.mail_tasks.mail_owners_of_claim_task": (
        "ofcleague.members.services.claim_mail.mail_owners_of_claim_task"
    ),
    "ofcleague.league.services.mail_tasks.mail_decision_task": (
        "ofcleague.members.services.claim_mail.mail_decision_task"
    ),
}


def tasks_named(mapping):
    def rename(apps, schema_editor):
        DBTaskResult = apps.get_model("django_tasks_database", "DBTaskResult")
        for old, new in mapping.items():
            DBTaskResult.objects.filter(task_path=old).update(task_path=new)

    return rename


class Migration(migrations.Migration):
    dependencies = [
        ("members", "0002_moved_from_league"),
        ("django_tasks_database", "0021_conditional_partial_index_ordering"),
    ]

    operations = [
        migrations.RunPython(
            tasks_named(MOVED_TASKS),
            tasks_named({new: old for old, new in MOVED_TASKS.items()}),
        ),
    ]
