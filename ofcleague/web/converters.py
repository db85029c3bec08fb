"""Path converters: numbers in URLs as the database can hold them."""

from django.urls import register_converter

#: The largest id any of the league's columns holds (a signed 64-bit integer).
MAX_ID = 2**63 - 1


class IdConverter:
    """A non-negative whole number of at most 64 bits (an id, round, table, hand or year).

    A larger number matches no URL, so the page answers 404: Django's ``int`` would pass it
    on to the database, which cannot even compare it (SQLite and psycopg overflow, a 500).
    """

    regex = "[0-9]+"

    def to_python(self, value: str) -> int:
        digits = value.lstrip("0") or "0"
        # The length first: int() of thousands of digits is slow, or refused past 4300.
        number = int(digits) if len(digits) <= len(str(MAX_ID)) else MAX_ID + 1
        if number > MAX_ID:
            raise ValueError(f"{value[:20]} is beyond 64 bits")
        return number

    def to_url(self, value) -> str:
        return str(value)


register_converter(IdConverter, "id")


class TokenConverter:
    """A secret in a path (an invite, an answer link, a calendar feed): any text up to the next
    ``/``, as Django's ``str``. Its name marks the page as private: every answer on a path with
    a ``<token:...>`` is ``Cache-Control: private, no-store`` and ``Referrer-Policy:
    no-referrer`` (``middleware.PrivatePagesMiddleware``), so neither a cache nor the next
    site's logs keep the secret."""

    regex = "[^/]+"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value) -> str:
        return str(value)


#: How a route names a token converter (``ResolverMatch.route`` keeps it as written).
TOKEN = "token"

register_converter(TokenConverter, TOKEN)
