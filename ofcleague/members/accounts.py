"""Accounts (django-allauth): who must confirm an address, and whose name a login attempt is.

One signs up with an e-mail address and a password and confirms the address before the first
login (``ACCOUNT_EMAIL_VERIFICATION = "mandatory"``). Accounts made in the admin predate that:
they have a user name and maybe no address, and they log in as before. So the confirmation is
asked only of an account that has an address allauth knows (an ``EmailAddress``), which every
signed-up account has from its first moment. Its mails go out through the task queue.
"""

from urllib.parse import quote
from uuid import uuid4

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.models import EmailAddress
from allauth.account.utils import get_next_redirect_url
from allauth.core import context as allauth_context
from django.contrib.auth import get_user_model
from django.contrib.sites.shortcuts import get_current_site
from django.utils.translation import gettext as _

from ofcleague.web.mail_queue import queue_message
from ofcleague.web.security import client_ip

VERIFICATION_STAGE = "allauth.account.stages.EmailVerificationStage"
CONFIRMED_ADDRESS_STAGE = "ofcleague.members.account_stages.ConfirmedAddressStage"
#: The session key of where a sign-up was headed (an invite's page), kept until the login.
HEADED_FOR = "ofc_signup_next"


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

    def get_email_confirmation_url(self, request, emailconfirmation):
        """The confirmation link, carrying where the sign-up was headed (``?next=``, an
        invite's page): the link may be opened in another browser, where the session
        does not know it. The session keeps it too, for the login that follows."""
        url = super().get_email_confirmation_url(request, emailconfirmation)
        headed = _headed_for(request)
        if not headed:
            return url
        request.session[HEADED_FOR] = headed
        return f"{url}?next={quote(headed)}"

    def get_login_redirect_url(self, request):
        """After a login without a ``next``: where the sign-up was headed (an invite), else
        the front page, which lists the account's own leagues and offers to found one (never
        a league the account is no member of)."""
        headed = request.session.pop(HEADED_FOR, None)
        if headed and self.is_safe_url(headed):
            return headed
        return super().get_login_redirect_url(request)

    def send_mail(self, template_prefix, email, context):
        """Render the mail (confirmation, password reset, ...) in the request, in its language,
        and leave the sending to the task worker: the request never waits on the mail server,
        and a server that is down delays the mail instead of failing the sign-up."""
        request = allauth_context.request
        ctx = {"request": request, "email": email, "current_site": get_current_site(request)}
        ctx.update(context)
        message = self.render_mail(template_prefix, email, ctx)
        queue_message(f"account:{uuid4().hex}", message)

    def format_email_subject(self, subject):
        return f"[{_('OFC League')}] {subject}"

    def get_login_stages(self):
        stages = super().get_login_stages()
        return [
            CONFIRMED_ADDRESS_STAGE if stage == VERIFICATION_STAGE else stage for stage in stages
        ]


def _headed_for(request):
    """Where the sign-up (or the login that resends the link) was headed: its ``next``, a
    path of this site; else what the session kept."""
    if request is None:
        return None
    headed = get_next_redirect_url(request)
    if headed:
        return headed
    return request.session.get(HEADED_FOR) if hasattr(request, "session") else None


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
