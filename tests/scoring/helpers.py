"""Small helpers shared by the scoring tests."""

from ofcleague.scoring import Hand
from ofcleague.scoring.hand import parse_hand


def hand(
    name: str,
    front: str,
    middle: str,
    back: str,
    *,
    surrender: bool | str = False,
    announce_natural: bool | None = None,
) -> Hand:
    """Build a hand from typed rows, as the engine does for the calculator and the API."""
    return parse_hand(
        name, front, middle, back, surrender=surrender, announce_natural=announce_natural
    )


def points(result) -> dict[str, int]:
    """Map each player's name to its total points."""
    return {player.name: player.points for player in result.players}
