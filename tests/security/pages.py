"""Every URL of the site's own namespaces, with arguments from a small league; form harvesting.

The security tests walk the URL configuration instead of listing URLs, so a page or a write
view added later is covered without touching them.
"""

import itertools
from html.parser import HTMLParser

from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, reverse

NAMESPACES = ["standings", "results", "rules", "table"]


def named_patterns(namespace, urlconf=None):
    """(name, argument names) of every named URL pattern inside ``namespace`` (of the root
    configuration, or of ``urlconf``: a league's, ``ofcleague.urls.pages.urlconf_for``)."""
    found = []

    def walk(patterns, inside):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                walk(entry.url_patterns, inside or entry.namespace == namespace)
            elif isinstance(entry, URLPattern) and inside and entry.name:
                found.append((entry.name, list(getattr(entry.pattern, "converters", {}))))

    walk(get_resolver(urlconf).url_patterns, False)
    return found


def league_namespaces(urlconf):
    """The namespaces of a league's pages (``LEAGUE_PAGES``) in ``urlconf``."""
    found = []

    def walk(patterns):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                if entry.namespace and entry.namespace not in found:
                    found.append(entry.namespace)
                walk(entry.url_patterns)

    for entry in get_resolver(urlconf).url_patterns:
        if isinstance(entry, URLResolver) and str(entry.pattern) == f"{urlconf.slug}/":
            walk(entry.url_patterns)
    return found


def url_calls(namespace, candidates, urlconf=None):
    """(view name, arguments, URL) of every URL of ``namespace``, once per combination of
    candidate argument values (see :func:`urls`), in the root configuration or ``urlconf``."""
    result = []
    for name, arguments in named_patterns(namespace, urlconf):
        choices = [candidates.get(argument, candidates["*"]) for argument in arguments]
        for values in itertools.product(*choices):
            kwargs = dict(zip(arguments, values, strict=True))
            try:
                url = reverse(f"{namespace}:{name}", kwargs=kwargs, urlconf=urlconf)
            except NoReverseMatch:
                continue
            result.append((f"{namespace}:{name}", kwargs, url))
    return result


def urls(namespace, candidates):
    """Every URL of ``namespace``, once per combination of candidate argument values.

    ``candidates`` maps an argument name (``pk``, ``slug``, ``year``...) to the values to try;
    ``"*"`` gives the values for any other argument name.
    """
    return [(name, url) for name, _kwargs, url in url_calls(namespace, candidates)]


class FormFields(HTMLParser):
    """The fields of the forms on a page with their current values (all checkbox choices)."""

    def __init__(self):
        super().__init__()
        self.fields: dict[str, list[str]] = {}
        self._select = None
        self._textarea = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        name = attributes.get("name")
        if tag == "input" and name:
            if attributes.get("type") in {"checkbox", "radio"}:
                self.fields.setdefault(name, []).append(attributes.get("value") or "on")
            elif attributes.get("type") != "submit":
                self.fields[name] = [attributes.get("value") or ""]
        elif tag == "select" and name:
            self._select = name
            self.fields.setdefault(name, [])
        elif tag == "option" and self._select and not self.fields[self._select]:
            self.fields[self._select] = [attributes.get("value") or ""]
        elif tag == "textarea" and name:
            self._textarea = name
            self.fields[name] = [""]
        elif tag == "button" and name:
            self.fields.setdefault(name, [attributes.get("value") or ""])

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data):
        if self._textarea:
            self.fields[self._textarea] = [self.fields[self._textarea][0] + data]


def plausible_post(html, defaults):
    """A POST body built from the page's forms: their values, blanks filled in sensibly."""
    parser = FormFields()
    parser.feed(html)
    data = {name: list(values) for name, values in defaults.items()}
    for name, values in parser.fields.items():
        filled = [value for value in values if value]
        if filled:
            data[name] = filled
        elif name not in data:
            # Zero points in every cell make a valid (zero-sum) grid; other blanks get a 1.
            data[name] = ["0" if name.startswith("p_") else "1"]
    data.pop("csrfmiddlewaretoken", None)
    return data


def routes(patterns=None, prefix="", namespace=""):
    """Every URL pattern of the site: (its whole route, its name with namespace, its names of
    captured values, the pattern)."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLPattern):
            name = f"{namespace}{pattern.name}" if pattern.name else None
            yield route, name, captured(pattern), pattern
        else:
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from routes(pattern.url_patterns, route, inner)


def captured(pattern):
    converters = getattr(pattern.pattern, "converters", {})
    regex_groups = pattern.pattern.regex.groupindex
    return set(converters) | set(regex_groups)
