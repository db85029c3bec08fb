"""The confirmation step of a login (allauth imports it by name: its module imports allauth's
stages, which must not be imported before allauth's own flows)."""

from allauth.account.stages import EmailVerificationStage

from ofcleague.members.accounts import has_addresses


class ConfirmedAddressStage(EmailVerificationStage):
    """allauth's confirmation step of a login, skipped for accounts made in the admin."""

    def handle(self):
        # No user: a sign-up with a taken address, answered like any sign-up (allauth's
        # prevention of account enumeration).
        user = self.login.user
        if user is not None and not has_addresses(user):
            return None, True
        return super().handle()
