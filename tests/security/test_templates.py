"""No template carries inline code or styles: the Content Security Policy would block them."""

import re
from pathlib import Path

import pytest
from django.conf import settings

INLINE = {
    "inline <script> body": re.compile(r"<script\b[^>]*>\s*[^\s<]", re.IGNORECASE),
    "<script> without src": re.compile(r"<script\b(?![^>]*\bsrc\s*=)[^>]*>", re.IGNORECASE),
    "<style> element": re.compile(r"<style\b", re.IGNORECASE),
    "style= attribute": re.compile(r"\sstyle\s*=", re.IGNORECASE),
    "on*= event handler": re.compile(r"\s(?:hx-)?on[a-z:-]*\s*=", re.IGNORECASE),
    "javascript: URL": re.compile(r"javascript:", re.IGNORECASE),
}


def site_templates():
    """Every template of the project: the templates folder and the apps' own folders."""
    folders = [Path(folder) for engine in settings.TEMPLATES for folder in engine["DIRS"]]
    folders += list((settings.BASE_DIR / "ofcleague").glob("*/templates"))
    return sorted(path for folder in folders for path in folder.rglob("*.html"))


def test_the_scan_sees_the_templates():
    names = {path.name for path in site_templates()}
    assert {"base.html", "history.html", "evening_detail.html"} <= names


@pytest.mark.parametrize("path", site_templates(), ids=lambda path: path.name)
def test_template_has_no_inline_script_style_or_handler(path):
    text = path.read_text(encoding="utf-8")
    found = [what for what, pattern in INLINE.items() if pattern.search(text)]
    assert not found, f"{path.relative_to(settings.BASE_DIR)}: {', '.join(found)}"


@pytest.mark.parametrize(
    "snippet",
    [
        "<script>alert(1)</script>",
        '<script type="module">go()</script>',
        '<p style="color: red">',
        '<button onclick="go()">',
        '<div hx-on:click="go()">',
        "<style>p {}</style>",
        '<a href="javascript:go()">',
    ],
)
def test_the_scan_catches_inline_code(snippet):
    assert any(pattern.search(snippet) for pattern in INLINE.values())


def test_the_scan_lets_external_scripts_pass():
    snippet = '<script src="/static/js/points.js" defer></script>'
    assert not any(pattern.search(snippet) for pattern in INLINE.values())
