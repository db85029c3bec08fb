"""The one exception class the scoring engine raises, and the translation marker."""

from __future__ import annotations


def _(message: str) -> str:
    """Mark a message for translation without translating it.

    The engine must not import Django, but its labels and error messages are shown on
    German pages. ``makemessages`` collects every ``_("...")`` call, and the web layer
    translates the marked strings at render time with ``gettext``.
    """
    return message


#: How much of a bad token an error message repeats.
TOKEN_LIMIT = 20


def shorten(token: object) -> str:
    """The token as text of at most :data:`TOKEN_LIMIT` characters, for an error message.

    A request may send kilobytes where a card belongs; the message only needs to show which.
    """
    text = str(token)
    return text if len(text) <= TOKEN_LIMIT else text[: TOKEN_LIMIT - 1] + "…"


class ScoringError(ValueError):
    """Bad input for the scoring engine: an unknown card, a wrong row, too many players...

    ``template`` is the untranslated English message with ``%(name)s`` placeholders and
    ``params`` fills them, so a web layer can translate the template and still name the
    bad token. ``player`` (index) and ``row`` say where the problem is, when known;
    ``field`` names the player's input at fault when it is not a row (``"name"``,
    ``"surrender"``, ``"announce_natural"``).
    """

    def __init__(
        self,
        template: str,
        *,
        player: int | None = None,
        row: str | None = None,
        field: str | None = None,
        **params: object,
    ) -> None:
        self.template = template
        if row is not None:
            # The row's English label, for messages that name the row.
            params.setdefault("row_label", row.capitalize())
        self.params = params
        self.player = player
        self.row = row
        self.field = field or row
        super().__init__(template % params if params else template)
