"""Paths of the league's pages, each reversed once: a page links hundreds of evenings."""

from functools import lru_cache

from django.urls import get_script_prefix, get_urlconf, reverse


def page_path(name, *args):
    """``reverse(name, args=args)``, remembered per script prefix and URL configuration (each
    league has its own): the same view and arguments always give the same path."""
    return _page_path(name, args, get_script_prefix(), get_urlconf())


@lru_cache(maxsize=32768)
def _page_path(name, args, _prefix, _urlconf):
    return reverse(name, args=args)
