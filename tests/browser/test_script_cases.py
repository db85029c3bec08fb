"""The page scripts' copies of the league's rules, run in Chromium on the cases the Python
tests assert too (tests/cases/)."""

import pytest
from django.templatetags.static import static

from tests.cases import cases

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each case's totals and tie-breaks become the lists the script takes, its places an object again.
RUN_PLACES = """async ([url, cases]) => {
  const { places } = await import(url);
  return cases.map((found) => {
    const keys = Object.keys(found.totals);
    const breaks = found.tie_breaks || {};
    const totals = keys.map((key) => found.totals[key]);
    const result = places(totals, keys.map((key) => breaks[key] ?? null));
    return Object.fromEntries(keys.map((key, index) => [key, result[index]]));
  });
}"""


def test_the_points_pages_places_give_every_shared_case(page, live_server):
    # Any page of the site: the module loads from it as the points page loads it (same CSP).
    page.goto(f"{live_server.url}/login/")
    shared = cases("places")
    results = page.evaluate(RUN_PLACES, [static("js/places.js"), shared])
    for case, result in zip(shared, results, strict=True):
        assert result == case["places"], case["name"]
