"""A whole backup keeps which e-mail addresses the accounts confirmed (allauth's rows)."""

import pytest
from allauth.account.models import EmailAddress
from django.core.management import call_command

from tests.backup.test_backup import wipe
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_confirmed_addresses_survive_a_backup_and_restore(tmp_path):
    user = UserFactory(username="anna", email="anna@example.org")
    EmailAddress.objects.create(user=user, email="anna@example.org", verified=True, primary=True)
    target = tmp_path / "site.json.gz"
    call_command("backup", str(target), verbosity=0)
    wipe()
    assert not EmailAddress.objects.exists()
    call_command("restore", str(target), verbosity=0)
    address = EmailAddress.objects.get()
    assert (address.user.username, address.email, address.verified) == (
        "anna",
        "anna@example.org",
        True,
    )
