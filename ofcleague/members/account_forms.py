"""The login and sign-up forms of the site: allauth's, with one field for an address or a user
name, and a sign-up that takes as long for a taken address as for a new one."""

from allauth.account.forms import LoginForm as AllauthLoginForm
from allauth.account.forms import SignupForm as AllauthSignupForm
from django.contrib.auth.hashers import make_password
from django.utils.translation import gettext_lazy as _


class LoginForm(AllauthLoginForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        login = self.fields["login"]
        login.label = _("E-mail or user name")
        login.widget.attrs.pop("placeholder", None)
        login.widget.attrs.update({"autocomplete": "username", "autocapitalize": "none"})
        password = self.fields["password"]
        password.help_text = ""
        password.widget.attrs.pop("placeholder", None)


class SignupForm(AllauthSignupForm):
    """allauth's sign-up form, doing the same work whether the address is taken or not.

    A taken address makes no account (allauth mails its owner instead, and answers as for a
    new one), which took 8 ms against the 250 ms of hashing a new account's password: the time
    told who has an account. So a taken address's password is hashed too, and thrown away.
    """

    def try_save(self, request):
        if self.account_already_exists:
            make_password(self.cleaned_data.get("password1"))
        return super().try_save(request)
