"""The league's owner (and its page client) for the tests of the players page and claims."""

from tests.leagues.conftest import other_league, owner, owner_client  # noqa: F401 (fixtures)
