"""Accounts (django-allauth): who must confirm an address, and whose name a login attempt is.

One signs up with an e-mail address and a password and confirms the address before the first
login (``ACCOUNT_EMAIL_VERIFICATION = "mandatory"``). Accounts made in the admin predate that:
they have a user name and maybe no address, and they log in as before. So the confirmation is
asked only of an account that has an address allauth knows (an ``EmailAddress``), which every
signed-up account has from its first moment.
"""

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from ofcleague.web.security import client_ip

VERIFICATION_STAGE = "allauth.account.stages.EmailVerificationStage"
CONFIRMED_ADDRESS_STAGE = "ofcleague.members.account_stages.ConfirmedAddressStage"


def has_addresses(user):
    """Whether allauth knows an address of the account (every signed-up account)."""
    return EmailAddress.objects.filter(user_id=user.pk).exists()


def may_start_league(user):
    """A logged-in account may start a league unless it signed up and never confirmed its
    address; admin-made accounts (no address allauth knows) and superusers may."""
    if user.is_superuser or not has_addresses(user):
        return True
    return EmailAddress.objects.filter(user_id=user.pk, verified=True).exists()


class AccountAdapter(DefaultAccountAdapter):
    def get_client_ip(self, request):
        """The client's address for allauth's rate limits: the site's one rule
        (``ofcleague/web/security.py``, ``TRUSTED_PROXY_COUNT``), as for django-axes."""
        return client_ip(request) or super().get_client_ip(request)

    def _get_login_attempts_cache_key(self, request, **credentials):
        """Failed logins count per account *and* address, as django-axes locks them: a
        stranger hammering an account from one address locks that address out of it, not
        the account's owner at home (allauth alone would lock the account for everyone)."""
        account = super()._get_login_attempts_cache_key(request, **credentials)
        return f"{account}:{self.get_client_ip(request)}"

    def format_email_subject(self, subject):
        return f"[{_('OFC League')}] {subject}"

    def get_login_stages(self):
        stages = super().get_login_stages()
        return [
            CONFIRMED_ADDRESS_STAGE if stage == VERIFICATION_STAGE else stage for stage in stages
        ]


def axes_username(request, credentials=None):
    """The user name a login attempt counts against (django-axes' ``AXES_USERNAME_CALLABLE``).

    The site's login form has one field, ``login``, for an e-mail address or a user name
    (allauth hands it on as ``username``, and as ``email`` too when it looks like one); the
    admin's form has ``username``. An address of a known account counts as that account's user
    name, so trying the address and the name in turn does not double the attempts.
    """
    credentials = credentials or {}
    login = credentials.get("username") or credentials.get("email") or credentials.get("login")
    if not login and request is not None:
        data = getattr(request, "data", None) or request.POST
        login = data.get("login") or data.get("username")
    login = str(login or "").strip()
    if "@" in login:
        return _username_of_address(login) or login
    return login


def _username_of_address(address):
    users = get_user_model().objects
    known = EmailAddress.objects.filter(email__iexact=address).values_list(
        "user__username", flat=True
    )
    names = list(known[:2]) or list(
        users.filter(email__iexact=address).values_list("username", flat=True)[:2]
    )
    return names[0] if len(names) == 1 else None
