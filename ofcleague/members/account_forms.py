"""The login form of the site: allauth's, with one field for an address or a user name."""

from allauth.account.forms import LoginForm as AllauthLoginForm
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
