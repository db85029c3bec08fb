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
