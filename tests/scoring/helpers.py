"""Small helpers shared by the scoring tests."""

from ofcleague.scoring import Hand, parse_cards


def hand(
    name: str,
    front: str,
    middle: str,
    back: str,
    *,
    surrender: bool | str = False,
    announce_natural: bool | None = None,
) -> Hand:
    """Build a hand from typed rows."""
    rows = parse_cards(front), parse_cards(middle), parse_cards(back)
    return Hand(name, *rows, surrender, announce_natural)


def points(result) -> dict[str, int]:
    """Map each player's name to its total points."""
    return {player.name: player.points for player in result.players}
