"""Small helpers shared by the scoring tests."""

from ofcleague.scoring import Hand, parse_cards


def hand(name: str, front: str, middle: str, back: str, *, surrender: bool = False) -> Hand:
    """Build a hand from typed rows."""
    return Hand(name, parse_cards(front), parse_cards(middle), parse_cards(back), surrender)


def points(result) -> dict[str, int]:
    """Map each player's name to its total points."""
    return {player.name: player.points for player in result.players}
