"""The card picker's texts, for the calculator page and the score pad (the same script)."""

from django.utils.translation import gettext as _


def picker_labels() -> dict[str, str]:
    """The texts of static/js/cards/picker.js, translated (``%(card)s`` is filled there)."""
    return {
        "picker": _("Card picker"),
        "players": _("Whose board"),
        "deck": _("Cards"),
        "target": _("Cards go to:"),
        "undo": _("⌫ Back"),
        "keyboard": _("⌨ Keyboard"),
        "keyboardHint": _("Type the cards with the keyboard instead of the picker"),
        "fourColour": _("4 colours"),
        "fourColourHint": _("Four-colour deck: diamonds blue, clubs green"),
        "used": _("on the table"),
        "usedBy": _("%(card)s is already in %(where)s; tap it there to take it out."),
        "removed": _("%(card)s taken out."),
        "remove": _("Take %(card)s out"),
        "complete": _("All boards are complete."),
        "twice": _("%(card)s is in two rows."),
    }
