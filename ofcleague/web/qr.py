"""QR codes to scan at the table: an invite's link, an evening's link."""

import io

import segno
from django.utils.safestring import mark_safe


def qr_svg(text: str, title: str) -> str:
    """``text`` as a QR code: inline SVG, drawn with attributes only (no style, for the CSP)."""
    buffer = io.BytesIO()
    segno.make(text, error="m").save(
        buffer,
        kind="svg",
        xmldecl=False,
        svgns=True,
        nl=False,
        title=title,
        light="#fff",
        scale=4,
        svgclass="qr",
    )
    return mark_safe(buffer.getvalue().decode())  # noqa: S308 (segno's own markup)
