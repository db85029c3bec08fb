"""Sign-up does the same work whether the address is taken or not, so its time tells nobody
who has an account: the password is hashed once either way, the same page answers, one mail
goes out. (No timing here: the work is counted.)"""

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import MD5PasswordHasher
from django.core import mail
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "karo-bube-1234"
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


@pytest.fixture
def hashings(monkeypatch):
    """How often the password hasher (the test settings' only one) has hashed a password."""
    calls = []
    encode = MD5PasswordHasher.encode

    def counting(self, password, salt):
        calls.append(password)
        return encode(self, password, salt)

    monkeypatch.setattr(MD5PasswordHasher, "encode", counting)
    return calls


@pytest.fixture
def anna():
    user = UserFactory(username="anna", email="anna@example.org")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def sign_up(email):
    """Sign up in a fresh browser; return the answer and the page it leads to."""
    browser = Client()
    data = {"email": email, "password1": PASSWORD, "password2": PASSWORD}
    response = browser.post("/accounts/signup/", data)
    page = browser.get(response["Location"]) if response.status_code == 302 else response
    return response, page


def shown(page, address):
    """The page without its CSRF token and with the address it names (each its own)."""
    return CSRF.sub("", page.content.decode()).replace(address, "ADDRESS")


def test_a_taken_address_hashes_the_password_like_a_new_one(anna, hashings):
    sign_up("anna@example.org")
    assert hashings == [PASSWORD]
    hashings.clear()
    sign_up("neu@example.org")
    assert hashings == [PASSWORD]


def test_a_taken_and_a_new_address_get_the_same_answer_and_one_mail_each(anna):
    taken, taken_page = sign_up("anna@example.org")
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["anna@example.org"]
    new, new_page = sign_up("neu@example.org")
    assert len(mail.outbox) == 2 and mail.outbox[1].to == ["neu@example.org"]

    assert taken.status_code == new.status_code == 302
    assert taken["Location"] == new["Location"]
    assert taken_page.status_code == new_page.status_code == 200
    assert shown(taken_page, "anna@example.org") == shown(new_page, "neu@example.org")
    assert get_user_model().objects.filter(email__iexact="anna@example.org").count() == 1
