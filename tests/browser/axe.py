"""axe-core's findings on a page, as the browser tests assert them."""

from axe_playwright_python.sync_playwright import Axe

#: The impacts a page must not have.
BLOCKING = ("serious", "critical")


def serious_findings(page):
    """The serious and critical findings of axe on ``page``: (rule, first targets) each."""
    violations = Axe().run(page).response["violations"]
    return [
        (violation["id"], [node["target"] for node in violation["nodes"]][:3])
        for violation in violations
        if violation["impact"] in BLOCKING
    ]
