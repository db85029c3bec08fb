"""The random token of a secret link (an invite, a player's link, a calendar feed).

The invites and the claims that link an account to a player live in the members app
(``ofcleague/members/invites.py``); their tokens are made here, with the core's other links.
"""

import secrets

#: Bytes of randomness of a link's token (32 characters in the link).
TOKEN_BYTES = 24


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)
