import pytest
from django.core.management import call_command


@pytest.fixture
def history(db):
    """The league's real evenings of 2016-2020, loaded from the shipped fixture."""
    call_command("load_history", verbosity=0)


@pytest.fixture
def german(settings):
    settings.LANGUAGE_CODE = "de"


@pytest.fixture
def staff_client(client, django_user_model):
    user = django_user_model.objects.create_superuser("admin", "admin@example.org", "pw-admin-123")
    client.force_login(user)
    return client
