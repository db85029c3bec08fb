"""What a browser would send from a page's form, read from the page's HTML: every field with
its shown value (a ticked box or chosen option only), as a list per name."""

from html.parser import HTMLParser


class _Forms(HTMLParser):
    def __init__(self):
        super().__init__()
        self.forms: list[dict[str, list[str]]] = []
        self._select = None
        self._textarea = None

    def _add(self, name, value):
        if self.forms:
            self.forms[-1].setdefault(name, []).append(value)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        name = attributes.get("name")
        if tag == "form":
            self.forms.append({})
        elif tag == "input" and name:
            kind = attributes.get("type", "text")
            if kind in {"checkbox", "radio"}:
                self.forms[-1].setdefault(name, [])
                if "checked" in attributes:
                    self._add(name, attributes.get("value") or "on")
            elif kind not in {"submit", "button"}:
                self._add(name, attributes.get("value") or "")
        elif tag == "select" and name:
            self._select = name
            self.forms[-1].setdefault(name, [])
        elif tag == "option" and self._select and "selected" in attributes:
            self._add(self._select, attributes.get("value") or "")
        elif tag == "textarea" and name:
            self._textarea = name
            self._add(name, "")

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data):
        if self._textarea:
            values = self.forms[-1][self._textarea]
            # Django writes a newline after <textarea>, which browsers drop.
            values[-1] = (values[-1] + data).removeprefix("\n")


def form_data(response, having: str | None = None) -> dict[str, list[str]]:
    """The fields of the page's form that has a field named ``having`` (by default the page's
    main form: the one with the most fields; the header's forms have one or two)."""
    parser = _Forms()
    parser.feed(response.content.decode())
    forms = [form for form in parser.forms if having is None or having in form]
    assert forms, f"no form with a field {having!r} on the page"
    return max(forms, key=len)
