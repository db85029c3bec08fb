import pytest

from ofcleague.scoring import ScoringError, format_card, format_cards, parse_card, parse_cards


@pytest.mark.parametrize(
    "token",
    ["Ah", "ah", "AH", "aH", "A♥", "a♡", "♥A", "♡a", "A♥\ufe0f"],
)
def test_ace_of_hearts_in_every_spelling(token):
    assert format_card(parse_card(token)) == "Ah"


@pytest.mark.parametrize("token", ["10h", "Th", "th", "10♥", "T♡", "♥10"])
def test_ten_written_as_10_or_t(token):
    assert format_card(parse_card(token)) == "Th"


@pytest.mark.parametrize(
    ("symbol", "letter"),
    [
        ("♠", "s"),
        ("♤", "s"),
        ("♥", "h"),
        ("♡", "h"),
        ("♦", "d"),
        ("♢", "d"),
        ("♣", "c"),
        ("♧", "c"),
    ],
)
def test_suit_symbols_filled_and_hollow(symbol, letter):
    assert format_card(parse_card(f"K{symbol}")) == f"K{letter}"


def test_row_with_spaces_commas_and_cards_run_together():
    assert format_cards(parse_cards(" Ah, kd;7c  10s ")) == "Ah Kd 7c Ts"
    assert format_cards(parse_cards("AhKd7c")) == "Ah Kd 7c"
    assert format_cards(parse_cards("A♠K♠Q♠")) == "As Ks Qs"


def test_empty_text_is_an_empty_row():
    assert parse_cards("   ") == ()


@pytest.mark.parametrize("token", ["Xh", "Ax", "1h", "11s", "A", "h", "Ahh", "Ah?"])
def test_unknown_card_names_the_token(token):
    with pytest.raises(ScoringError) as caught:
        parse_cards(f"Kd {token} 2c")
    assert f"“{token}”" in str(caught.value)
    assert caught.value.params == {"token": token}


def test_every_card_round_trips():
    assert [parse_card(format_card(card)) for card in range(52)] == list(range(52))


@pytest.mark.parametrize("parse", [parse_card, parse_cards])
def test_a_long_bad_token_is_named_in_20_characters(parse):
    with pytest.raises(ScoringError) as raised:
        parse("Zz" * 30000)
    assert raised.value.params["token"] == "Zz" * 9 + "Z…"
    assert len(str(raised.value)) < 40


def test_a_short_bad_token_is_named_whole():
    with pytest.raises(ScoringError, match="“Xx”"):
        parse_cards("Ah Xx")
