"""An evening's result as a picture for the group chat: 1200x630 pixels, the size the chat
apps and social sites show a link's preview in (Open Graph's ``og:image``).

Drawn by the site with Pillow from plain facts (:class:`CardFacts`), in DejaVu Sans, shipped
in ``fonts/`` beside this module (free licence with them, and not among the static files the
site serves): it has every letter of the players' names ("Müller") and the euro sign, which
Pillow's own default font lacks.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONTS = Path(__file__).resolve().parent / "fonts"
WIDTH, HEIGHT = 1200, 630
#: The rows the card has room for; more players are summed up in one line.
MOST_ROWS = 7

BACKGROUND = (20, 83, 45)
PANEL = (255, 255, 255)
INK = (17, 24, 39)
MUTED = (75, 85, 99)
LIGHT = (220, 252, 231)
GOLD = (250, 204, 21)


@dataclass(frozen=True, slots=True)
class CardRow:
    place: str
    name: str
    points: str
    prize: str = ""


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What the card shows, as the text it prints (translated and formatted by the caller)."""

    league: str
    title: str
    subtitle: str
    winner: str = ""
    rows: tuple[CardRow, ...] = ()
    more: str = ""
    headings: tuple[str, str, str, str] = ("#", "", "", "")
    extra: tuple[str, ...] = field(default_factory=tuple)


@cache
def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


def _fit(draw: ImageDraw.ImageDraw, text: str, font, width: int) -> str:
    """``text`` cut with an ellipsis so it is at most ``width`` pixels wide."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def draw_card(facts: CardFacts) -> bytes:
    """The card as PNG bytes."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    margin = 56
    draw.text((margin, 40), _fit(draw, facts.league, _font(30), 1000), font=_font(30), fill=LIGHT)
    draw.text((margin, 84), _fit(draw, facts.title, _font(54, True), 1090), font=_font(54, True))
    subtitle = _fit(draw, facts.subtitle, _font(28), 1090)
    draw.text((margin, 152), subtitle, font=_font(28), fill=LIGHT)
    top = 205
    if facts.winner:
        draw.text((margin, top), "♛", font=_font(40, True), fill=GOLD)
        draw.text(
            (margin + 52, top + 2),
            _fit(draw, facts.winner, _font(38, True), 1030),
            font=_font(38, True),
            fill=GOLD,
        )
        top += 62
    panel_top = top
    draw.rounded_rectangle((margin - 16, panel_top, WIDTH - margin + 16, HEIGHT - 30), 18, PANEL)
    columns = (margin + 8, margin + 90, 800, 1000)
    place_h, name_h, points_h, prize_h = facts.headings
    y = panel_top + 14
    small = _font(22, True)
    for x, text in zip(columns, (place_h, name_h, points_h, prize_h), strict=True):
        draw.text((x, y), text, font=small, fill=MUTED)
    y += 34
    row_height = max(34, min(44, (HEIGHT - 50 - y) // max(1, len(facts.rows) + bool(facts.more))))
    for index, row in enumerate(facts.rows):
        font = _font(30, bold=index == 0 and bool(facts.winner))
        draw.text((columns[0], y), row.place, font=font, fill=INK)
        draw.text((columns[1], y), _fit(draw, row.name, font, 690), font=font, fill=INK)
        draw.text((columns[2], y), row.points, font=font, fill=INK)
        draw.text((columns[3], y), _fit(draw, row.prize, font, 150), font=font, fill=INK)
        y += row_height
    if facts.more:
        draw.text((columns[1], y), facts.more, font=_font(26), fill=MUTED)
    for line in facts.extra:
        draw.text((columns[1], y), line, font=_font(30), fill=MUTED)
        y += 44
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
