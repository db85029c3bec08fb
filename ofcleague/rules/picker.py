"""The card picker's texts, for the calculator page and the score pad (the same script)."""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext


def picker_labels() -> dict:
    """The texts of static/js/cards/picker.js, translated (``%(card)s`` is filled there)."""
    return {
        "picker": _("Card picker"),
        "players": _("Whose board"),
        "deck": _("Cards"),
        "target": _("Cards go to:"),
        "undo": _("⌫ Back"),
        # The button's name for a screen reader: "Back" alone is also the back row.
        "undoName": _("Take the last card back"),
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
        "placed": _("%(card)s to %(where)s."),
        "where": _("%(name)s, %(row)s"),
        **card_names(),
    }


def card_names() -> dict:
    """The words of a card's spoken name: "ace of spades", in German "Pik-Ass"."""
    return {
        "cardName": pgettext("playing card: rank, suit", "%(rank)s of %(suit)s"),
        "rankNames": {
            "A": pgettext("playing card", "ace"),
            "K": pgettext("playing card", "king"),
            "Q": pgettext("playing card", "queen"),
            "J": pgettext("playing card", "jack"),
        },
        "suitNames": {
            "s": pgettext("playing card", "spades"),
            "h": pgettext("playing card", "hearts"),
            "d": pgettext("playing card", "diamonds"),
            "c": pgettext("playing card", "clubs"),
        },
    }
