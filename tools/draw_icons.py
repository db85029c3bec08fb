"""Draw the site's app icons: static/icons/icon.svg, and its PNGs rendered by Chromium.

Two cards on the felt, the front one with a spade. The maskable icons fill the whole square
(the phone cuts its own shape out of it) and keep the cards inside the middle 80 % circle.
Run it after changing the drawing: ``.venv/bin/python tools/draw_icons.py``.
"""

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
FELT = "#14532d"
GOLD = "#f4c251"
SPADE = (
    "M50 6C36 24 8 40 8 62c0 14 11 23 23 23 8 0 14-4 17-9-1 10-6 18-15 22h34"
    "c-9-4-14-12-15-22 3 5 9 9 17 9 12 0 23-9 23-23C92 40 64 24 50 6z"
)


def drawing(*, maskable):
    """The icon as SVG on a 512 square; ``maskable`` fills it edge to edge, smaller cards."""
    background = (
        f'<rect width="512" height="512" fill="{FELT}"/>'
        if maskable
        else f'<rect width="512" height="512" rx="112" fill="{FELT}"/>'
    )
    scale = 0.78 if maskable else 1
    cards = (
        f'<rect x="150" y="104" width="200" height="290" rx="22" fill="{GOLD}"'
        ' transform="rotate(-14 250 249)"/>'
        '<g transform="rotate(9 262 263)">'
        '<rect x="162" y="118" width="200" height="290" rx="22" fill="#fff"/>'
        f'<path d="{SPADE}" fill="{FELT}" transform="translate(192 193) scale(1.4)"/>'
        "</g>"
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        f"{background}"
        f'<g transform="translate(256 256) scale({scale}) translate(-256 -256)">{cards}</g>'
        "</svg>\n"
    )


def main():
    ICONS.mkdir(parents=True, exist_ok=True)
    (ICONS / "icon.svg").write_text(drawing(maskable=False))
    wanted = [
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("maskable-192.png", 192, True),
        ("maskable-512.png", 512, True),
        # iOS rounds the corners itself and shows no transparency.
        ("apple-touch-icon.png", 180, True),
    ]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        for name, size, maskable in wanted:
            page = browser.new_page(viewport={"width": size, "height": size})
            sized = f'<svg width="{size}" height="{size}" '
            svg = drawing(maskable=maskable).replace("<svg ", sized)
            page.set_content(f"<body style='margin:0;background:transparent'>{svg}</body>")
            page.screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
