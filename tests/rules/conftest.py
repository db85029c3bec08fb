import pytest
from django.conf import settings


@pytest.fixture
def en_client(client):
    """A test client that chose English with the language switch (German is the default)."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client
