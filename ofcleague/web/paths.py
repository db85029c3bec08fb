"""Paths of the league's pages, each reversed once: a page links hundreds of evenings."""

from functools import lru_cache

from django.urls import get_script_prefix, reverse


def page_path(name, *args):
    """``reverse(name, args=args)``, remembered per script prefix: the same view and
    arguments always give the same path."""
    return _page_path(name, args, get_script_prefix())


@lru_cache(maxsize=32768)
def _page_path(name, args, _prefix):
    return reverse(name, args=args)
